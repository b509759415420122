import { and, asc, eq } from "drizzle-orm";
import {
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
import { recommendationBasis } from "../clinical/clinical-state.ts";
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

/** Whether any PHQ-9 or GAD-7 result of `screening` is reliably worse than in `previous` (rule H5). */
function worseThan(previous: StoredScreening | null, screening: StoredScreening): boolean {
  if (!previous || previous.id === screening.id) return false;
  const before = scoredResults(previous);
  return scoredResults(screening).some((now) => reliablyWorse(before.find((b) => b.instrument === now.instrument), now));
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
 * is needed now. Healthcare advice on every rule H1–H5.
 */
export async function recommendedCourses(ctx: AppContext, owner: ScreeningOwner, locale: Locale): Promise<RecommendedCourses> {
  // The basis (one statement for a user) and the live courses (from the content cache) at once.
  const [basis, rows] = await Promise.all([recommendationBasis(ctx, owner), liveCourses(ctx)]);
  const screening = basis.newest;
  // No completed screening yet: no course to suggest, but a crisis answer in the last 14 days (an
  // unfinished screening, answers refused as incomplete) still brings the help (rules H1, H4).
  if (!screening) return { courses: [], healthcare_advice: basis.recentCrisis, crisis: basis.recentCrisis, based_on: null };
  const results = scoredResults(screening);
  const recommended = recommendAreas(results, screening.crisis);
  const recent = basis.recentCrisis;
  const worsened = worseThan(basis.previous, screening);
  const advice = healthcareAdvice({ results, selfHarm: screening.crisis, recentCrisis: recent, worsened });
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
