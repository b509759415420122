import { and, eq, notLike, or } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import { evaluationAnswers } from "../../db/schema/content.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import { evaluationScoreAad, isSealed, screeningCrisisAad, screeningScoreAad, seal } from "./health-values.ts";

/**
 * Data migration 0011 (health_encryption): rows written before scores, bands, severities and the
 * crisis flag were encrypted hold them in plain text (the SQL migration only turned the columns
 * into text; the key is not available to SQL). This encrypts them, in the app, at start-up.
 *
 * Idempotent and safe with several instances at once: it only reads values that are not sealed,
 * and each update is a compare-and-set on the plain values it read, so a row another instance
 * sealed in the meantime is left alone (never encrypted twice). Returns the rows it sealed.
 */
export async function encryptPlainHealthValues(ctx: Pick<AppContext, "db" | "cipher">, batch = 500): Promise<number> {
  const { db, cipher } = ctx;
  const sealIfPlain = (value: string, aad: string) => (isSealed(value) ? value : seal(cipher, value, aad));
  let sealed = 0;

  for (;;) {
    const rows = await db
      .select({ id: screenings.id, crisis: screenings.crisis })
      .from(screenings)
      .where(notLike(screenings.crisis, "v1.%"))
      .limit(batch);
    for (const row of rows) {
      const updated = await db
        .update(screenings)
        .set({ crisis: seal(cipher, row.crisis, screeningCrisisAad(row.id)) })
        .where(and(eq(screenings.id, row.id), eq(screenings.crisis, row.crisis)))
        .returning({ id: screenings.id });
      sealed += updated.length;
    }
    if (rows.length < batch) break;
  }

  for (;;) {
    const rows = await db
      .select({
        id: screeningScores.id,
        screeningId: screeningScores.screeningId,
        instrument: screeningScores.instrument,
        score: screeningScores.score,
        band: screeningScores.band,
        severity: screeningScores.severity,
      })
      .from(screeningScores)
      .where(or(notLike(screeningScores.score, "v1.%"), notLike(screeningScores.band, "v1.%"), notLike(screeningScores.severity, "v1.%")))
      .limit(batch);
    for (const row of rows) {
      const aad = (column: "score" | "band" | "severity") => screeningScoreAad(column, row.screeningId, row.instrument);
      const updated = await db
        .update(screeningScores)
        .set({
          score: sealIfPlain(row.score, aad("score")),
          band: sealIfPlain(row.band, aad("band")),
          severity: sealIfPlain(row.severity, aad("severity")),
        })
        .where(
          and(
            eq(screeningScores.id, row.id),
            eq(screeningScores.score, row.score),
            eq(screeningScores.band, row.band),
            eq(screeningScores.severity, row.severity),
          ),
        )
        .returning({ id: screeningScores.id });
      sealed += updated.length;
    }
    if (rows.length < batch) break;
  }

  for (;;) {
    const rows = await db
      .select({
        id: evaluationAnswers.id,
        userId: evaluationAnswers.userId,
        score: evaluationAnswers.score,
        band: evaluationAnswers.band,
        severity: evaluationAnswers.severity,
      })
      .from(evaluationAnswers)
      .where(or(notLike(evaluationAnswers.score, "v1.%"), notLike(evaluationAnswers.band, "v1.%"), notLike(evaluationAnswers.severity, "v1.%")))
      .limit(batch);
    for (const row of rows) {
      const aad = (column: "score" | "band" | "severity") => evaluationScoreAad(column, row.userId, row.id);
      const updated = await db
        .update(evaluationAnswers)
        .set({
          score: sealIfPlain(row.score, aad("score")),
          band: sealIfPlain(row.band, aad("band")),
          severity: sealIfPlain(row.severity, aad("severity")),
        })
        .where(
          and(
            eq(evaluationAnswers.id, row.id),
            eq(evaluationAnswers.score, row.score),
            eq(evaluationAnswers.band, row.band),
            eq(evaluationAnswers.severity, row.severity),
          ),
        )
        .returning({ id: evaluationAnswers.id });
      sealed += updated.length;
    }
    if (rows.length < batch) break;
  }
  return sealed;
}
