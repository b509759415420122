import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { safetyChecks } from "../../db/schema/content.ts";
import type { FieldCipher } from "../../lib/field-encryption.ts";
import { openText, seal } from "../screening/health-values.ts";

/** Safety-check answers are field-encrypted, bound to their user; the outcome to its row too. */
export function safetyAnswersAad(userId: string): string {
  return `safety_checks.answers:${userId}`;
}

export function safetyOutcomeAad(userId: string, id: string): string {
  return `safety_checks.outcome:${userId}:${id}`;
}

export type CheckOutcome = "clear" | "withheld";

export interface StoredCheck {
  answers: Record<string, number>;
  outcome: CheckOutcome;
  createdAt: Date;
}

/** The user's newest answers to a safety check, decrypted, or null. */
export async function latestCheck(db: DbOrTx, cipher: FieldCipher, userId: string, check: string): Promise<StoredCheck | null> {
  const [row] = await db
    .select()
    .from(safetyChecks)
    .where(and(eq(safetyChecks.userId, userId), eq(safetyChecks.check, check)))
    .orderBy(desc(safetyChecks.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    answers: JSON.parse(cipher.decrypt(row.answers, safetyAnswersAad(userId))) as Record<string, number>,
    outcome: openText(cipher, row.outcome, safetyOutcomeAad(userId, row.id)) as CheckOutcome,
    createdAt: row.createdAt,
  };
}

export async function insertCheck(
  db: DbOrTx,
  cipher: FieldCipher,
  input: { id: string; userId: string; check: string; answers: Record<string, number>; outcome: CheckOutcome; at: Date },
): Promise<void> {
  await db.insert(safetyChecks).values({
    id: input.id,
    userId: input.userId,
    check: input.check,
    answers: cipher.encrypt(JSON.stringify(input.answers), safetyAnswersAad(input.userId)),
    outcome: seal(cipher, input.outcome, safetyOutcomeAad(input.userId, input.id)),
    createdAt: input.at,
  });
}
