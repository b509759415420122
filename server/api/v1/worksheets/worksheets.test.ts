import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worksheetRows } from "../../../db/schema/content.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

async function userAgent(verified = true): Promise<TestAgent> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified })).split("=")[1] ?? "");
  return agent;
}

const night = {
  date: "2026-11-20",
  bedtime: "22:30",
  lights_out: "23:00",
  sleep_onset_minutes: 45,
  awake_minutes: 60,
  wake_time: "06:00",
  out_of_bed: "06:45",
};

describe("worksheets", () => {
  it("add, list with computed sleep efficiency, change and delete a row; values are encrypted", async () => {
    const agent = await userAgent();
    const sheet = (await agent.get("/api/v1/worksheets/sleep-diary/")).json() as { rows: unknown[]; definition: { fields: { key: string; required: boolean }[] } };
    expect(sheet.rows).toEqual([]);
    const required = Object.fromEntries(
      sheet.definition.fields.filter((f) => f.required && !(f.key in night)).map((f) => [f.key, 3]),
    );
    const added = await agent.post("/api/v1/worksheets/sleep-diary/rows/", { values: { ...night, ...required } });
    expect(added.statusCode).toBe(201);
    const row = added.json() as { id: string; computed: Record<string, number> };
    expect(row.computed.sleep_efficiency).toBe(64);
    const [stored] = await app.ctx.db.select().from(worksheetRows).where(eq(worksheetRows.id, row.id));
    expect(stored?.values).toMatch(/^v1\./);
    expect(stored?.values).not.toContain("22:30");

    const changed = await agent.request("PUT", `/api/v1/worksheets/sleep-diary/rows/${row.id}/`, { values: { ...night, ...required, awake_minutes: 0 } });
    expect((changed.json() as { computed: Record<string, number> }).computed.sleep_efficiency).toBe(76);
    expect(((await agent.get("/api/v1/worksheets/sleep-diary/")).json() as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await agent.delete(`/api/v1/worksheets/sleep-diary/rows/${row.id}/`)).statusCode).toBe(200);
    expect(((await agent.get("/api/v1/worksheets/sleep-diary/")).json() as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it("names the fields that are wrong (400)", async () => {
    const agent = await userAgent();
    const response = await agent.post("/api/v1/worksheets/sleep-diary/rows/", { values: { bedtime: "25:99", extra: "x" } });
    expect(response.statusCode).toBe(400);
    const fields = Object.keys(response.json().fields as object);
    expect(fields).toContain("body.values.bedtime");
    expect(fields).toContain("body.values.date");
    expect(fields).toContain("body.values.extra");
  });

  it("keep rows private: another user can neither see, change nor delete them", async () => {
    const a = await userAgent();
    const b = await userAgent();
    const sheet = (await a.get("/api/v1/worksheets/thought-record/")).json() as { definition: { fields: { key: string; type: string; required: boolean; min?: number }[] } };
    const values = Object.fromEntries(
      sheet.definition.fields.filter((f) => f.required).map((f) => [f.key, f.type === "scale" || f.type === "number" ? (f.min ?? 0) : f.type === "date" ? "2026-11-20" : f.type === "time" ? "10:00" : "Ett exempel"]),
    );
    const row = (await a.post("/api/v1/worksheets/thought-record/rows/", { values })).json() as { id: string };
    expect(((await b.get("/api/v1/worksheets/thought-record/")).json() as { rows: unknown[] }).rows).toEqual([]);
    expect((await b.request("PUT", `/api/v1/worksheets/thought-record/rows/${row.id}/`, { values })).statusCode).toBe(404);
    expect((await b.delete(`/api/v1/worksheets/thought-record/rows/${row.id}/`)).statusCode).toBe(404);
    expect(((await a.get("/api/v1/worksheets/thought-record/")).json() as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it("need a verified session and the CSRF token; unknown worksheets are 404", async () => {
    expect((await new TestAgent(app).get("/api/v1/worksheets/sleep-diary/")).statusCode).toBe(401);
    expect((await (await userAgent(false)).get("/api/v1/worksheets/sleep-diary/")).statusCode).toBe(403);
    const agent = await userAgent();
    expect((await agent.get("/api/v1/worksheets/no-such-sheet/")).statusCode).toBe(404);
    const noCsrf = await app.inject({ method: "POST", url: "/api/v1/worksheets/sleep-diary/rows/", headers: { cookie: agent.cookieHeader() }, payload: { values: night } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await agent.delete("/api/v1/worksheets/sleep-diary/rows/not-a-uuid/")).statusCode).toBe(400);
  });
});
