import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worksheetRows } from "../../../db/schema/content.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { unlockModule, worksheetModuleIdOf } from "../../../testing/courses.ts";
import { createTestApp, createTestUser, json, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * The four worksheet endpoints against the project rule: bad input is a 400 `request.invalid`
 * naming the failing field (the path parameter, the body's shape from common/schemas/courses.ts,
 * and a row's values checked against the worksheet's definition), a refused change leaves the row
 * as it was, and a visitor gets 401, a session before the second factor 403.
 */

let app: FastifyInstance;
let records = "";
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
  records = await worksheetModuleIdOf(app, "thought-record");
});
afterAll(async () => {
  await app.close();
});

/** A user to whom the thought record is open (fixture session), verified unless told. */
async function writer(verified = true): Promise<{ id: string; agent: TestAgent }> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified })).split("=")[1] ?? "");
  await unlockModule(app, user.id, records);
  return { id: user.id, agent };
}

const entry = { date: "2026-11-24", situation: "Mötet på jobbet", automatic_thought: "Jag klarar inte det här", emotion: "oro", intensity: 70 };

type Method = "GET" | "POST" | "PATCH" | "DELETE";
interface Case {
  name: string;
  method: Method;
  /** The path with `{module}` for the thought record's module and `{row}` for one of the caller's rows. */
  url: string;
  body?: unknown;
  field: string;
}

const CASES: Case[] = [
  { name: "GET rows of a malformed module", method: "GET", url: "/api/v1/worksheets/thought-record/rows/", field: "params.module" },
  { name: "POST a row to a malformed module", method: "POST", url: "/api/v1/worksheets/thought-record/rows/", body: { values: entry }, field: "params.module" },
  { name: "POST a row without values", method: "POST", url: "/api/v1/worksheets/{module}/rows/", body: { id: randomUUID() }, field: "body.values" },
  { name: "POST a row with a malformed id", method: "POST", url: "/api/v1/worksheets/{module}/rows/", body: { values: entry, id: "row-1" }, field: "body.id" },
  { name: "POST a row whose value breaks the definition", method: "POST", url: "/api/v1/worksheets/{module}/rows/", body: { values: { ...entry, intensity: 101 } }, field: "body.values.intensity" },
  { name: "PATCH a malformed row id", method: "PATCH", url: "/api/v1/worksheets/rows/not-a-uuid/", body: { values: entry }, field: "params.row" },
  { name: "PATCH with a malformed updated_at", method: "PATCH", url: "/api/v1/worksheets/rows/{row}/", body: { values: entry, updated_at: "yesterday" }, field: "body.updated_at" },
  { name: "PATCH with a value that breaks the definition", method: "PATCH", url: "/api/v1/worksheets/rows/{row}/", body: { values: { ...entry, date: "2026-13-45" } }, field: "body.values.date" },
  { name: "PATCH with an unknown field", method: "PATCH", url: "/api/v1/worksheets/rows/{row}/", body: { values: entry, user_id: randomUUID() }, field: "body.user_id" },
  { name: "DELETE a malformed row id", method: "DELETE", url: "/api/v1/worksheets/rows/not-a-uuid/", field: "params.row" },
];

async function rowOf(agent: TestAgent): Promise<string> {
  const added = await agent.post(`/api/v1/worksheets/${records}/rows/`, { values: entry });
  expect(added.statusCode, added.body).toBe(201);
  return (added.json() as { id: string }).id;
}

const storedRows = (userId: string) => app.ctx.db.select().from(worksheetRows).where(eq(worksheetRows.userId, userId));

describe.each(CASES)("$name", (c) => {
  it("answers 400 request.invalid naming the failing field, and changes no row", async () => {
    const { id, agent } = await writer();
    const row = await rowOf(agent);
    const before = await storedRows(id);
    const response = await agent.request(c.method, c.url.replace("{module}", records).replace("{row}", row), c.body);
    expect(response.statusCode, response.body).toBe(400);
    const body = json(response) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("request.invalid");
    expect(Object.keys(body.fields)).toContain(c.field);
    expect(await storedRows(id)).toEqual(before);
  });
});

describe("the worksheet endpoints need a verified session", () => {
  it.each([
    ["GET", "/api/v1/worksheets/{module}/rows/", undefined],
    ["POST", "/api/v1/worksheets/{module}/rows/", { values: entry }],
    ["PATCH", "/api/v1/worksheets/rows/{row}/", { values: { ...entry, situation: "Ändrad" } }],
    ["DELETE", "/api/v1/worksheets/rows/{row}/", undefined],
  ] as const)("%s %s: 401 for a visitor, 403 before the second factor; the owner's rows stay as they were", async (method, url, body) => {
    const owner = await writer();
    const row = await rowOf(owner.agent);
    const before = await storedRows(owner.id);
    const concrete = url.replace("{module}", records).replace("{row}", row);
    const visitor = await new TestAgent(app).request(method, concrete, body);
    expect(visitor.statusCode, visitor.body).toBe(401);
    expect(json(visitor).code).toBe("auth.not_authenticated");
    // The owner's own session, before its second factor (as after a password login).
    const unverified = new TestAgent(app);
    unverified.cookies.set("sessionid", (await sessionCookieFor(app, { id: owner.id, email: "" }, { verified: false })).split("=")[1] ?? "");
    const refused = await unverified.request(method, concrete, body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(json(refused).code).toBe("auth.forbidden");
    expect(await storedRows(owner.id)).toEqual(before);
  });
});
