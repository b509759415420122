import { PgThrottleStore } from "../throttle/pg-throttle-store.ts";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailCodes } from "../../db/schema/accounts.ts";
import { bankidEvidence, bankidOrders } from "../../db/schema/bankid.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { jobs } from "../../db/schema/ops.ts";
import { FakeClock, createTestApp, createTestUser, type TestApp } from "../../testing/test-app.ts";
import { insertSession, touchSession } from "../sessions/session-repository.ts";
import { hashSessionId } from "../sessions/session-service.ts";
import { consumeEmailCode, createEmailCode } from "../accounts/email-codes.ts";
import { audit } from "../audit/audit.ts";
import { createWorker, type Worker } from "../jobs/worker.ts";
import { ORDER_LIFETIME_MS } from "../bankid/bankid-orders.ts";
import { AUDIT_IP_RETENTION_DAYS, BANKID_ORDER_RETENTION_MS, planRetention, RETENTION_JOB, runRetention } from "./retention.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const clock = new FakeClock(Date.UTC(2031, 0, 1, 0, 30));
let app: TestApp;
let worker: Worker;

beforeAll(async () => {
  // A database of the file's own: the fake clock runs a month ahead, which must not prune other files' rows.
  app = await createTestApp({ clock, isolated: true });
  // The worker as the server wires it (server/app.ts): plan before each poll, run the job.
  worker = createWorker(app.ctx, {
    handlers: { [RETENTION_JOB]: async (c) => void (await runRetention(c)) },
    beforePoll: async (c) => void (await planRetention(c)),
  });
});
afterAll(async () => {
  await app.close();
});

async function auditEntry(ip: string): Promise<number> {
  const userId = null;
  await audit(app.ctx, app.ctx.db, { userId, event: "login.failed", ip, detail: { method: "email" } });
  const [row] = await app.ctx.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.ip, ip));
  if (!row) throw new Error("not written");
  return row.id;
}

async function ipOf(id: number): Promise<string | null | undefined> {
  const [row] = await app.ctx.db.select({ ip: auditLog.ip, event: auditLog.event }).from(auditLog).where(eq(auditLog.id, id));
  expect(row?.event).toBe("login.failed");
  return row?.ip;
}

describe("retention job", () => {
  it(`clears the IP of audit entries older than ${AUDIT_IP_RETENTION_DAYS} days and keeps the entries`, async () => {
    expect(AUDIT_IP_RETENTION_DAYS).toBe(30);
    const old = await auditEntry("203.0.113.1");
    clock.advance(29 * DAY);
    const newer = await auditEntry("203.0.113.2");
    await worker.tick();
    expect(await ipOf(old)).toBe("203.0.113.1");
    clock.advance(DAY + 1);
    await worker.tick();
    expect(await ipOf(old)).toBeNull();
    expect(await ipOf(newer)).toBe("203.0.113.2");
    clock.advance(29 * DAY);
    await worker.tick();
    expect(await ipOf(newer)).toBeNull();
  });

  it("runs once an hour however often workers poll", async () => {
    clock.advance(HOUR);
    const before = await app.ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, RETENTION_JOB));
    const other = createWorker(app.ctx, {
      handlers: { [RETENTION_JOB]: async (c) => void (await runRetention(c)) },
      beforePoll: async (c) => void (await planRetention(c)),
    });
    await Promise.all([worker.tick(), other.tick(), worker.tick()]);
    const after = await app.ctx.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.kind, RETENTION_JOB));
    expect(after.length - before.length).toBe(1);
    expect(after.every((job) => job.status === "done")).toBe(true);
  });

  it("deletes a used e-mail code at once and unused ones when they expire", async () => {
    const email = `codes-${randomUUID()}@example.test`;
    const used = await createEmailCode(app.ctx.db, clock, { purpose: "reset", email, userId: null, locale: "sv" });
    await createEmailCode(app.ctx.db, clock, { purpose: "reset", email, userId: null, locale: "sv" });
    await createEmailCode(app.ctx.db, clock, { purpose: "register", email, userId: null, locale: "sv" });
    const purposes = async () =>
      (await app.ctx.db.select({ purpose: emailCodes.purpose }).from(emailCodes).where(eq(emailCodes.email, email))).map((r) => r.purpose).sort();
    expect(await consumeEmailCode(app.ctx.db, clock, used, "reset")).toMatchObject({ email });
    // The used code is gone, and the other reset code of the address died with it.
    expect(await purposes()).toEqual(["register"]);
    expect(await consumeEmailCode(app.ctx.db, clock, used, "reset")).toBeNull();
    clock.advance(HOUR);
    await worker.tick();
    expect(await purposes()).toEqual(["register"]);
    clock.advance(23 * HOUR);
    await worker.tick();
    expect(await purposes()).toEqual([]);
  });

  it(`deletes BankID orders ${BANKID_ORDER_RETENTION_MS / 60_000} minutes after they expire, with their IP and onboarding token`, async () => {
    const now = clock.now();
    const handleHash = `h-${randomUUID()}`;
    await app.ctx.db.insert(bankidOrders).values({
      handleHash,
      purpose: "register",
      device: "other",
      orderRef: randomUUID(),
      qrStartToken: randomUUID(),
      qrStartSecret: "x",
      bindingHash: "b",
      status: "pending",
      locale: "sv",
      onboardingToken: "visitor-token",
      ip: "203.0.113.9",
      startedAt: now,
      expiresAt: new Date(now.getTime() + ORDER_LIFETIME_MS),
    });
    const left = async () => (await app.ctx.db.select().from(bankidOrders).where(inArray(bankidOrders.handleHash, [handleHash]))).length;
    clock.advance(ORDER_LIFETIME_MS + BANKID_ORDER_RETENTION_MS - 60_000);
    expect((await runRetention(app.ctx)).bankidOrders).toBe(0);
    expect(await left()).toBe(1);
    clock.advance(HOUR);
    await worker.tick();
    expect(await left()).toBe(0);
  });

  it("deletes throttling counters a day after their last attempt, unless a lock still holds", async () => {
    const store = new PgThrottleStore(app.ctx.db);
    const idle = `test:idle-${randomUUID()}`;
    const locked = `test:locked-${randomUUID()}`;
    const policy = { ...app.ctx.policies.pairFailures, lockAfter: 1, lockMs: 2 * DAY };
    await store.consume(idle, clock.now(), app.ctx.policies.pairFailures, false);
    await store.consume(locked, clock.now(), policy, false);
    clock.advance(DAY - 60_000);
    await runRetention(app.ctx);
    expect(await store.read(idle)).not.toBeNull();
    clock.advance(2 * 60_000);
    await runRetention(app.ctx);
    expect(await store.read(idle)).toBeNull();
    expect((await store.read(locked))?.lockedUntil).not.toBeNull();
    clock.advance(DAY);
    await runRetention(app.ctx);
    expect(await store.read(locked)).toBeNull();
  });

  it("deletes sessions past their idle or absolute expiry, with their IP", async () => {
    const user = await createTestUser(app);
    const idle = hashSessionId(`idle-${randomUUID()}`);
    const live = hashSessionId(`live-${randomUUID()}`);
    const now = clock.now();
    for (const idHash of [idle, live]) {
      await insertSession(app.ctx.db, { idHash, userId: user.id, verified: true, createdAt: now, expiresAt: new Date(now.getTime() + 12 * HOUR), ip: "203.0.113.5", userAgent: "test" });
    }
    const left = async () => (await app.ctx.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.idHash);
    clock.advance(app.ctx.env.SESSION_IDLE_MINUTES * 60_000 - 60_000);
    await touchSession(app.ctx.db, live, clock.now());
    clock.advance(2 * 60_000);
    await runRetention(app.ctx);
    expect(await left()).toEqual([live]);
    clock.advance(12 * HOUR);
    await runRetention(app.ctx);
    expect(await left()).toEqual([]);
  });

  it(`clears BankID evidence's device IP after ${AUDIT_IP_RETENTION_DAYS} days and keeps the evidence`, async () => {
    const user = await createTestUser(app, { email: null, authType: "bankid" });
    await app.ctx.db.insert(bankidEvidence).values({ userId: user.id, at: clock.now(), orderRef: randomUUID(), signature: "sig", ocspResponse: "ocsp", deviceIpAddress: "203.0.113.6" });
    const ips = async () => (await app.ctx.db.select({ ip: bankidEvidence.deviceIpAddress }).from(bankidEvidence).where(eq(bankidEvidence.userId, user.id))).map((r) => r.ip);
    clock.advance(AUDIT_IP_RETENTION_DAYS * DAY - HOUR);
    await runRetention(app.ctx);
    expect(await ips()).toEqual(["203.0.113.6"]);
    clock.advance(2 * HOUR);
    await runRetention(app.ctx);
    expect(await ips()).toEqual([null]);
  });
});
