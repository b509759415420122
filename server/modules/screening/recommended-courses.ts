import { and, asc, eq } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import { needsHealthcareAdvice } from "../../../common/instruments/scoring.ts";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import type { RecommendedCourses } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import { courses } from "../../db/schema/content.ts";
import type { ScreeningOwner } from "./onboarding-service.ts";
import { latestScreening, type StoredScore } from "./screening-repository.ts";

type Area = StoredScore["area"];

/**
 * Areas from most to least in need: severity first, then the share of the maximum score.
 * Pure, so the order is tested without a database.
 */
export function rankAreas<T extends { severity: number; score: number; max: number }>(areas: readonly T[]): T[] {
  return [...areas].sort((a, b) => b.severity - a.severity || b.score / b.max - a.score / a.max);
}

/**
 * The four courses ranked by the owner's newest completed screening (the extended one when
 * there is one, else the light one), each with the area result behind its place. Healthcare
 * advice: PHQ-9 item 9 above 0, a severe band, or a band worse than in the previous screening.
 */
export async function recommendedCourses(ctx: AppContext, owner: ScreeningOwner, locale: Locale): Promise<RecommendedCourses> {
  const screening =
    (await latestScreening(ctx.db, owner, "extended", { completed: true })) ??
    (await latestScreening(ctx.db, owner, "light", { completed: true }));
  if (!screening) return { courses: [], healthcare_advice: false, based_on: null };

  const areas = screening.scores.flatMap((score) => {
    if (!isInstrumentId(score.instrument)) return [];
    const max = getInstrument(score.instrument).maxScore;
    return [{ area: score.area, instrument: score.instrument, band: score.band, severity: score.severity, score: score.score, max }];
  });
  // A band that worsened since the previous screening of the same kind also calls for healthcare.
  const previous = await latestScreening(ctx.db, owner, screening.kind, { completed: true, skip: 1 });
  const worse = areas.some((area) => {
    const before = previous?.scores.find((score) => score.instrument === area.instrument);
    return before !== undefined && area.severity > before.severity;
  });
  const rows = await ctx.db
    .select({ key: courses.key, category: courses.category, texts: courses.texts })
    .from(courses)
    .where(and(eq(courses.active, true), eq(courses.archived, false)))
    .orderBy(asc(courses.position));
  const firstOfCategory = new Map<Area, (typeof rows)[number]>();
  for (const row of rows) if (!firstOfCategory.has(row.category)) firstOfCategory.set(row.category, row);

  const ranked = rankAreas(areas).flatMap((reason) => {
    const course = firstOfCategory.get(reason.area);
    if (!course) return [];
    const text = course.texts[locale];
    return [{ key: course.key, slug: text.slug, title: text.title, summary: text.summary, category: course.category, reason }];
  });
  return {
    courses: ranked.map((course, index) => ({ ...course, rank: index + 1 })),
    healthcare_advice: screening.crisis || worse || needsHealthcareAdvice(areas),
    based_on: screening.kind,
  };
}
