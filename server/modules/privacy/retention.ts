import { and, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog, throttleCounters } from "../../db/schema/accounts.ts";
import { contactMessages } from "../../db/schema/profile.ts";
import { bankidEvidence, bankidOrders } from "../../db/schema/bankid.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { pruneEmailCodes } from "../accounts/email-codes.ts";
import { enqueue } from "../jobs/job-queue.ts";

/**
 * Retention (docs/retention.md): what is kept how long beyond the life of an account or an
 * onboarding. One job an hour, planned by every worker with the hour as its dedupe key, so it
 * runs once an hour however many instances run (ADR 012); each step is one idempotent statement.
 */

const DAY_MS = 86_400_000;

/**
 * Audit entries keep the client's address this many days; then `ip` is cleared. BankID login
 * evidence keeps the device's address (`device_ip_address`) as long.
 */
export const AUDIT_IP_RETENTION_DAYS = 30;
/** BankID orders (IP, browser binding, a visitor's onboarding token) go this long after they expire. */
export const BANKID_ORDER_RETENTION_MS = 60 * 60_000;
export const RETENTION_JOB = "retention";
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/** Clears the address of audit entries older than AUDIT_IP_RETENTION_DAYS. */
export async function pruneAuditIps(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_IP_RETENTION_DAYS * DAY_MS);
  const rows = await db
    .update(auditLog)
    .set({ ip: null })
    .where(and(isNotNull(auditLog.ip), lte(auditLog.at, cutoff)))
    .returning({ id: auditLog.id });
  return rows.length;
}

/** Clears BankID evidence's device address after AUDIT_IP_RETENTION_DAYS; the signature stays. */
export async function pruneEvidenceIps(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_IP_RETENTION_DAYS * DAY_MS);
  const rows = await db
    .update(bankidEvidence)
    .set({ deviceIpAddress: null })
    .where(and(isNotNull(bankidEvidence.deviceIpAddress), lte(bankidEvidence.at, cutoff)))
    .returning({ id: bankidEvidence.id });
  return rows.length;
}

/**
 * Deletes sessions past their absolute or idle expiry (IP and user agent with them): a session
 * nobody returns to is otherwise only deleted when its cookie is next presented.
 */
export async function pruneExpiredSessions(db: DbOrTx, now: Date, idleMinutes: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, new Date(now.getTime() - idleMinutes * 60_000))))
    .returning({ userId: sessions.userId });
  return rows.length;
}

/** Deletes BankID orders that expired more than BANKID_ORDER_RETENTION_MS ago (finished or not). */
export async function pruneBankIdOrders(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(bankidOrders)
    .where(lte(bankidOrders.expiresAt, new Date(now.getTime() - BANKID_ORDER_RETENTION_MS)))
    .returning({ ref: bankidOrders.orderRef });
  return rows.length;
}

/**
 * Throttling counters (keyed by an HMAC of an address, IP or user id with the source) go a day
 * after their last attempt unless a lock still holds; Redis expires its own after the same day.
 */
export const THROTTLE_COUNTER_RETENTION_MS = DAY_MS;

export async function pruneThrottleCounters(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(throttleCounters)
    .where(
      and(
        lte(throttleCounters.lastAt, new Date(now.getTime() - THROTTLE_COUNTER_RETENTION_MS)),
        or(isNull(throttleCounters.lockedUntil), lte(throttleCounters.lockedUntil, now)),
      ),
    )
    .returning({ key: throttleCounters.key });
  return rows.length;
}

/**
 * Contact messages from visitors (no account, so no deletion removes them) go this long after
 * they were sent: time to answer and to follow up. A user's messages go with the account.
 */
export const VISITOR_CONTACT_RETENTION_DAYS = 180;

export async function pruneVisitorContactMessages(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(contactMessages)
    .where(and(isNull(contactMessages.userId), lte(contactMessages.createdAt, new Date(now.getTime() - VISITOR_CONTACT_RETENTION_DAYS * DAY_MS))))
    .returning({ id: contactMessages.id });
  return rows.length;
}

export interface RetentionResult {
  auditIps: number;
  evidenceIps: number;
  emailCodes: number;
  bankidOrders: number;
  sessions: number;
  throttleCounters: number;
  visitorContactMessages: number;
}

/** One pass of every retention rule at the app clock's time. */
export async function runRetention(ctx: Pick<AppContext, "db" | "clock" | "env">): Promise<RetentionResult> {
  const now = ctx.clock.now();
  return {
    auditIps: await pruneAuditIps(ctx.db, now),
    evidenceIps: await pruneEvidenceIps(ctx.db, now),
    emailCodes: await pruneEmailCodes(ctx.db, now),
    bankidOrders: await pruneBankIdOrders(ctx.db, now),
    sessions: await pruneExpiredSessions(ctx.db, now, ctx.env.SESSION_IDLE_MINUTES),
    throttleCounters: await pruneThrottleCounters(ctx.db, now),
    visitorContactMessages: await pruneVisitorContactMessages(ctx.db, now),
  };
}

/** Queues this hour's retention job (a no-op when another planner already did). */
export async function planRetention(ctx: Pick<AppContext, "db" | "clock">): Promise<boolean> {
  const now = ctx.clock.now();
  const hour = new Date(Math.floor(now.getTime() / RETENTION_INTERVAL_MS) * RETENTION_INTERVAL_MS);
  return enqueue(ctx.db, { kind: RETENTION_JOB, dedupeKey: `${RETENTION_JOB}:${hour.toISOString()}`, payload: {}, runAt: hour });
}
