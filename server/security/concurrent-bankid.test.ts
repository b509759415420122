import { and, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema/accounts.ts";
import { bankidEvidence, bankidIdentities } from "../db/schema/bankid.ts";
import { sessions } from "../db/schema/sessions.ts";
import { personalNumberHash } from "../modules/bankid/personal-number.ts";
import { randomTestPersonalNumber } from "../modules/bankid/simulator/test-identities.ts";
import type { TestAgent } from "../testing/agent.ts";
import { approvedOrder, registerWithBankId } from "../testing/bankid.ts";
import { FakeClock, createTestApp, json } from "../testing/test-app.ts";

/**
 * One approved BankID order polled several times at the same moment (two tabs, a retried poll):
 * every poll read the order as pending and collected "complete", and only the claim
 * (`UPDATE … WHERE status = 'pending'`) decides which of them logs in. Exactly one session, one
 * evidence row and one audit entry may come of it; the other polls answer what a later poll
 * would (the order's final status), never a 500. On PostgreSQL the claims really race on the
 * pool; PGlite runs one transaction at a time, so there the later claims find the order taken.
 * A person's first login on two orders at once is in concurrent-single-use.test.ts.
 */

const POLLS = 6;
const ROUNDS = 3;
const clock = new FakeClock(Date.UTC(2026, 10, 26, 9, 0, 0));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

/** The order's polls, all at once from its browser. */
function pollsAtOnce({
  agent,
  order,
}: {
  agent: TestAgent;
  order: string;
}): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    Array.from({ length: POLLS }, () => agent.post("/api/v1/login/status", { order })),
  );
}

function expectAllAnswered(polls: LightMyRequestResponse[], answer: Record<string, unknown>): void {
  expect(polls.map((r) => [r.statusCode, json(r)])).toEqual(
    Array.from({ length: POLLS }, () => [200, answer]),
  );
}

/** How many of the responses set a session cookie. */
const sessionsStarted = (polls: LightMyRequestResponse[]) =>
  polls.filter((r) => r.cookies.some((c) => c.name.endsWith("sessionid") && c.value !== "")).length;

async function userOf(personalNumber: string): Promise<string> {
  const hash = personalNumberHash(app.ctx, personalNumber);
  const rows = await app.ctx.db
    .select({ userId: bankidIdentities.userId })
    .from(bankidIdentities)
    .where(eq(bankidIdentities.personalNumberHash, hash));
  expect(rows).toHaveLength(1);
  return rows[0]?.userId ?? "";
}

/** The account's sessions, evidence rows and audit entries of each event, to compare before and after. */
async function traces(userId: string): Promise<Record<string, number>> {
  const [sessionRows, evidenceRows, auditRows] = await Promise.all([
    app.ctx.db.select({ id: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId)),
    app.ctx.db
      .select({ id: bankidEvidence.id })
      .from(bankidEvidence)
      .where(eq(bankidEvidence.userId, userId)),
    app.ctx.db.select({ event: auditLog.event }).from(auditLog).where(eq(auditLog.userId, userId)),
  ]);
  const counts: Record<string, number> = {
    sessions: sessionRows.length,
    evidence: evidenceRows.length,
  };
  for (const { event } of auditRows) counts[event] = (counts[event] ?? 0) + 1;
  return counts;
}

const COMPLETE = { status: "complete", hintCode: null, qrData: null };

describe("one approved BankID order polled several times at once", () => {
  it("a login: one session, one evidence row and one login.succeeded; every poll answers complete", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { personalNumber } = await registerWithBankId(app);
      const userId = await userOf(personalNumber);
      const before = await traces(userId);
      const login = await approvedOrder(app, "login", { personalNumber });
      const polls = await pollsAtOnce(login);
      expectAllAnswered(polls, COMPLETE);
      expect(sessionsStarted(polls)).toBe(1);
      const after = await traces(userId);
      expect(after).toEqual({
        ...before,
        sessions: before["sessions"]! + 1,
        evidence: before["evidence"]! + 1,
        "login.succeeded": before["login.succeeded"]! + 1,
      });
      expect(json(await login.agent.get("/api/v1/me/"))).toMatchObject({
        logged_in: true,
        verified: true,
        auth_type: "bankid",
      });
    }
  });

  it("a registration: one account, one session, one evidence row; every poll answers complete", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const personalNumber = randomTestPersonalNumber();
      const registration = await approvedOrder(app, "register", { personalNumber });
      const polls = await pollsAtOnce(registration);
      expectAllAnswered(polls, COMPLETE);
      expect(sessionsStarted(polls)).toBe(1);
      const userId = await userOf(personalNumber);
      expect(await traces(userId)).toEqual({
        sessions: 1,
        evidence: 1,
        "account.created": 1,
        "consent.given": 1,
        "login.succeeded": 1,
      });
      expect(json(await registration.agent.get("/api/v1/me/"))).toMatchObject({
        logged_in: true,
        user_data: { id: userId },
      });
    }
  });

  it("a login without an account: one login.failed entry; every poll answers noAccount", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const login = await approvedOrder(app, "login");
      const polls = await pollsAtOnce(login);
      expectAllAnswered(polls, { status: "failed", hintCode: "noAccount", qrData: null });
      expect(sessionsStarted(polls)).toBe(0);
      const failures = await app.ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.event, "login.failed"), eq(auditLog.ip, login.agent.ip)));
      expect(failures).toHaveLength(1);
    }
  });
});
