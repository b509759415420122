import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { Clock } from "../../lib/clock.ts";
import { lockUntilCommit } from "../../db/advisory-locks.ts";
import type { DbOrTx } from "../../db/client.ts";
import { emailCodes } from "../../db/schema/accounts.ts";

export type EmailCodePurpose = "register" | "reset" | "email_change";

/** Lifetimes (security baseline): registration and e-mail change 24 h, password reset 1 h. */
export const CODE_TTL_MS: Record<EmailCodePurpose, number> = {
  register: 24 * 3_600_000,
  reset: 3_600_000,
  email_change: 24 * 3_600_000,
};

/** Codes are 256 random bits, base64url: 43 characters. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

export interface EmailCodeRow {
  purpose: EmailCodePurpose;
  email: string;
  userId: string | null;
  locale: Locale;
}

/** Creates a single-use code; only its hash is stored. Returns the code for the e-mail link. */
export async function createEmailCode(db: DbOrTx, clock: Clock, row: EmailCodeRow): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  const now = clock.now();
  await db.insert(emailCodes).values({
    codeHash: hashCode(code),
    ...row,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS[row.purpose]),
  });
  return code;
}

function live(code: string, purpose: EmailCodePurpose, now: Date) {
  return and(
    eq(emailCodes.codeHash, hashCode(code)),
    eq(emailCodes.purpose, purpose),
    isNull(emailCodes.usedAt),
    gt(emailCodes.expiresAt, now),
  );
}

const returned = {
  purpose: emailCodes.purpose,
  email: emailCodes.email,
  userId: emailCodes.userId,
  locale: emailCodes.locale,
};

/** Reads a live code without using it (the link was opened; the form is not yet sent). */
export async function peekEmailCode(
  db: DbOrTx,
  clock: Clock,
  code: string,
  purpose: EmailCodePurpose,
): Promise<EmailCodeRow | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const [row] = await db.select(returned).from(emailCodes).where(live(code, purpose, clock.now())).limit(1);
  return row ?? null;
}

/**
 * Waits until no other transaction is using a code of the same group (purpose and account, or
 * address for registration), up to its commit. A use deletes the whole group: two different
 * codes of one group used at once would each lock their own row and then wait for the other's,
 * a deadlock (40P01). Taking turns instead, the later one finds its code gone: refused as used.
 */
async function lockCodeGroup(db: DbOrTx, purpose: EmailCodePurpose, owner: Pick<EmailCodeRow, "email" | "userId">): Promise<void> {
  const group = owner.userId === null ? `${purpose}:email:${owner.email}` : `${purpose}:user:${owner.userId}`;
  await lockUntilCommit(db, "emailCodeGroup", group);
}

/**
 * Uses a live code, atomically: of two concurrent uses only one succeeds. The row is deleted, so
 * a used code keeps no address (docs/retention.md), and every other outstanding code of the same
 * purpose for the same account (or, for registration, the same address) is deleted with it: an
 * older link never works after a newer one was used. Callers pass their transaction: the group's
 * lock lasts until it ends.
 */
export async function consumeEmailCode(
  db: DbOrTx,
  clock: Clock,
  code: string,
  purpose: EmailCodePurpose,
): Promise<EmailCodeRow | null> {
  const owner = await peekEmailCode(db, clock, code, purpose);
  if (!owner) return null;
  await lockCodeGroup(db, purpose, owner);
  const [row] = await db.delete(emailCodes).where(live(code, purpose, clock.now())).returning(returned);
  if (!row) return null;
  await db
    .delete(emailCodes)
    .where(
      and(
        eq(emailCodes.purpose, purpose),
        row.userId === null ? eq(emailCodes.email, row.email) : eq(emailCodes.userId, row.userId),
      ),
    );
  return row;
}

/**
 * Ends every outstanding code of these purposes for an account (password changed or reset,
 * e-mail address changed): a link mailed before the change no longer works.
 */
export async function revokeEmailCodes(db: DbOrTx, userId: string, purposes: readonly EmailCodePurpose[]): Promise<void> {
  // The groups' locks first, in one order everywhere, as a use of one of the codes takes them:
  // callers revoke before they write the user's row, so a use (code, then row) and a revocation
  // (row, then code) never wait for each other in opposite orders.
  for (const purpose of [...purposes].sort()) await lockCodeGroup(db, purpose, { userId, email: "" });
  await db.delete(emailCodes).where(and(eq(emailCodes.userId, userId), inArray(emailCodes.purpose, [...purposes])));
}

/** Deletes codes past their lifetime (and any marked used): the retention job. */
export async function pruneEmailCodes(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(emailCodes)
    .where(or(lte(emailCodes.expiresAt, now), isNotNull(emailCodes.usedAt)))
    .returning({ purpose: emailCodes.purpose });
  return rows.length;
}

/**
 * Deletes every code of an account being deleted: by user id (reset, e-mail change) and by its
 * address (registration codes name no user).
 */
export async function deleteEmailCodesOf(db: DbOrTx, user: { id: string; email: string | null }): Promise<void> {
  await db
    .delete(emailCodes)
    .where(user.email ? or(eq(emailCodes.userId, user.id), eq(emailCodes.email, user.email.toLowerCase())) : eq(emailCodes.userId, user.id));
}
