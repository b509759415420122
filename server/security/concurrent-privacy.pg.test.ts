import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getInstrument, lightScreening } from "../../common/instruments/registry.ts";
import { openDatabase, type Database, type Tx } from "../db/client.ts";
import { auditLog } from "../db/schema/accounts.ts";
import { onboardings, screenings, screeningScores } from "../db/schema/screening.ts";
import { users } from "../db/schema/users.ts";
import { hashOnboardingToken } from "../modules/screening/onboarding-service.ts";
import { CRISIS_EVENT } from "../modules/screening/screening-repository.ts";
import { TestAgent } from "../testing/agent.ts";
import { GOOD_PASSWORD, latestMailTo, linkParam, randomIp, uniqueEmail } from "../testing/accounts.ts";
import { REGISTRATION_AGREEMENTS, VISITOR_CONSENT } from "../testing/consent.ts";
import { hold } from "../testing/held-lock.ts";
import { FakeClock, createTestApp, createTestUser, json, sessionCookieFor } from "../testing/test-app.ts";

/**
 * Privacy's background work meeting a person's writes: the visitor clean-up deleting an expired
 * onboarding while the visitor saves a screening (docs/retention.md), a registration moving the
 * visitor's data into the new account while the visitor saves a screening, and "download my data"
 * taken while a screening is saved. PostgreSQL only; PGlite runs one transaction at a time.
 */

const databaseUrl = inject("testDatabaseUrl");
const clock = new FakeClock(Date.UTC(2026, 10, 30, 11, 0, 0));
let app: FastifyInstance;
let holder: Database;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("the concurrent privacy tests need DATABASE_URL (PostgreSQL)");
  app = await createTestApp({ clock });
  holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app?.close();
});

const lightAnswers = () => Object.fromEntries(lightScreening.map((q) => [q.id, 0]));
const group = (id: "phq9" | "gad7") => ({ answers: Object.fromEntries(getInstrument(id).items.filter((i) => !i.unscored).map((i) => [i.id, 1])) });

async function visitor(): Promise<{ agent: TestAgent; token: string; onboardingId: string }> {
  const agent = new TestAgent(app, randomIp());
  const created = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "en" });
  expect(created.statusCode).toBe(201);
  const token = String(json(created).token);
  const [row] = await app.ctx.db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)));
  if (!row) throw new Error("no onboarding");
  return { agent, token, onboardingId: row.id };
}

/**
 * The visitor clean-up's DELETE of one onboarding (deleteExpiredVisitorData deletes every expired
 * one in one such statement; here only this visitor's, so other files' visitors stay) while `save`
 * runs: the onboarding's row is held (or `holding` locks a row the DELETE's cascade reaches later),
 * the DELETE queues for it, the save queues behind the DELETE.
 */
async function cleanUpWhile(
  onboardingId: string,
  save: () => Promise<{ statusCode: number; body: string }>,
  holding: (tx: Tx) => Promise<unknown> = (tx) => tx.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.id, onboardingId)).for("update"),
) {
  const held = await hold(holder, holding);
  try {
    const cleanUp = app.ctx.db
      .delete(onboardings)
      .where(eq(onboardings.id, onboardingId))
      .returning({ id: onboardings.id })
      .then((rows) => rows.length);
    await held.whenWaiting(1);
    const saved = save();
    await held.releaseWhenWaiting(2);
    return { deleted: await cleanUp, saved: await saved };
  } finally {
    await held.release();
  }
}

describe("the visitor clean-up racing the visitor's screening", () => {
  it("a light screening saved as the onboarding is deleted: 400 onboarding.token_invalid, nothing left", async () => {
    const v = await visitor();
    const { deleted, saved } = await cleanUpWhile(v.onboardingId, () => v.agent.request("POST", "/api/v1/screening/", { answers: lightAnswers() }, { token: v.token }));
    expect(deleted).toBe(1);
    expect([saved.statusCode, (JSON.parse(saved.body) as { code: string }).code]).toEqual([400, "onboarding.token_invalid"]);
    expect(await app.ctx.db.select().from(screenings).where(eq(screenings.onboardingId, v.onboardingId))).toEqual([]);
  });

  it("an extended screening group saved as the onboarding is deleted: 400 onboarding.token_invalid, nothing left", async () => {
    const v = await visitor();
    // Item 9 above 0: a "crisis shown" entry names the onboarding, and goes with it.
    const first = await v.agent.request("POST", "/api/v1/screening-extended/", { groups: { phq9: group("phq9") } }, { token: v.token });
    expect(first.statusCode).toBe(200);
    // Held where the DELETE's cascade arrives after the screenings (the foreign keys cascade in the
    // order they were made): the screening in progress is deleted, not yet committed.
    const { deleted, saved } = await cleanUpWhile(
      v.onboardingId,
      () => v.agent.request("POST", "/api/v1/screening-extended/", { groups: { gad7: group("gad7") } }, { token: v.token }),
      (tx) => tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.onboardingId, v.onboardingId)).for("update"),
    );
    expect(deleted).toBe(1);
    expect([saved.statusCode, (JSON.parse(saved.body) as { code: string }).code]).toEqual([400, "onboarding.token_invalid"]);
    expect(await app.ctx.db.select().from(screenings).where(eq(screenings.onboardingId, v.onboardingId))).toEqual([]);
  });

  it("item 9 above 0 as the onboarding is deleted: 400 onboarding.token_invalid (not a 500 from recording the crisis)", async () => {
    const v = await visitor();
    // The clean-up's DELETE holds the onboarding, uncommitted, while the crisis is recorded: the
    // entry's foreign key waits for it, and finds the onboarding gone once it commits.
    const held = await hold(holder, (tx) => tx.delete(onboardings).where(eq(onboardings.id, v.onboardingId)));
    let saved;
    try {
      const saving = v.agent.request("POST", "/api/v1/screening/", { answers: { ...lightAnswers(), phq9_9: 1 } }, { token: v.token });
      await held.releaseWhenWaiting(1);
      saved = await saving;
    } finally {
      await held.release();
    }
    expect([saved.statusCode, (JSON.parse(saved.body) as { code: string }).code]).toEqual([400, "onboarding.token_invalid"]);
    expect(await app.ctx.db.select().from(auditLog).where(eq(auditLog.onboardingId, v.onboardingId))).toEqual([]);
  });
});

describe("a registration moving the visitor's data while the visitor saves a screening", () => {
  /**
   * The visitor registers by e-mail with their token (claim-onboarding.ts moves the onboarding's
   * screenings and entries into the account, then deletes it) while `save` runs in another tab. The
   * registration is held after it moved the screenings and before it moves the entries (a lock on
   * the onboarding's "crisis shown" entry); the save starts then, and both go on once the save has
   * answered or queues too.
   */
  async function registerWhile(v: { agent: TestAgent; token: string; onboardingId: string }, save: () => Promise<LightMyRequestResponse>) {
    const email = uniqueEmail("claim-race");
    const asked = await v.agent.request("POST", "/api/v1/onboarding/register/email", { email, locale: "en" }, { token: v.token });
    expect(asked.statusCode).toBe(202);
    const code = linkParam((await latestMailTo(app, email)).text, "code");
    const held = await hold(holder, (tx) => tx.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.onboardingId, v.onboardingId)).for("update"));
    try {
      const registering = v.agent.request("POST", "/api/v1/onboarding/complete", { code, password: GOOD_PASSWORD, ...REGISTRATION_AGREEMENTS }, { token: v.token });
      await held.whenWaiting(1);
      const saving = save();
      await held.whenWaitingOrSettled(2, saving);
      await held.release();
      const [registered, saved] = [await registering, await saving];
      expect(registered.statusCode, registered.body).toBe(201);
      const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error("no account");
      return { userId: user.id, saved };
    } finally {
      await held.release();
    }
  }

  /** Saved and answered 200, or refused as after the registration (the token is gone): never a 500. */
  function savedOrRefused(saved: LightMyRequestResponse): boolean {
    if (saved.statusCode === 200) return true;
    expect([saved.statusCode, (JSON.parse(saved.body) as { code: string }).code], saved.body).toEqual([400, "onboarding.token_invalid"]);
    return false;
  }

  const screeningsOf = (userId: string) => app.ctx.db.select({ id: screenings.id, kind: screenings.kind }).from(screenings).where(eq(screenings.userId, userId));

  it("a light screening: moved into the account with the rest when it was answered as saved, nothing left behind", async () => {
    const v = await visitor();
    // Item 9 above 0: a "crisis shown" entry names the onboarding, and moves with it.
    const first = await v.agent.request("POST", "/api/v1/screening/", { answers: { ...lightAnswers(), phq9_9: 1 } }, { token: v.token });
    expect(first.statusCode).toBe(200);
    const { userId, saved } = await registerWhile(v, () => v.agent.request("POST", "/api/v1/screening/", { answers: lightAnswers() }, { token: v.token }));
    const kept = savedOrRefused(saved);
    // A screening answered as saved is the account's now; it was deleted with the onboarding.
    expect(await screeningsOf(userId)).toHaveLength(kept ? 2 : 1);
    expect(await app.ctx.db.select().from(screenings).where(eq(screenings.onboardingId, v.onboardingId))).toEqual([]);
    expect(await app.ctx.db.select().from(onboardings).where(eq(onboardings.id, v.onboardingId))).toEqual([]);
    const crisis = await app.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.event, CRISIS_EVENT)));
    expect(crisis).toHaveLength(1);
  });

  it("a group of the extended screening in progress: no deadlock (not a 500), and the group is the account's when it was answered as saved", async () => {
    const v = await visitor();
    const first = await v.agent.request("POST", "/api/v1/screening-extended/", { groups: { phq9: group("phq9") } }, { token: v.token });
    expect(first.statusCode).toBe(200);
    const { userId, saved } = await registerWhile(v, () =>
      v.agent.request("POST", "/api/v1/screening-extended/", { groups: { gad7: group("gad7") } }, { token: v.token }),
    );
    const kept = savedOrRefused(saved);
    const [extended] = (await screeningsOf(userId)).filter((s) => s.kind === "extended");
    if (!extended) throw new Error("the screening in progress did not move");
    const groups = await app.ctx.db.select({ instrument: screeningScores.instrument }).from(screeningScores).where(eq(screeningScores.screeningId, extended.id));
    expect(groups.map((g) => g.instrument).sort()).toEqual(kept ? ["gad7", "phq9"] : ["phq9"]);
    expect(await app.ctx.db.select().from(screenings).where(eq(screenings.onboardingId, v.onboardingId))).toEqual([]);
  });
});

describe("download my data while a screening is saved", () => {
  it("is one snapshot: a screening saved meanwhile is in it whole or not at all", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app, randomIp());
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    // The export reads the user's tables one by one, screenings before BankID evidence and the
    // scores last: a lock on BankID evidence stops it in between while the screening is saved.
    const held = await hold(holder, (tx) => tx.execute(sql`lock table bankid_evidence in access exclusive mode`));
    let exported;
    try {
      const download = agent.get("/api/v1/me/export/");
      await held.whenWaiting(1);
      expect((await agent.post("/api/v1/screening/", { answers: lightAnswers() })).statusCode).toBe(200);
      await held.release();
      exported = await download;
    } finally {
      await held.release();
    }
    expect(exported.statusCode).toBe(200);
    const tables = json(exported).tables as Record<string, Record<string, unknown>[]>;
    const screeningIds = new Set((tables.screenings ?? []).map((s) => s.id));
    const scoredIds = new Set((tables.screening_scores ?? []).map((s) => s.screening_id));
    expect([...scoredIds].filter((id) => !screeningIds.has(id))).toEqual([]);
    expect([...screeningIds].filter((id) => !scoredIds.has(id))).toEqual([]);
  });
});
