import { and, asc, eq, isNotNull } from "drizzle-orm";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../common/instruments/types.ts";
import type { EvaluationHistory } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import { evaluationAnswers } from "../../db/schema/content.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";

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

/** GET /me/evaluation-history/: the user's screening scores and course evaluations over time. */
export async function evaluationHistory(ctx: AppContext, userId: string): Promise<EvaluationHistory> {
  const fromScreenings = await ctx.db
    .select({ instrument: screeningScores.instrument, at: screeningScores.createdAt, score: screeningScores.score, band: screeningScores.band })
    .from(screeningScores)
    .innerJoin(screenings, eq(screenings.id, screeningScores.screeningId))
    .where(and(eq(screenings.userId, userId), isNotNull(screenings.completedAt)))
    .orderBy(asc(screeningScores.createdAt));
  const fromCourses = await ctx.db
    .select({ instrument: evaluationAnswers.instrument, at: evaluationAnswers.createdAt, score: evaluationAnswers.score, band: evaluationAnswers.band })
    .from(evaluationAnswers)
    .where(eq(evaluationAnswers.userId, userId))
    .orderBy(asc(evaluationAnswers.createdAt));
  return {
    series: toSeries([
      ...fromScreenings.map((p) => ({ ...p, source: "screening" as const })),
      ...fromCourses.map((p) => ({ ...p, source: "course" as const })),
    ]),
  };
}
