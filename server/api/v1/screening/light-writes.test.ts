import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { lightScreening } from "../../../../common/instruments/registry.ts";
import { openDatabase, type Database } from "../../../db/client.ts";
import { auditLog } from "../../../db/schema/accounts.ts";
import { onboardings, screenings, screeningScores } from "../../../db/schema/screening.ts";
import { users } from "../../../db/schema/users.ts";
import { sealCrisis } from "../../../modules/screening/health-values.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { hold } from "../../../testing/held-lock.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";
import { createVisitor } from "../../../testing/visitors.ts";

/**
 * A light screening is a point in the person's history and charts: sent again after an answer that
 * never arrived, or twice at once (a double submit), with the client's `id` it is stored once, a
 * crisis recorded once, and the repeat answered as the first (`crisis` too). On PostgreSQL the
 * copies are lined up behind a lock on the owner's row (testing/held-lock.ts); PGlite runs one
 * statement at a time.
 */
let app: FastifyInstance;
let holder: Database | null = null;
beforeAll(async () => {
  app = await createTestApp();
  const databaseUrl = inject("testDatabaseUrl");
  if (databaseUrl) holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app.close();
});

interface Owner {
  /** The owner's row (the account, or the visitor's onboarding) and its column in `screenings`. */
  kind: "user" | "visitor";
  id: string;
  send: (answers: Record<string, number>, id?: string) => Promise<LightMyRequestResponse>;
}

async function visitor(): Promise<Owner> {
  const { agent, token, onboardingId } = await createVisitor(app);
  return { kind: "visitor", id: onboardingId, send: (answers, id) => agent.request("POST", "/api/v1/screening/", { answers, ...(id ? { id } : {}) }, { token }) };
}

async function user(): Promise<Owner> {
  const created = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, created)).split("=")[1] ?? "");
  return { kind: "user", id: created.id, send: (answers, id) => agent.post("/api/v1/screening/", { answers, ...(id ? { id } : {}) }) };
}

const light = (value: number, item9 = 0): Record<string, number> => ({ ...Object.fromEntries(lightScreening.map((q) => [q.id, value])), phq9_9: item9 });

async function stored(owner: Owner) {
  const mine = owner.kind === "user" ? eq(screenings.userId, owner.id) : eq(screenings.onboardingId, owner.id);
  const rows = await app.ctx.db.select({ id: screenings.id }).from(screenings).where(mine);
  const scores = await app.ctx.db.select({ id: screeningScores.screeningId }).from(screeningScores).innerJoin(screenings, eq(screenings.id, screeningScores.screeningId)).where(mine);
  const whose = owner.kind === "user" ? eq(auditLog.userId, owner.id) : eq(auditLog.onboardingId, owner.id);
  const crises = await app.ctx.db.select().from(auditLog).where(and(whose, eq(auditLog.event, "safety.crisis_shown")));
  return { screenings: rows, scores: scores.length, crises: crises.length };
}

/** Runs the requests together; on PostgreSQL held behind the owner's row until all of them wait for it. */
async function together(owner: Owner, requests: () => Promise<LightMyRequestResponse>[], waiters: number): Promise<LightMyRequestResponse[]> {
  if (!holder) return Promise.all(requests());
  // Storing a screening takes a share of the owner's row first: held, every copy waits there.
  const held = await hold(holder, (tx) =>
    owner.kind === "user"
      ? tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("update")
      : tx.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.id, owner.id)).for("update"),
  );
  const sent = Promise.all(requests());
  await held.releaseWhenWaiting(waiters);
  return sent;
}

describe.each([
  ["a visitor", visitor],
  ["a user", user],
] as const)("a light screening sent more than once by %s", (_, owner) => {
  it("is stored once when sent again with its id, the crisis recorded once, and the repeat answered as the first (crisis)", async () => {
    const o = await owner();
    const id = randomUUID();
    const first = await o.send(light(2, 1), id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ crisis: true, healthcare_advice: true });
    const again = await o.send(light(2, 1), id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const after = await stored(o);
    expect(after.screenings).toEqual([{ id }]);
    expect(after.scores).toBe((first.json() as { areas: unknown[] }).areas.length);
    expect(after.crises).toBe(1);
  });

  it("is stored once when sent several times at the same moment (a double submit): each copy answered the same", async () => {
    const o = await owner();
    const id = randomUUID();
    const answered = await together(o, () => Array.from({ length: 3 }, () => o.send(light(3, 2), id)), 3);
    expect(answered.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [first, ...rest] = answered.map((a) => a.json() as Record<string, unknown>);
    expect(first).toMatchObject({ crisis: true, healthcare_advice: true });
    for (const other of rest) expect(other).toEqual(first);
    const after = await stored(o);
    expect(after.screenings).toEqual([{ id }]);
    expect(after.crises).toBe(1);
  });

  it("without an id is stored as sent (a client that sends none)", async () => {
    const o = await owner();
    for (let i = 0; i < 2; i++) expect((await o.send(light(1))).statusCode).toBe(200);
    expect((await stored(o)).screenings).toHaveLength(2);
  });

  it("never reaches another owner's screening, or other answers, through the id (400 body.id); a crisis is still recorded", async () => {
    const [a, b] = [await owner(), await owner()];
    const id = randomUUID();
    expect((await a.send(light(3), id)).statusCode).toBe(200);
    const refused = await b.send(light(0, 1), id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(JSON.stringify(refused.json())).not.toContain('"areas"');
    expect(await stored(b)).toEqual({ screenings: [], scores: 0, crises: 1 });
    // Its own id with other answers than it stored: refused too, nothing stored twice.
    const changed = await a.send(light(1), id);
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ fields: { "body.id": "invalid_value" } });
    expect((await stored(a)).screenings).toEqual([{ id }]);
  });

  it("with another owner's id leaves that owner's screening as it was (its answers and scores)", async () => {
    const [a, b] = [await owner(), await owner()];
    const id = randomUUID();
    expect((await a.send(light(3), id)).statusCode).toBe(200);
    const snapshot = async () => ({
      screening: await app.ctx.db.select().from(screenings).where(eq(screenings.id, id)),
      scores: await app.ctx.db.select().from(screeningScores).where(eq(screeningScores.screeningId, id)).orderBy(screeningScores.instrument),
    });
    const before = await snapshot();
    expect(before.screening).toHaveLength(1);
    expect(before.scores).toHaveLength(4);
    const refused = await b.send(light(0), id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses incomplete answers with an id, stores nothing, and still records a crisis answer", async () => {
    const o = await owner();
    const incomplete = light(1, 3);
    delete incomplete.phq9_1;
    const refused = await o.send(incomplete, randomUUID());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.answers.phq9_1": expect.any(String) } });
    expect(await stored(o)).toEqual({ screenings: [], scores: 0, crises: 1 });
  });
});

describe("the light screening's id", () => {
  it("is refused on its field when it is not a UUID", async () => {
    const o = await visitor();
    const response = await o.send(light(1), "not-a-uuid");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": expect.any(String) } });
    expect((await stored(o)).screenings).toEqual([]);
  });

  it("of an extended screening is refused (400 body.id), and that screening is untouched", async () => {
    const o = await visitor();
    const id = randomUUID();
    const now = new Date();
    await app.ctx.db.insert(screenings).values({ id, onboardingId: o.id, kind: "extended", crisis: sealCrisis(app.ctx.cipher, false, id), startedAt: now, updatedAt: now, completedAt: null });
    const response = await o.send(light(1), id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { "body.id": "invalid_value" } });
    expect((await stored(o)).screenings).toEqual([{ id }]);
  });
});
