import { ADVICE_INSTRUMENTS, CRISIS_ADVICE_DAYS, SCREENING_VALID_DAYS } from "../../../common/clinical/rules.ts";
import type { InstrumentId } from "../../../common/instruments/types.ts";
import type { AppContext } from "../../app-context.ts";
import { evaluationCrisisSince, evaluationsShowCrisis, previousEvaluationScore } from "../courses/evaluation-repository.ts";
import type { ScreeningOwner } from "../screening/onboarding-service.ts";
import {
  completedScreeningSince,
  crisisRecordedSince,
  latestScreening,
  newestCompletedScreening,
  screeningBaseline,
  screeningCrisisSince,
  userRecommendationBasis,
  type BaselineScore,
  type EvaluationScore,
  type StoredScreening,
} from "../screening/screening-repository.ts";

const DAY_MS = 86_400_000;

function daysAgo(ctx: Pick<AppContext, "clock">, days: number): Date {
  return new Date(ctx.clock.now().getTime() - days * DAY_MS);
}

/**
 * PHQ-9 item 9 answered above 0 in the last 14 days, anywhere: a screening (light or extended,
 * also one not finished), for a user a course evaluation or check-in, or answers refused as
 * incomplete (the recorded event). Keeps the healthcare
 * advice on (rule H4 of docs/clinical/recommendations.md) and withholds the sleep window (G2).
 */
export async function recentCrisis(ctx: Pick<AppContext, "db" | "cipher" | "clock">, owner: ScreeningOwner): Promise<boolean> {
  const since = daysAgo(ctx, CRISIS_ADVICE_DAYS);
  if (await screeningCrisisSince(ctx.db, ctx.cipher, owner, since)) return true;
  if (await crisisRecordedSince(ctx.db, owner, since)) return true;
  return owner.kind === "user" && (await evaluationCrisisSince(ctx.db, ctx.cipher, owner.userId, since));
}

/** A completed screening in the last 90 days, the person's own or brought from onboarding (S1). */
export async function hasRecentScreening(ctx: Pick<AppContext, "db" | "clock">, userId: string): Promise<boolean> {
  return completedScreeningSince(ctx.db, { kind: "user", userId }, daysAgo(ctx, SCREENING_VALID_DAYS));
}

/**
 * A user's newest course evaluation of a questionnaire with advice rules (PHQ-9, GAD-7), with what
 * its answer was compared with when it came (rules H2, H3, H5).
 */
export interface EvaluationForAdvice {
  instrument: InstrumentId;
  score: number;
  at: Date;
  /** The score of the user's evaluation of the same questionnaire before it, or null. */
  previous: number | null;
  /** The questionnaire's score in the newest completed screening holding it (the baseline), or null. */
  baseline: number | null;
}

/** What the recommendation is based on (docs/clinical/recommendations.md, rules B1, H2–H5). */
export interface RecommendationBasis {
  /** The owner's newest completed screening of either kind (B1). */
  newest: StoredScreening | null;
  /** The completed screening of the same kind before it, for a reliable worsening (H5). */
  previous: StoredScreening | null;
  /** `recentCrisis` (H4). */
  recentCrisis: boolean;
  /** For a user, the newest course evaluation of each advice questionnaire (none for a visitor). */
  evaluations: EvaluationForAdvice[];
}

/** The newest evaluation per advice questionnaire from its two newest answers and the baselines. */
function evaluationsForAdvice(scores: readonly EvaluationScore[], baselines: readonly BaselineScore[]): EvaluationForAdvice[] {
  return ADVICE_INSTRUMENTS.flatMap((instrument) => {
    const [latest, before] = scores.filter((score) => score.instrument === instrument);
    if (!latest) return [];
    const baseline = baselines.find((b) => b.instrument === instrument)?.score ?? null;
    return [{ instrument, score: latest.score, at: latest.at, previous: before?.score ?? null, baseline }];
  });
}

/** The same from separate reads: the reads a course evaluation's own advice makes (evaluation-service.ts). */
async function separateEvaluationsForAdvice(ctx: Pick<AppContext, "db" | "cipher">, owner: ScreeningOwner): Promise<EvaluationForAdvice[]> {
  if (owner.kind !== "user") return [];
  const found = await Promise.all(
    ADVICE_INSTRUMENTS.map(async (instrument) => {
      const latest = await previousEvaluationScore(ctx.db, ctx.cipher, owner.userId, instrument);
      if (!latest) return null;
      const before = await previousEvaluationScore(ctx.db, ctx.cipher, owner.userId, instrument, latest);
      const baseline = await screeningBaseline(ctx.db, ctx.cipher, owner, instrument);
      return { instrument, score: latest.score, at: latest.at, previous: before?.score ?? null, baseline: baseline?.score ?? null };
    }),
  );
  return found.filter((evaluation) => evaluation !== null);
}

/**
 * The recommendation's basis: for a user in one statement (the dashboard's recommendation asks on
 * every render), for a visitor's onboarding in the separate reads; the same rows either way
 * (server/modules/clinical/clinical-state.test.ts compares them).
 */
export async function recommendationBasis(ctx: Pick<AppContext, "db" | "cipher" | "clock">, owner: ScreeningOwner): Promise<RecommendationBasis> {
  if (owner.kind === "user") {
    const basis = await userRecommendationBasis(ctx.db, ctx.cipher, owner.userId, daysAgo(ctx, CRISIS_ADVICE_DAYS));
    // A crisis answer counts without a completed screening too (an unfinished one, refused answers).
    const recent = basis.screeningCrisis || basis.crisisRecorded || evaluationsShowCrisis(ctx.cipher, owner.userId, basis.evaluationAnswers);
    return { newest: basis.newest, previous: basis.previous, recentCrisis: recent, evaluations: evaluationsForAdvice(basis.evaluationScores, basis.baselines) };
  }
  return separateRecommendationBasis(ctx, owner);
}

/** The recommendation's basis from separate reads (a visitor's onboarding; for a user, the reference of the tests). */
export async function separateRecommendationBasis(ctx: Pick<AppContext, "db" | "cipher" | "clock">, owner: ScreeningOwner): Promise<RecommendationBasis> {
  const newest = await newestCompletedScreening(ctx.db, ctx.cipher, owner);
  const [recent, previous, evaluations] = await Promise.all([
    recentCrisis(ctx, owner),
    newest ? latestScreening(ctx.db, ctx.cipher, owner, newest.kind, { completed: true, skip: 1 }) : null,
    separateEvaluationsForAdvice(ctx, owner),
  ]);
  return { newest, previous, recentCrisis: recent, evaluations };
}
