import { and, asc, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { CourseCard, PublicCourse } from "../../../common/schemas/courses.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { contentModules, courseProgress, courseSlugs, courses, moduleProgress } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { courseStructure } from "./course-structure.ts";

/**
 * The course catalogue: the lists of courses (visitors' and a user's, with where they are in
 * each), the categories, a public course's outline, and a course found by its slug in any language.
 * A user's work in a course is in course-service.ts.
 */

export type CourseRow = typeof courses.$inferSelect;

export function card(course: CourseRow, locale: Locale): CourseCard {
  const t = course.texts[locale];
  return {
    id: course.id,
    key: course.key,
    slug: t.slug,
    title: t.title,
    summary: t.summary,
    category: course.category,
    image: course.image,
    estimated_weeks: course.estimatedWeeks,
  };
}

async function listedCourses(db: DbOrTx, publicOnly: boolean): Promise<CourseRow[]> {
  const where = publicOnly
    ? and(eq(courses.active, true), eq(courses.archived, false), eq(courses.public, true))
    : and(eq(courses.active, true), eq(courses.archived, false));
  return db.select().from(courses).where(where).orderBy(asc(courses.position));
}

/** Categories with active courses, in the order of their first course, with a count. */
export async function courseCategories(ctx: AppContext): Promise<{ key: CourseRow["category"]; courses: number }[]> {
  const result: { key: CourseRow["category"]; courses: number }[] = [];
  for (const course of await listedCourses(ctx.db, false)) {
    const entry = result.find((c) => c.key === course.category);
    if (entry) entry.courses += 1;
    else result.push({ key: course.category, courses: 1 });
  }
  return result;
}

/** The public course list (visitors). */
export async function publicCourses(ctx: AppContext, locale: Locale): Promise<CourseCard[]> {
  return (await listedCourses(ctx.db, true)).map((c) => card(c, locale));
}

/** One public course by its slug (visitors): its description and the titles of its parts and modules. */
export async function publicCourse(ctx: AppContext, slug: string, locale: Locale): Promise<PublicCourse> {
  const course = await courseBySlug(ctx.db, slug);
  if (!course.public) throw new AppError("request.not_found");
  const { parts, modules } = await courseStructure(ctx, ctx.db, course);
  return {
    ...card(course, locale),
    html: course.texts[locale].html,
    course_parts: parts.map((part) => ({
      key: part.key,
      title: part.titles[locale],
      content_modules: modules
        .filter((m) => m.partId === part.id)
        .map((m) => ({ key: m.key, type: m.type, title: m.texts[locale].title })),
    })),
  };
}

/** The course list of a user, with where they are in each course. */
export async function userCourses(ctx: AppContext, userId: string, locale: Locale): Promise<CourseCard[]> {
  const rows = await listedCourses(ctx.db, false);
  const progress = await ctx.db.select().from(courseProgress).where(eq(courseProgress.userId, userId));
  const done = await ctx.db
    .select({ courseId: moduleProgress.courseId, moduleId: moduleProgress.moduleId })
    .from(moduleProgress)
    .where(eq(moduleProgress.userId, userId));
  const modules = await ctx.db
    .select({ id: contentModules.id, courseId: contentModules.courseId })
    .from(contentModules)
    .where(eq(contentModules.archived, false));
  const live = new Set(modules.map((m) => m.id));
  return rows.map((course) => {
    const p = progress.find((row) => row.courseId === course.id);
    const total = modules.filter((m) => m.courseId === course.id).length;
    const completed = done.filter((d) => d.courseId === course.id && live.has(d.moduleId)).length;
    return {
      ...card(course, locale),
      status: p?.completedAt ? "completed" : p ? "in_progress" : "not_started",
      progress: total ? completed / total : 0,
      active: p !== undefined && !p.completedAt,
      completed: Boolean(p?.completedAt),
    };
  });
}

/** A course by its slug in any language (links keep working after a language switch). */
function courseBySlugQuery(db: DbOrTx) {
  return db
    .select({ course: courses })
    .from(courseSlugs)
    .innerJoin(courses, eq(courses.id, courseSlugs.courseId))
    .where(and(eq(courseSlugs.slug, sql.placeholder("slug")), eq(courses.active, true), eq(courses.archived, false)))
    .limit(1)
    .prepare("course_by_slug");
}

export async function courseBySlug(db: DbOrTx, slug: string): Promise<CourseRow> {
  const [row] = await preparedFor(db, "course_by_slug", courseBySlugQuery).execute({ slug });
  if (!row) throw new AppError("request.not_found");
  return row.course;
}
