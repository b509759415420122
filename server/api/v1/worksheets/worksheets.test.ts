import path from "node:path";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentModules, courseParts, courseSlugs, worksheetRows } from "../../../db/schema/content.ts";
import { worksheetAad } from "../../../modules/courses/worksheet-aad.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { unlockModule, worksheetModuleIdOf } from "../../../testing/courses.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";
import { giveScreening } from "../../../modules/screening/fixture-screening.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

/** A user to whom every worksheet module is open (started, earlier parts done). */
async function userAgent(verified = true, options: { unlocked?: boolean } = {}): Promise<TestAgent> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified })).split("=")[1] ?? "");
  if (options.unlocked ?? true) {
    const sheets = await app.ctx.db.select({ id: contentModules.id }).from(contentModules).where(eq(contentModules.type, "worksheet"));
    for (const sheet of sheets) await unlockModule(app, user.id, sheet.id);
  }
  return agent;
}

/** The id of a worksheet module that uses the worksheet (rows are reached through modules). */
function moduleOf(worksheet: string): Promise<string> {
  return worksheetModuleIdOf(app, worksheet);
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

  it("can only be written for modules the user has unlocked, like the module itself (409)", async () => {
    // A worksheet module of a later part: locked until the earlier parts are done.
    const [late] = await app.ctx.db
      .select({ id: contentModules.id, key: contentModules.key, worksheet: sql<string>`${contentModules.settings}->>'worksheet'`, course: courseSlugs.slug })
      .from(contentModules)
      .innerJoin(courseParts, eq(courseParts.id, contentModules.partId))
      .innerJoin(courseSlugs, eq(courseSlugs.courseId, contentModules.courseId))
      .where(and(eq(contentModules.type, "worksheet"), gt(courseParts.position, 0), eq(courseSlugs.locale, "sv")))
      .orderBy(desc(courseParts.position))
      .limit(1);
    if (!late) throw new Error("no worksheet module in a later part");
    const user = await createTestUser(app);
    await giveScreening(app, user.id);
    const agent = new TestAgent(app);
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const sheet = (await agent.get(`/api/v1/worksheets/${late.id}/rows/`)).json() as { definition: { fields: { key: string; type: string; required: boolean; min?: number; options?: { value: unknown }[] }[] } };
    const values = Object.fromEntries(
      sheet.definition.fields
        .filter((f) => f.required)
        .map((f) => [f.key, f.options?.length ? f.options[0]?.value : f.type === "scale" || f.type === "number" ? (f.min ?? 0) : f.type === "date" ? "2026-11-20" : f.type === "time" ? "10:00" : "Ett exempel"]),
    );
    const add = () => agent.post(`/api/v1/worksheets/${late.id}/rows/`, { values });

    const notStarted = await add();
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().code).toBe("course.not_started");
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: late.course })).statusCode).toBe(200);
    const locked = await add();
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe("course.locked");
    // The module's content is refused the same way.
    expect((await agent.get(`/api/v1/courses/${late.course}/modules/${late.key}/`)).json().code).toBe("course.locked");
    // A row written earlier (before this rule) cannot be changed while the worksheet is locked.
    const [old] = await app.ctx.db
      .insert(worksheetRows)
      .values({ userId: user.id, worksheet: late.worksheet, values: app.ctx.cipher.encrypt(JSON.stringify(values), worksheetAad(user.id)), createdAt: new Date(), updatedAt: new Date() })
      .returning({ id: worksheetRows.id });
    const patch = () => agent.request("PATCH", `/api/v1/worksheets/rows/${old?.id}/`, { values });
    expect((await patch()).json().code).toBe("course.locked");
    const rows = await app.ctx.db.select().from(worksheetRows).where(eq(worksheetRows.userId, user.id));
    expect(rows).toHaveLength(1);

    await unlockModule(app, user.id, late.id);
    expect((await add()).statusCode).toBe(201);
    expect((await patch()).statusCode).toBe(200);
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
