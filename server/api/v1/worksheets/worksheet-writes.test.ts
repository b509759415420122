import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "../../../db/client.ts";
import { worksheetRows } from "../../../db/schema/content.ts";
import { users } from "../../../db/schema/users.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { unlockModule, worksheetModuleIdOf } from "../../../testing/courses.ts";
import { hold } from "../../../testing/held-lock.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * What a person wrote in a worksheet survives the ways a write goes wrong between their browser
 * and the database: the same new row sent again (an answer lost on the way back, a double
 * submit: at the same moment too) is stored once, and a change made from an older copy of a row
 * (a second tab, a second device) never overwrites the newer text. On PostgreSQL the racing
 * requests are lined up behind a lock held on a connection of the test's own
 * (testing/held-lock.ts); PGlite runs one statement at a time, and the same answers must come.
 */

// A clock that stands still: two changes in the same millisecond must still be two versions.
const clock = new FakeClock(Date.UTC(2026, 10, 25, 9, 0, 0));
let app: FastifyInstance;
let holder: Database | null = null;
let records = "";
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
  records = await worksheetModuleIdOf(app, "thought-record");
  const databaseUrl = inject("testDatabaseUrl");
  if (databaseUrl) holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app.close();
});

/** A user to whom the thought record is open. */
async function writer(): Promise<{ id: string; agent: TestAgent }> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  await unlockModule(app, user.id, records);
  return { id: user.id, agent };
}

const entry = (situation: string) => ({ date: "2026-11-24", situation, automatic_thought: "Jag klarar inte det här", emotion: "oro", intensity: 70 });

interface RowAnswer {
  id: string;
  values: Record<string, unknown>;
  updated_at: string;
}

async function rowsOf(agent: TestAgent): Promise<RowAnswer[]> {
  return ((await agent.get(`/api/v1/worksheets/${records}/rows/`)).json() as { rows: RowAnswer[] }).rows;
}

const add = (agent: TestAgent, situation: string, id?: string) =>
  agent.post(`/api/v1/worksheets/${records}/rows/`, { values: entry(situation), ...(id ? { id } : {}) });
const change = (agent: TestAgent, row: string, situation: string, updatedAt?: string) =>
  agent.request("PATCH", `/api/v1/worksheets/rows/${row}/`, { values: entry(situation), ...(updatedAt ? { updated_at: updatedAt } : {}) });

/** Runs the requests together; on PostgreSQL held behind `lock` until all of them wait for it. */
async function together(
  requests: () => Promise<LightMyRequestResponse>[],
  lock: (tx: Parameters<Parameters<typeof hold>[1]>[0]) => Promise<unknown>,
  waiters: number,
): Promise<LightMyRequestResponse[]> {
  if (!holder) return Promise.all(requests());
  const held = await hold(holder, lock);
  const sent = Promise.all(requests());
  await held.releaseWhenWaiting(waiters);
  return sent;
}

describe("a new worksheet row sent more than once", () => {
  it("is stored once when sent again with its id (the first answer never arrived): the stored row is answered", async () => {
    const { agent } = await writer();
    const id = randomUUID();
    const first = await add(agent, "Mötet på jobbet", id);
    expect(first.statusCode).toBe(201);
    const again = await add(agent, "Mötet på jobbet", id);
    expect(again.statusCode).toBe(201);
    expect((again.json() as RowAnswer).id).toBe(id);
    expect((await rowsOf(agent)).map((row) => row.id)).toEqual([id]);
  });

  it("is stored once when sent several times at the same moment (a double submit)", async () => {
    const user = await writer();
    const id = randomUUID();
    // The insert checks the user's row (its foreign key): held, every copy waits there.
    const answers = await together(
      () => Array.from({ length: 4 }, () => add(user.agent, "Samtalet med chefen", id)),
      (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update"),
      4,
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => (answer.json() as RowAnswer).id))).toEqual(new Set([id]));
    const stored = await app.ctx.db.select({ id: worksheetRows.id }).from(worksheetRows).where(eq(worksheetRows.userId, user.id));
    expect(stored).toEqual([{ id }]);
  });

  it("never reaches another user's row through its id", async () => {
    const a = await writer();
    const b = await writer();
    const id = randomUUID();
    expect((await add(a.agent, "A:s rad", id)).statusCode).toBe(201);
    const refused = await add(b.agent, "B:s rad", id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(JSON.stringify(refused.json())).not.toContain("A:s rad");
    expect(await rowsOf(b.agent)).toEqual([]);
  });

  it("with another user's id leaves that user's row as it was, as stored and as its owner reads it", async () => {
    const a = await writer();
    const b = await writer();
    const id = randomUUID();
    expect((await add(a.agent, "A:s rad", id)).statusCode).toBe(201);
    const read = await rowsOf(a.agent);
    const row = () => app.ctx.db.select().from(worksheetRows).where(eq(worksheetRows.id, id));
    const stored = await row();
    expect(stored).toHaveLength(1);
    const refused = await add(b.agent, "B:s rad", id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(await row()).toEqual(stored);
    expect(await rowsOf(a.agent)).toEqual(read);
    expect(read.map((r) => r.values.situation)).toEqual(["A:s rad"]);
  });
});

describe("a change made from an older copy of a row", () => {
  it("does not overwrite the newer text (409 worksheet.row_changed); a change from the newest version does", async () => {
    const { agent } = await writer();
    const row = (await add(agent, "Kort")).json() as RowAnswer;
    // Tab B saves a longer text; tab A, still showing the row as it was, saves its own change.
    const longer = "Kort, och sedan allt annat som hände under eftermiddagen och vad jag tänkte om det";
    const newer = await change(agent, row.id, longer, row.updated_at);
    expect(newer.statusCode).toBe(200);
    const stale = await change(agent, row.id, "Kort men ändrad", row.updated_at);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: "worksheet.row_changed" });
    expect((await rowsOf(agent))[0]?.values.situation).toBe(longer);
    // Told, and shown the newer text, the person may still choose to replace it.
    const chosen = await change(agent, row.id, "Kort men ändrad", (newer.json() as RowAnswer).updated_at);
    expect(chosen.statusCode).toBe(200);
    expect((await rowsOf(agent))[0]?.values.situation).toBe("Kort men ändrad");
  });

  it("of a row deleted meanwhile is not found (404), not a conflict", async () => {
    const { agent } = await writer();
    const row = (await add(agent, "Snart borta")).json() as RowAnswer;
    expect((await agent.delete(`/api/v1/worksheets/rows/${row.id}/`)).statusCode).toBe(200);
    expect((await change(agent, row.id, "Ändrad", row.updated_at)).statusCode).toBe(404);
  });

  it("two changes from the same version at the same moment: one is stored, the other refused, never both", async () => {
    const { agent } = await writer();
    const row = (await add(agent, "Början")).json() as RowAnswer;
    const texts = ["Från flik A: en lång text om eftermiddagen", "Från flik B: en annan text"];
    // The row is held: both changes wait at their UPDATE, then go on together.
    const answers = await together(
      () => texts.map((text) => change(agent, row.id, text, row.updated_at)),
      (tx) => tx.select({ id: worksheetRows.id }).from(worksheetRows).where(and(eq(worksheetRows.id, row.id))).for("update"),
      2,
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = texts[answers.findIndex((answer) => answer.statusCode === 200)];
    expect((await rowsOf(agent))[0]?.values.situation).toBe(winner);
  });
});
