import { createHmac } from "node:crypto";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema/accounts.ts";

/** What the audit log records (security baseline): never secrets, answers or addresses. */
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

/** A keyed pseudonym of a user id: stays comparable after the account is deleted. */
export function auditSubject(ctx: AppContext, userId: string): string {
  return createHmac("sha256", ctx.env.SECRET_KEY).update(`audit:${userId}`).digest("base64url").slice(0, 32);
}

/** Appends one entry (who, what, when in UTC, from where). */
export async function audit(
  ctx: AppContext,
  db: DbOrTx,
  entry: { userId: string | null; event: AuditEvent; ip: string | null; detail?: Record<string, string | number | boolean> },
): Promise<void> {
  await db.insert(auditLog).values({
    at: ctx.clock.now(),
    userId: entry.userId,
    subject: entry.userId ? auditSubject(ctx, entry.userId) : null,
    event: entry.event,
    ip: entry.ip,
    detail: entry.detail ?? null,
  });
}
