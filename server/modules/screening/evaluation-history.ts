import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../common/instruments/types.ts";
import type { EvaluationHistory } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { evaluationAnswers } from "../../db/schema/content.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import { evaluationScoreAad, openInt, openText, screeningScoreAad } from "./health-values.ts";

interface Point {
  instrument: string;
  at: Date;
  score: number;
  band: string;
  source: "screening" | "course";
}

/** Groups points into one series per instrument, oldest point first, series in instrument order. */
export function toSeries(points: readonly Point[]): EvaluationHistory["series"] {
  const byInstrument = new Map<InstrumentId, Point[]>();
  for (const point of points) {
    if (!isInstrumentId(point.instrument)) continue;
    const list = byInstrument.get(point.instrument) ?? [];
    list.push(point);
    byInstrument.set(point.instrument, list);
  }
  return [...byInstrument].map(([id, list]) => {
    const instrument = getInstrument(id);
    return {
      instrument: id,
      area: instrument.area,
      max: instrument.maxScore,
      points: [...list]
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .map((p) => ({ at: Math.floor(p.at.getTime() / 1000), score: p.score, band: p.band, source: p.source })),
    };
  });
}

function screeningHistoryQuery(db: DbOrTx) {
  return db
    .select({
      screeningId: screeningScores.screeningId,
      instrument: screeningScores.instrument,
      at: screeningScores.createdAt,
      score: screeningScores.score,
      band: screeningScores.band,
    })
    .from(screeningScores)
    .innerJoin(screenings, eq(screenings.id, screeningScores.screeningId))
    .where(and(eq(screenings.userId, sql.placeholder("userId")), isNotNull(screenings.completedAt)))
    .orderBy(asc(screeningScores.createdAt))
    .prepare("screening_history");
}

function evaluationHistoryQuery(db: DbOrTx) {
  return db
    .select({
      id: evaluationAnswers.id,
      instrument: evaluationAnswers.instrument,
      at: evaluationAnswers.createdAt,
      score: evaluationAnswers.score,
      band: evaluationAnswers.band,
    })
    .from(evaluationAnswers)
    .where(eq(evaluationAnswers.userId, sql.placeholder("userId")))
    .orderBy(asc(evaluationAnswers.createdAt))
    .prepare("evaluation_history");
}

/** GET /me/evaluation-history/: the user's screening scores and course evaluations over time (decrypted here). */
export async function evaluationHistory(ctx: AppContext, userId: string): Promise<EvaluationHistory> {
  const [fromScreenings, fromCourses] = await Promise.all([
    preparedFor(ctx.db, "screening_history", screeningHistoryQuery).execute({ userId }),
    preparedFor(ctx.db, "evaluation_history", evaluationHistoryQuery).execute({ userId }),
  ]);
  const { cipher } = ctx;
  return {
    series: toSeries([
      ...fromScreenings.map((p) => ({
        instrument: p.instrument,
        at: p.at,
        score: openInt(cipher, p.score, screeningScoreAad("score", p.screeningId, p.instrument)),
        band: openText(cipher, p.band, screeningScoreAad("band", p.screeningId, p.instrument)),
        source: "screening" as const,
      })),
      ...fromCourses.map((p) => ({
        instrument: p.instrument,
        at: p.at,
        score: openInt(cipher, p.score, evaluationScoreAad("score", userId, p.id)),
        band: openText(cipher, p.band, evaluationScoreAad("band", userId, p.id)),
        source: "course" as const,
      })),
    ]),
  };
}
