import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getInstrument } from "../../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../../common/instruments/types.ts";
import { openDatabase, type Database } from "../../../db/client.ts";
import { auditLog } from "../../../db/schema/accounts.ts";
import { evaluationAnswers, moduleProgress } from "../../../db/schema/content.ts";
import { users } from "../../../db/schema/users.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { moduleIdOf, unlockModule } from "../../../testing/courses.ts";
import { hold } from "../../../testing/held-lock.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * Answers to a course evaluation or check-in are a point in the person's history and charts: sent
 * again after an answer that never arrived, or twice at once (a double submit), with the client's
 * `id` they are stored once, the module completed and a crisis recorded once, and the repeat is
 * answered as the first was (`crisis` too). On PostgreSQL the copies are lined up behind a lock on
 * the user's row (testing/held-lock.ts); PGlite runs one statement at a time.
 */
const clock = new FakeClock(Date.UTC(2026, 10, 25, 9, 0, 0));
let app: FastifyInstance;
let holder: Database | null = null;
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
  const databaseUrl = inject("testDatabaseUrl");
  if (databaseUrl) holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app.close();
});

const moduleOf = (courseKey: string, moduleKey: string) => moduleIdOf(app, courseKey, moduleKey);

/** A user to whom the module is open. */
async function answering(moduleId: string): Promise<{ id: string; agent: TestAgent }> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  await unlockModule(app, user.id, moduleId);
  return { id: user.id, agent };
}

const all = (id: InstrumentId, value: number) => Object.fromEntries(getInstrument(id).items.filter((i) => !i.unscored).map((i) => [i.id, value]));
/** GAD-7 answers scoring `score`, filled item by item (each 0–3). */
const gad = (score: number) => Object.fromEntries(getInstrument("gad7").items.map((item, i) => [item.id, Math.max(0, Math.min(3, score - 3 * i))]));

const answer = (agent: TestAgent, moduleId: string, answers: Record<string, number>, id?: string) =>
  agent.post(`/api/v1/evaluations/${moduleId}/`, { answers, ...(id ? { id } : {}) });

async function stored(userId: string) {
  return {
    answers: await app.ctx.db.select({ id: evaluationAnswers.id }).from(evaluationAnswers).where(eq(evaluationAnswers.userId, userId)),
    crises: await app.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.event, "safety.crisis_shown"))),
    progress: await app.ctx.db.select().from(moduleProgress).where(eq(moduleProgress.userId, userId)),
  };
}

/** Runs the requests together; on PostgreSQL held behind the user's row until all of them wait for it. */
async function together(userId: string, requests: () => Promise<LightMyRequestResponse>[], waiters: number): Promise<LightMyRequestResponse[]> {
  if (!holder) return Promise.all(requests());
  // Storing the answers checks the user's row (its foreign key): held, every copy waits there.
  const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update"));
  const sent = Promise.all(requests());
  await held.releaseWhenWaiting(waiters);
  return sent;
}

describe("answers to a course evaluation sent more than once", () => {
  it("are stored once when sent again with their id, the crisis recorded once, and the repeat answered as the first (crisis)", async () => {
    const checkIn = await moduleOf("anxiety", "p2-check");
    const user = await answering(checkIn);
    const before = (await stored(user.id)).progress.length;
    const id = randomUUID();
    const answers = { ...all("gad7", 1), phq9_9: 1 };
    const first = await answer(user.agent, checkIn, answers, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ instrument: "gad7", score: 7, crisis: true, healthcare_advice: true });
    const again = await answer(user.agent, checkIn, answers, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const after = await stored(user.id);
    expect(after.answers).toEqual([{ id }]);
    expect(after.crises).toHaveLength(1);
    expect(after.progress).toHaveLength(before + 1);
  });

  it("are stored once when sent several times at the same moment (a double submit): each copy answered the same", async () => {
    const checkIn = await moduleOf("anxiety", "p2-check");
    const user = await answering(checkIn);
    const id = randomUUID();
    const answers = { ...all("gad7", 2), phq9_9: 2 };
    const answered = await together(user.id, () => Array.from({ length: 3 }, () => answer(user.agent, checkIn, answers, id)), 3);
    expect(answered.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [first, ...rest] = answered.map((a) => a.json() as Record<string, unknown>);
    expect(first).toMatchObject({ score: 14, crisis: true, healthcare_advice: true });
    for (const other of rest) expect(other).toEqual(first);
    const after = await stored(user.id);
    expect(after.answers).toEqual([{ id }]);
    expect(after.crises).toHaveLength(1);
  });

  it("the repeat keeps the advice the first had from a reliable worsening against the answers before it", async () => {
    const evaluation = await moduleOf("anxiety", "p1-gad7");
    const user = await answering(evaluation);
    expect((await answer(user.agent, evaluation, { ...gad(10), phq9_9: 0 })).json()).toMatchObject({ score: 10, healthcare_advice: false });
    // A minute later: the stored answers are then the newest, which the repeat must look past.
    clock.advance(60_000);
    const id = randomUUID();
    const first = await answer(user.agent, evaluation, { ...gad(14), phq9_9: 0 }, id);
    expect(first.json()).toMatchObject({ score: 14, healthcare_advice: true });
    const again = await answer(user.agent, evaluation, { ...gad(14), phq9_9: 0 }, id);
    expect(again.json()).toEqual(first.json());
    expect((await stored(user.id)).answers).toHaveLength(2);
  });

  it("without an id are stored as sent (a client that sends none)", async () => {
    const evaluation = await moduleOf("anxiety", "p1-gad7");
    const user = await answering(evaluation);
    for (let i = 0; i < 2; i++) expect((await answer(user.agent, evaluation, { ...gad(5), phq9_9: 0 })).statusCode).toBe(200);
    expect((await stored(user.id)).answers).toHaveLength(2);
  });

  it("never reach another user's answers, or other answers, through the id (400 body.id); a crisis is still recorded", async () => {
    const checkIn = await moduleOf("anxiety", "p2-check");
    const a = await answering(checkIn);
    const b = await answering(checkIn);
    const id = randomUUID();
    expect((await answer(a.agent, checkIn, { ...all("gad7", 3), phq9_9: 0 }, id)).statusCode).toBe(200);
    const refused = await answer(b.agent, checkIn, { ...all("gad7", 0), phq9_9: 1 }, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(JSON.stringify(refused.json())).not.toContain('"score"');
    expect((await stored(b.id)).answers).toEqual([]);
    expect((await stored(b.id)).crises).toHaveLength(1);
    // The same id with other answers of one's own: refused, never answered with the first ones.
    const changed = await answer(a.agent, checkIn, { ...all("gad7", 0), phq9_9: 0 }, id);
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ fields: { "body.id": "invalid_value" } });
  });

  it("with another user's id leave that user's answers as they were, as stored and as their owner reads them", async () => {
    const checkIn = await moduleOf("anxiety", "p2-check");
    const a = await answering(checkIn);
    const b = await answering(checkIn);
    const id = randomUUID();
    expect((await answer(a.agent, checkIn, { ...all("gad7", 3), phq9_9: 0 }, id)).statusCode).toBe(200);
    const read = await a.agent.get(`/api/v1/evaluations/${checkIn}/`);
    expect(read.json()).toMatchObject({ score: 21 });
    const row = () => app.ctx.db.select().from(evaluationAnswers).where(eq(evaluationAnswers.id, id));
    const before = { row: await row(), progress: (await stored(a.id)).progress };
    expect(before.row).toHaveLength(1);
    const refused = await answer(b.agent, checkIn, { ...all("gad7", 0), phq9_9: 0 }, id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect({ row: await row(), progress: (await stored(a.id)).progress }).toEqual(before);
    expect((await a.agent.get(`/api/v1/evaluations/${checkIn}/`)).body).toBe(read.body);
  });
});
