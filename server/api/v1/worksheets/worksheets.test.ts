import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentModules, worksheetRows } from "../../../db/schema/content.ts";
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

/** The id of a worksheet module that uses the worksheet (rows are reached through modules). */
async function moduleOf(worksheet: string): Promise<string> {
  const [row] = await app.ctx.db
    .select({ id: contentModules.id })
    .from(contentModules)
    .where(sql`${contentModules.type} = 'worksheet' and ${contentModules.settings}->>'worksheet' = ${worksheet}`)
    .limit(1);
  if (!row) throw new Error(`no module uses ${worksheet}`);
  return row.id;
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
    const diary = await moduleOf("sleep-diary");
    const sheet = (await agent.get(`/api/v1/worksheets/${diary}/rows/`)).json() as { rows: unknown[]; definition: { fields: { key: string; required: boolean }[] } };
    expect(sheet.rows).toEqual([]);
    const required = Object.fromEntries(
      sheet.definition.fields.filter((f) => f.required && !(f.key in night)).map((f) => [f.key, 3]),
    );
    const added = await agent.post(`/api/v1/worksheets/${diary}/rows/`, { values: { ...night, ...required } });
    expect(added.statusCode).toBe(201);
    const row = added.json() as { id: string; computed: Record<string, number> };
    expect(row.computed.sleep_efficiency).toBe(64);
    const [stored] = await app.ctx.db.select().from(worksheetRows).where(eq(worksheetRows.id, row.id));
    expect(stored?.values).toMatch(/^v1\./);
    expect(stored?.values).not.toContain("22:30");

    const changed = await agent.request("PATCH", `/api/v1/worksheets/rows/${row.id}/`, { values: { ...night, ...required, awake_minutes: 0 } });
    expect((changed.json() as { computed: Record<string, number> }).computed.sleep_efficiency).toBe(76);
    expect(((await agent.get(`/api/v1/worksheets/${diary}/rows/`)).json() as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await agent.delete(`/api/v1/worksheets/rows/${row.id}/`)).statusCode).toBe(200);
    expect(((await agent.get(`/api/v1/worksheets/${diary}/rows/`)).json() as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it("names the fields that are wrong (400)", async () => {
    const agent = await userAgent();
    const response = await agent.post(`/api/v1/worksheets/${await moduleOf("sleep-diary")}/rows/`, { values: { bedtime: "25:99", extra: "x" } });
    expect(response.statusCode).toBe(400);
    const fields = Object.keys(response.json().fields as object);
    expect(fields).toContain("body.values.bedtime");
    expect(fields).toContain("body.values.date");
    expect(fields).toContain("body.values.extra");
  });

  it("keep rows private: another user can neither see, change nor delete them", async () => {
    const a = await userAgent();
    const b = await userAgent();
    const records = await moduleOf("thought-record");
    const sheet = (await a.get(`/api/v1/worksheets/${records}/rows/`)).json() as { definition: { fields: { key: string; type: string; required: boolean; min?: number }[] } };
    const values = Object.fromEntries(
      sheet.definition.fields.filter((f) => f.required).map((f) => [f.key, f.type === "scale" || f.type === "number" ? (f.min ?? 0) : f.type === "date" ? "2026-11-20" : f.type === "time" ? "10:00" : "Ett exempel"]),
    );
    const row = (await a.post(`/api/v1/worksheets/${records}/rows/`, { values })).json() as { id: string };
    expect(((await b.get(`/api/v1/worksheets/${records}/rows/`)).json() as { rows: unknown[] }).rows).toEqual([]);
    expect((await b.request("PATCH", `/api/v1/worksheets/rows/${row.id}/`, { values })).statusCode).toBe(404);
    expect((await b.delete(`/api/v1/worksheets/rows/${row.id}/`)).statusCode).toBe(404);
    expect(((await a.get(`/api/v1/worksheets/${records}/rows/`)).json() as { rows: unknown[] }).rows).toHaveLength(1);
    // The old PUT is gone: rows change with PATCH only.
    expect((await a.request("PUT", `/api/v1/worksheets/rows/${row.id}/`, { values })).statusCode).toBe(405);
  });

  it("need a verified session and the CSRF token; unknown and non-worksheet modules are 404, malformed ids 400", async () => {
    const diary = await moduleOf("sleep-diary");
    expect((await new TestAgent(app).get(`/api/v1/worksheets/${diary}/rows/`)).statusCode).toBe(401);
    expect((await (await userAgent(false)).get(`/api/v1/worksheets/${diary}/rows/`)).statusCode).toBe(403);
    const agent = await userAgent();
    expect((await agent.get(`/api/v1/worksheets/${crypto.randomUUID()}/rows/`)).statusCode).toBe(404);
    const [text] = await app.ctx.db.select({ id: contentModules.id }).from(contentModules).where(eq(contentModules.type, "text")).limit(1);
    expect((await agent.get(`/api/v1/worksheets/${text?.id}/rows/`)).statusCode).toBe(404);
    const noCsrf = await app.inject({ method: "POST", url: `/api/v1/worksheets/${diary}/rows/`, headers: { cookie: agent.cookieHeader() }, payload: { values: night } });
    expect(noCsrf.statusCode).toBe(403);
    const malformed = await agent.delete("/api/v1/worksheets/rows/not-a-uuid/");
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().fields as object)).toContain("params.row");
    expect((await agent.request("PATCH", `/api/v1/worksheets/rows/${crypto.randomUUID()}/`, { values: night })).statusCode).toBe(404);
  });
});
