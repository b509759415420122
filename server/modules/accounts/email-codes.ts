import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { Clock } from "../../app-context.ts";
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

/** Uses a live code, atomically: of two concurrent uses only one succeeds. */
export async function consumeEmailCode(
  db: DbOrTx,
  clock: Clock,
  code: string,
  purpose: EmailCodePurpose,
): Promise<EmailCodeRow | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const now = clock.now();
  const [row] = await db.update(emailCodes).set({ usedAt: now }).where(live(code, purpose, now)).returning(returned);
  return row ?? null;
}
