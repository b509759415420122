import { and, asc, eq } from "drizzle-orm";
import {
  evaluationWorsened,
  healthcareAdvice,
  recommendAreas,
  reliablyWorse,
  type ScoredResult,
} from "../../../common/clinical/rules.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { bandFor } from "../../../common/instruments/scoring.ts";
import type { RecommendedCourses } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { courses } from "../../db/schema/content.ts";
import { recommendationBasis, type RecommendationBasis } from "../clinical/clinical-state.ts";
import { contentCache } from "../content/content-cache.ts";
import type { ScreeningOwner } from "./onboarding-service.ts";
import { latestScreening, type StoredScore, type StoredScreening } from "./screening-repository.ts";

type Area = StoredScore["area"];

/** The scored questionnaires of a stored screening (unknown instruments are left out). */
export function scoredResults(screening: Pick<StoredScreening, "scores">): ScoredResult[] {
  return screening.scores.flatMap((score) => (isInstrumentId(score.instrument) ? [{ instrument: score.instrument, score: score.score }] : []));
}

/**
 * Whether any PHQ-9 or GAD-7 result of the screening is reliably worse than in the owner's
 * previous completed screening of the same kind (rule H5).
 */
export async function worseThanBefore(ctx: AppContext, owner: ScreeningOwner, screening: StoredScreening): Promise<boolean> {
  return worseThan(await latestScreening(ctx.db, ctx.cipher, owner, screening.kind, { completed: true, skip: 1 }), screening);
}

/**
 * Whether any PHQ-9 or GAD-7 result of `screening` (of `results` when given: some of its results)
 * is reliably worse than in `previous` (rule H5).
 */
function worseThan(previous: StoredScreening | null, screening: StoredScreening, results = scoredResults(screening)): boolean {
  if (!previous || previous.id === screening.id) return false;
  const before = scoredResults(previous);
  return results.some((now) => reliablyWorse(before.find((b) => b.instrument === now.instrument), now));
}

/**
 * What the healthcare advice reads besides item 9 (rules H2, H3, H5): per questionnaire the newest
 * result, the basis screening's or a course evaluation's answered after it (a later screening is the
 * basis again), and whether that result was a reliable worsening — a screening's against the one
 * before it of its kind, an evaluation's by the rule its own answer followed (`evaluationWorsened`:
 * the evaluation before it and the screening baseline, unchanged since no screening came after it).
 */
function newestResults(basis: RecommendationBasis): { results: ScoredResult[]; worsened: boolean } {
  const screening = basis.newest;
  const after = screening?.completedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const later = basis.evaluations.filter((evaluation) => evaluation.at.getTime() > after);
  const replaced = (instrument: string) => later.some((evaluation) => evaluation.instrument === instrument);
  const fromScreening = screening ? scoredResults(screening).filter((result) => !replaced(result.instrument)) : [];
  const fromEvaluations = later.map((evaluation) => ({ instrument: evaluation.instrument, score: evaluation.score }));
  const worsened =
    (screening !== null && worseThan(basis.previous, screening, fromScreening)) ||
    later.some((evaluation) => evaluationWorsened(evaluation, { previousEvaluation: evaluation.previous, screeningBaseline: evaluation.baseline }));
  return { results: [...fromScreening, ...fromEvaluations], worsened };
}

function liveCoursesQuery(db: DbOrTx) {
  return db
    .select({ key: courses.key, category: courses.category, texts: courses.texts })
    .from(courses)
    .where(and(eq(courses.active, true), eq(courses.archived, false)))
    .orderBy(asc(courses.position))
    .prepare("live_courses_in_order");
}

type LiveCourse = Awaited<ReturnType<ReturnType<typeof liveCoursesQuery>["execute"]>>[number];

const liveCoursesCache = contentCache<readonly LiveCourse[]>();

/** The live courses in their order, from the content cache (they change only with an import). */
async function liveCourses(ctx: AppContext): Promise<readonly LiveCourse[]> {
  const rows = await liveCoursesCache(ctx, "live", async () => Object.freeze(await preparedFor(ctx.db, "live_courses_in_order", liveCoursesQuery).execute()));
  return rows ?? [];
}

/**
 * The courses recommended by the owner's newest completed screening of either kind, in clinical
 * precedence (docs/clinical/recommendations.md, implemented in common/clinical/rules.ts): only
 * areas at or above their threshold, each with the reason. `courses: []` when none is: no course
 * is needed now. Healthcare advice on every rule H1–H5, PHQ-9 and GAD-7 read from their newest
 * result: the basis screening's, or a course evaluation's answered after it.
 */
export async function recommendedCourses(ctx: AppContext, owner: ScreeningOwner, locale: Locale): Promise<RecommendedCourses> {
  // The basis (one statement for a user) and the live courses (from the content cache) at once.
  const [basis, rows] = await Promise.all([recommendationBasis(ctx, owner), liveCourses(ctx)]);
  const screening = basis.newest;
  const recent = basis.recentCrisis;
  // The newest PHQ-9 and GAD-7 results, a later course evaluation's too (H2, H3, H5).
  const newest = newestResults(basis);
  const advice = healthcareAdvice({ results: newest.results, selfHarm: screening?.crisis ?? false, recentCrisis: recent, worsened: newest.worsened });
  // No completed screening yet: no course to suggest, but a crisis answer in the last 14 days (an
  // unfinished screening, answers refused as incomplete) still brings the help (rules H1, H4).
  if (!screening) return { courses: [], healthcare_advice: advice, crisis: recent, based_on: null };
  // The courses follow the basis screening alone (B1).
  const results = scoredResults(screening);
  const recommended = recommendAreas(results, screening.crisis);
  const firstOfCategory = new Map<Area, (typeof rows)[number]>();
  for (const row of rows) if (!firstOfCategory.has(row.category)) firstOfCategory.set(row.category, row);

  const list = recommended.flatMap((recommendation) => {
    const course = firstOfCategory.get(recommendation.area);
    // The result of the area the reason names: the criterion's, or (self-harm) the area's own.
    const score = screening.scores.find((s) =>
      recommendation.result ? s.instrument === recommendation.result.instrument : s.area === recommendation.area,
    );
    if (!course || !score || !isInstrumentId(score.instrument)) return [];
    const instrument = getInstrument(score.instrument);
    // Band and severity from the score and today's bands (PSS severities are capped at "mild").
    const band = bandFor(instrument, score.score);
    const text = course.texts[locale];
    return [
      {
        key: course.key,
        slug: text.slug,
        title: text.title,
        summary: text.summary,
        category: course.category,
        reason: {
          area: recommendation.area,
          instrument: instrument.id,
          band: band.id,
          severity: band.severity,
          score: score.score,
          max: instrument.maxScore,
          criterion: recommendation.criterion.kind,
        },
      },
    ];
  });
  return {
    courses: list.map((course, index) => ({ ...course, rank: index + 1 })),
    healthcare_advice: advice,
    crisis: screening.crisis || recent,
    based_on: screening.kind,
  };
}
