import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getInstrument, lightScreening } from "../../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../../common/instruments/types.ts";
import type { ExtendedScreening } from "../../../../common/schemas/screening.ts";
import { openDatabase, type Database } from "../../../db/client.ts";
import { auditLog } from "../../../db/schema/accounts.ts";
import { onboardings, screenings, screeningScores } from "../../../db/schema/screening.ts";
import { hold } from "../../../testing/held-lock.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { createVisitor } from "../../../testing/visitors.ts";

/**
 * The extended screening's save that completes it, sent again (a retry after an answer that never
 * arrived, a double submit), with the screening's `id` is answered with its results: before, the
 * repeat found the screening completed and started a new one holding that group, and the person saw
 * "1 of 4" instead of their results. On PostgreSQL the copies are lined up behind a lock on the
 * visitor's onboarding (testing/held-lock.ts); PGlite runs one statement at a time.
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

type Groups = Record<string, { answers: Record<string, number> }>;

/** Every scored item of a questionnaire answered `value`; PHQ-9 item 9 answered `item9`. */
function group(id: InstrumentId, value: number, item9 = 0): Groups {
  const items = getInstrument(id).items.filter((item) => !item.unscored);
  return { [id]: { answers: Object.fromEntries(items.map((item) => [item.id, item.id === "phq9_9" ? item9 : value])) } };
}

async function visitor() {
  const { agent, token, onboardingId } = await createVisitor(app);
  const send = (groups: Groups, id?: string) => agent.request("POST", "/api/v1/screening-extended/", { groups, ...(id ? { id } : {}) }, { token });
  const save = async (groups: Groups, id?: string) => {
    const response = await send(groups, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ExtendedScreening;
  };
  const light = (id: string) => agent.request("POST", "/api/v1/screening/", { answers: { ...Object.fromEntries(lightScreening.map((q) => [q.id, 1])), phq9_9: 0 }, id }, { token });
  const stored = async () => ({
    screenings: await app.ctx.db
      .select({ id: screenings.id, completedAt: screenings.completedAt })
      .from(screenings)
      .where(and(eq(screenings.onboardingId, onboardingId), eq(screenings.kind, "extended"))),
    crises: (await app.ctx.db.select().from(auditLog).where(and(eq(auditLog.onboardingId, onboardingId), eq(auditLog.event, "safety.crisis_shown")))).length,
  });
  return { onboardingId, send, save, light, stored };
}

/** Three groups saved into a screening with the client's id; the fourth (PHQ-9, item 9 at 1) completes it. */
async function allButLast(v: Awaited<ReturnType<typeof visitor>>): Promise<string> {
  const id = randomUUID();
  const first = await v.save(group("gad7", 1), id);
  expect(first.id).toBe(id);
  await v.save(group("pss10", 2), first.id ?? undefined);
  await v.save(group("miss", 1), first.id ?? undefined);
  return id;
}

describe("the save that completes the extended screening, sent again", () => {
  it("is answered with the results (the crisis too), stores nothing more and records the crisis once", async () => {
    const v = await visitor();
    const id = await allButLast(v);
    const done = await v.save(group("phq9", 1, 1), id);
    expect(done).toMatchObject({ id, crisis: true, results: { healthcare_advice: true } });
    const again = await v.save(group("phq9", 1, 1), id);
    expect(again).toEqual(done);
    const after = await v.stored();
    expect(after.screenings).toHaveLength(1);
    expect(after.screenings[0]?.completedAt).not.toBeNull();
    expect(after.crises).toBe(1);
  });

  it("at the same moment (a double submit): each copy answered with the results, one screening", async () => {
    const v = await visitor();
    const id = await allButLast(v);
    const send = () => [0, 1, 2].map(() => v.send(group("phq9", 2), id));
    let answered: LightMyRequestResponse[];
    if (holder) {
      // A save takes the owner's screening lock, then the onboarding's row: held, the first copy
      // waits on the row and the others on the first.
      const held = await hold(holder, (tx) => tx.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.id, v.onboardingId)).for("update"));
      const sent = Promise.all(send());
      await held.releaseWhenWaiting(3);
      answered = await sent;
    } else answered = await Promise.all(send());
    expect(answered.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const [first, ...rest] = answered.map((a) => a.json() as ExtendedScreening);
    expect(first?.results).not.toBeNull();
    expect(first?.id).toBe(id);
    for (const other of rest) expect(other).toEqual(first);
    expect((await v.stored()).screenings).toHaveLength(1);
  });

  it("without an id starts a new screening, as before (a client that sends none)", async () => {
    const v = await visitor();
    const id = await allButLast(v);
    await v.save(group("phq9", 1), id);
    const again = await v.save(group("phq9", 1));
    expect(again.results).toBeNull();
    expect(again.id).not.toBe(id);
    expect((await v.stored()).screenings).toHaveLength(2);
  });

  it("with other answers (a stale tab) starts a new screening that keeps them; a fresh id starts one with that id", async () => {
    const v = await visitor();
    const id = await allButLast(v);
    await v.save(group("phq9", 1), id);
    const other = await v.save(group("phq9", 2), id);
    expect(other.results).toBeNull();
    expect(other.id).not.toBe(id);
    expect(other.groups.find((g) => g.id === "phq9")?.completed).toBe(true);
    // Answered again from the results: the client's new id.
    const v2 = await visitor();
    const first = await allButLast(v2);
    await v2.save(group("phq9", 1), first);
    const fresh = randomUUID();
    const restarted = await v2.save(group("phq9", 1), fresh);
    expect(restarted).toMatchObject({ id: fresh, results: null });
    expect((await v2.stored()).screenings.map((s) => s.id).sort()).toEqual([first, fresh].sort());
  });

  it("never reaches another owner's screening or a light screening through the id (400 body.id)", async () => {
    const [a, b] = [await visitor(), await visitor()];
    const id = await allButLast(a);
    await a.save(group("phq9", 1), id);
    const refused = await b.send(group("phq9", 1, 1), id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(await b.stored()).toEqual({ screenings: [], crises: 1 });
    const lightId = randomUUID();
    expect((await b.light(lightId)).statusCode).toBe(200);
    const light = await b.send(group("gad7", 1), lightId);
    expect(light.statusCode).toBe(400);
    expect(light.json()).toMatchObject({ fields: { "body.id": "invalid_value" } });
    expect((await b.stored()).screenings).toEqual([]);
  });

  it("with another owner's id adds nothing to that owner's unfinished screening, which its owner then completes with its own answers", async () => {
    const [a, b] = [await visitor(), await visitor()];
    const id = await allButLast(a);
    const snapshot = async () => ({
      screening: await app.ctx.db.select().from(screenings).where(eq(screenings.id, id)),
      scores: await app.ctx.db.select().from(screeningScores).where(eq(screeningScores.screeningId, id)).orderBy(screeningScores.instrument),
    });
    const before = await snapshot();
    expect(before.screening[0]?.completedAt).toBeNull();
    expect(before.scores.map((s) => s.instrument)).toEqual(["gad7", "miss", "pss10"]);
    const refused = await b.send(group("phq9", 3, 1), id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "request.invalid", fields: { "body.id": "invalid_value" } });
    expect(await snapshot()).toEqual(before);
    const done = await a.save(group("phq9", 2), id);
    expect(done.id).toBe(id);
    expect(done.crisis).toBe(false);
    expect(done.results?.areas.find((area) => area.instrument === "phq9")?.score).toBe(16);
  });
});
