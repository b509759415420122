import { and, desc, eq, gte, lte, ne, sql } from "drizzle-orm";
import { isCrisis } from "../../../common/instruments/scoring.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { evaluationAnswers } from "../../db/schema/content.ts";
import type { FieldCipher } from "../../lib/field-encryption.ts";
import { evaluationScoreAad, openInt } from "../screening/health-values.ts";

/** Course evaluation answers are field-encrypted, bound to their user. */
export function answersAad(userId: string): string {
  return `evaluation_answers.answers:${userId}`;
}

/**
 * The score of the user's newest evaluation of an instrument (any course), when it was answered and
 * its row, or null. `before`: the newest before that stored answer (itself left out), as it was when
 * it came. Answers of the same instant are taken in the order of their ids (as the
 * recommendation's one statement takes them).
 */
export async function previousEvaluationScore(
  db: DbOrTx,
  cipher: FieldCipher,
  userId: string,
  instrument: string,
  before?: { id: string; at: Date },
): Promise<{ id: string; score: number; at: Date } | null> {
  const [row] = await db
    .select({ id: evaluationAnswers.id, score: evaluationAnswers.score, at: evaluationAnswers.createdAt })
    .from(evaluationAnswers)
    .where(
      and(
        eq(evaluationAnswers.userId, userId),
        eq(evaluationAnswers.instrument, instrument),
        ...(before ? [ne(evaluationAnswers.id, before.id), lte(evaluationAnswers.createdAt, before.at)] : []),
      ),
    )
    .orderBy(desc(evaluationAnswers.createdAt), desc(evaluationAnswers.id))
    .limit(1);
  return row ? { id: row.id, score: openInt(cipher, row.score, evaluationScoreAad("score", userId, row.id)), at: row.at } : null;
}

function evaluationCrisisQuery(db: DbOrTx) {
  return db
    .select({ answers: evaluationAnswers.answers })
    .from(evaluationAnswers)
    .where(and(eq(evaluationAnswers.userId, sql.placeholder("userId")), gte(evaluationAnswers.createdAt, sql.placeholder("since"))))
    .prepare("evaluation_crisis_since");
}

/** Whether the user answered PHQ-9 item 9 above 0 in a course evaluation or check-in since `since`. */
export async function evaluationCrisisSince(db: DbOrTx, cipher: FieldCipher, userId: string, since: Date): Promise<boolean> {
  // Prepared (the dashboard's recommendation asks on every render); an ISO instant, exact on every driver.
  const rows = await preparedFor(db, "evaluation_crisis_since", evaluationCrisisQuery).execute({ userId, since: since.toISOString() });
  return evaluationsShowCrisis(cipher, userId, rows.map((row) => row.answers));
}

/** Whether any of the user's sealed evaluation answers has PHQ-9 item 9 above 0. */
export function evaluationsShowCrisis(cipher: FieldCipher, userId: string, sealed: readonly string[]): boolean {
  return sealed.some((answers) => isCrisis(JSON.parse(cipher.decrypt(answers, answersAad(userId))) as Record<string, unknown>));
}
