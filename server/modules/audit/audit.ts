import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/accounts.ts";

/** What the audit log records (security baseline): never secrets or answers. */
export type AuditEvent =
  | "account.created"
  | "account.deleted"
  | "login.succeeded"
  | "login.failed"
  | "twofa.enabled"
  | "twofa.disabled"
  | "twofa.verified"
  | "twofa.failed"
  | "twofa.recovery_code_used"
  | "password.changed"
  | "password.reset"
  | "consent.given"
  | "consent.withdrawn"
  | "data.exported"
  | "email.changed"
  | "sessions.ended_others"
  | "logout"
  | "safety.crisis_shown";

/**
 * Appends one entry (who, what, when in UTC, from where). A visitor's entry names their
 * onboarding, so it is deleted when the onboarding expires or moves to the account they create.
 */
export async function audit(
  ctx: AppContext,
  db: DbOrTx,
  entry: {
    userId: string | null;
    onboardingId?: string | null;
    event: AuditEvent;
    ip: string | null;
    detail?: Record<string, string | number | boolean>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    at: ctx.clock.now(),
    userId: entry.userId,
    onboardingId: entry.onboardingId ?? null,
    event: entry.event,
    ip: entry.ip,
    detail: entry.detail ?? null,
  });
}

/** The start of the UTC day of `date`: anonymous entries carry no finer time. */
export function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * An entry that names no one (no user, onboarding or address, the day instead of the time):
 * what stays of a deleted account for accountability, and nothing that links it to the person.
 */
export async function auditAnonymous(
  ctx: AppContext,
  db: DbOrTx,
  entry: { event: AuditEvent; detail?: Record<string, string | number | boolean> },
): Promise<void> {
  await db.insert(auditLog).values({
    at: utcDay(ctx.clock.now()),
    userId: null,
    onboardingId: null,
    event: entry.event,
    ip: null,
    detail: entry.detail ?? null,
  });
}
