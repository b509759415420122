import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../../../common/auth/terms.ts";
import { lightScreening } from "../../../../common/instruments/registry.ts";
import { consents } from "../../../db/schema/accounts.ts";
import { contentModules, evaluationAnswers } from "../../../db/schema/content.ts";
import { onboardings, screenings } from "../../../db/schema/screening.ts";
import { users } from "../../../db/schema/users.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { answersAad } from "../../../modules/courses/evaluation-repository.ts";
import { deleteExpiredVisitorData } from "../../../modules/screening/cleanup.ts";
import { sealEvaluationScore } from "../../../modules/screening/health-values.ts";
import { hashOnboardingToken } from "../../../modules/screening/onboarding-service.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { registerWithBankId } from "../../../testing/bankid.ts";
import { codeFor, latestMailTo, linkParam, randomIp, uniqueEmail, GOOD_PASSWORD } from "../../../testing/accounts.ts";
import { createTestApp, createTestUser, FakeClock, sessionCookieFor } from "../../../testing/test-app.ts";
import { VISITOR_CONSENT, ACCOUNT_AGREEMENTS } from "../../../testing/consent.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const answers = (prefix: string, items: number, value: number) =>
  Object.fromEntries(Array.from({ length: items }, (_, i) => [`${prefix}_${i + 1}`, value]));

async function screenedVisitor(): Promise<{ agent: TestAgent; token: string }> {
  const agent = new TestAgent(app, randomIp());
  const { token } = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
  const call = (url: string, body: unknown) => agent.request("POST", url, body, { token });
  const light = Object.fromEntries(lightScreening.map((q) => [q.id, 1]));
  expect((await call("/api/v1/screening/", { answers: { ...light, phq9_9: 0 } })).statusCode).toBe(200);
  for (const [group, items] of [["phq9", 9], ["gad7", 7], ["pss10", 10], ["miss", 3]] as const) {
    expect((await call("/api/v1/screening-extended/", { groups: { [group]: { answers: answers(group, items, 1) } } })).statusCode).toBe(200);
  }
  return { agent, token };
}

/** Registration by e-mail with the onboarding token header, up to a verified session. */
async function register(agent: TestAgent, token: string): Promise<string> {
  const email = uniqueEmail("claim");
  await agent.request("POST", "/api/v1/onboarding/register/email", { email, locale: "sv" }, { token });
  const code = linkParam((await latestMailTo(app, email)).text, "code");
  const done = await agent.request(
    "POST",
    "/api/v1/onboarding/complete",
    { code, password: GOOD_PASSWORD, terms_version: CURRENT_TERMS_VERSION, accept_terms: true, consent_health_data: true, ...ACCOUNT_AGREEMENTS },
    { token },
  );
  expect(done.statusCode).toBe(201);
  const setup = (await agent.get("/api/v1/twofa/")).json() as { secret: string };
  expect((await agent.post("/api/v1/twofa/", { code: codeFor(app, setup.secret) })).statusCode).toBe(200);
  return email;
}

describe("from visitor to user", () => {
  it("registration moves the screenings and consent into the account, deletes the token, and shows them in the history", async () => {
    const { agent, token } = await screenedVisitor();
    const email = await register(agent, token);

    expect((await agent.post("/api/v1/onboarding/valid", { token })).statusCode).toBe(400);
    expect(await app.ctx.db.select().from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)))).toEqual([]);

    const history = (await agent.get("/api/v1/me/evaluation-history/")).json() as { series: { instrument: string; area: string; points: { at: number; score: number; band: string }[] }[] };
    const byInstrument = Object.fromEntries(history.series.map((s) => [s.instrument, s]));
    expect(Object.keys(byInstrument).sort()).toEqual(["gad2", "gad7", "miss", "phq2", "phq9", "pss10", "pss4"]);
    // Every PHQ-9 item answered 1, item 9 too: the point is marked.
    expect(byInstrument.phq9?.points).toEqual([{ at: expect.any(Number), score: 9, band: "mild", source: "screening", crisis: true }]);
    expect(byInstrument.miss?.points).toHaveLength(2);

    const extended = (await agent.get("/api/v1/screening-extended/")).json() as { results: { areas: unknown[] } | null };
    expect(extended.results?.areas).toHaveLength(4);
    const recommended = (await agent.get("/api/v1/recommended-courses/")).json() as { based_on: string };
    expect(recommended.based_on).toBe("extended");
    // The screenings brought from onboarding count: the new user may start a course (rule S1).
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).statusCode).toBe(200);

    // The visitor's consent moved in next to the registration's own.
    const [account] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const healthConsents = await app.ctx.db.select().from(consents).where(and(eq(consents.userId, account?.id ?? ""), eq(consents.kind, "health_data")));
    expect(healthConsents).toHaveLength(2);
  });

  it("BankID registration with the onboarding token moves the screenings in too and deletes the token", async () => {
    const { token } = await screenedVisitor();
    const { agent } = await registerWithBankId(app, { headers: { token } });
    expect(await app.ctx.db.select().from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)))).toEqual([]);
    const history = (await agent.get("/api/v1/me/evaluation-history/")).json() as { series: { instrument: string }[] };
    expect(history.series.map((s) => s.instrument).sort()).toEqual(["gad2", "gad7", "miss", "phq2", "phq9", "pss10", "pss4"]);
  });

  it("the history includes course evaluations; another user sees none of it; a visitor gets 401, an unverified session 403", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app);
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const [module] = await app.ctx.db.select({ id: contentModules.id, courseId: contentModules.courseId }).from(contentModules).where(eq(contentModules.type, "evaluation")).limit(1);
    if (!module) throw new Error("content has no evaluation module");
    const rowId = randomUUID();
    await app.ctx.db.insert(evaluationAnswers).values({
      id: rowId,
      userId: user.id,
      courseId: module.courseId,
      moduleId: module.id,
      instrument: "gad7",
      answers: app.ctx.cipher.encrypt("{}", answersAad(user.id)),
      ...sealEvaluationScore(app.ctx.cipher, { score: 8, band: "mild", severity: 1 }, user.id, rowId),
      createdAt: new Date("2026-11-01T10:00:00Z"),
    });
    const history = (await agent.get("/api/v1/me/evaluation-history/")).json() as { series: unknown[] };
    expect(history.series).toEqual([
      { instrument: "gad7", area: "anxiety", max: 21, points: [{ at: Date.parse("2026-11-01T10:00:00Z") / 1000, score: 8, band: "mild", source: "course", crisis: false }] },
    ]);

    const other = await createTestUser(app);
    const otherAgent = new TestAgent(app);
    otherAgent.cookies.set("sessionid", (await sessionCookieFor(app, other)).split("=")[1] ?? "");
    expect((await otherAgent.get("/api/v1/me/evaluation-history/")).json()).toEqual({ series: [] });

    expect((await new TestAgent(app).get("/api/v1/me/evaluation-history/")).statusCode).toBe(401);
    const unverified = new TestAgent(app);
    unverified.cookies.set("sessionid", (await sessionCookieFor(app, other, { verified: false })).split("=")[1] ?? "");
    expect((await unverified.get("/api/v1/me/evaluation-history/")).statusCode).toBe(403);
  });
});

describe("visitor data clean-up", () => {
  it("deletes onboardings older than 30 days with their screenings, and keeps newer ones", async () => {
    const clock = new FakeClock(Date.parse("2026-01-01T00:00:00Z"));
    const old = await createTestApp({ clock });
    try {
      const agent = new TestAgent(old, randomIp());
      const { token } = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
      const light = Object.fromEntries(lightScreening.map((q) => [q.id, 0]));
      expect((await agent.request("POST", "/api/v1/screening/", { answers: light }, { token })).statusCode).toBe(200);
      const [row] = await old.ctx.db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)));
      if (!row) throw new Error("no onboarding");

      clock.advance(30 * 86_400_000 - 1000);
      const fresh = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
      await deleteExpiredVisitorData(old.ctx);
      expect(await old.ctx.db.select().from(onboardings).where(eq(onboardings.id, row.id))).toHaveLength(1);
      expect((await agent.post("/api/v1/onboarding/valid", { token })).statusCode).toBe(200);

      clock.advance(1000);
      expect((await agent.post("/api/v1/onboarding/valid", { token })).statusCode).toBe(400);
      expect(await deleteExpiredVisitorData(old.ctx)).toBeGreaterThanOrEqual(1);
      expect(await old.ctx.db.select().from(onboardings).where(eq(onboardings.id, row.id))).toEqual([]);
      expect(await old.ctx.db.select().from(screenings).where(and(eq(screenings.onboardingId, row.id)))).toEqual([]);
      expect((await agent.post("/api/v1/onboarding/valid", { token: fresh.token })).statusCode).toBe(200);
    } finally {
      await old.close();
    }
  });
});
