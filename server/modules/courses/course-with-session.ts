import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { CourseDetail } from "../../../common/schemas/courses.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { courseProgress, courseSlugs, courses } from "../../db/schema/content.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { sessionColumns, sessionOfRow } from "../sessions/session-repository.ts";
import type { ReadWithSession } from "../sessions/session-types.ts";
import { courseDetailOf, courseHeadColumns, modulesDoneOf } from "./course-service.ts";

/**
 * The course detail and the active course read with the session in one statement (issue 19): the
 * session of a hash and its user, with the course row and that user's progress left-joined, so a
 * live session comes back also when there is no such course (then 404, as `courseDetail` and
 * `activeCourse` answer). The conditions are theirs, with the session's user for `userId`.
 */
const columns = {
  ...sessionColumns,
  course: courseHeadColumns,
  startedAt: courseProgress.startedAt,
  completedAt: courseProgress.completedAt,
  done: modulesDoneOf(sessions.userId),
};

function courseWithSessionQuery(db: DbOrTx) {
  const liveCourse = db
    .select({ one: sql`1` })
    .from(courses)
    .where(and(eq(courses.id, courseSlugs.courseId), eq(courses.active, true), eq(courses.archived, false)));
  return db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(courseSlugs, and(eq(courseSlugs.slug, sql.placeholder("slug")), exists(liveCourse)))
    .leftJoin(courses, eq(courses.id, courseSlugs.courseId))
    .leftJoin(courseProgress, and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, sessions.userId)))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare("course_with_session");
}

function activeCourseWithSessionQuery(db: DbOrTx) {
  const liveCourse = db
    .select({ one: sql`1` })
    .from(courses)
    .where(and(eq(courses.id, courseProgress.courseId), eq(courses.archived, false)));
  return db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(courseProgress, and(eq(courseProgress.userId, sessions.userId), isNull(courseProgress.completedAt), exists(liveCourse)))
    .leftJoin(courses, eq(courses.id, courseProgress.courseId))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare("active_course_with_session");
}

type Row = Awaited<ReturnType<ReturnType<typeof courseWithSessionQuery>["execute"]>>[number];

function withAnswer(ctx: AppContext, row: Row | undefined, locale: Locale): ReadWithSession<CourseDetail> | null {
  if (!row) return null;
  const { course, startedAt, completedAt, done } = row;
  return {
    session: sessionOfRow(row),
    answer: async (live) => courseDetailOf(ctx, live.userId, course ? { course, startedAt, completedAt, done } : undefined, locale),
  };
}

/** GET /courses/{slug}/ with the session of a hash: null when no session has the hash. */
export async function courseDetailWithSession(ctx: AppContext, idHash: string, slug: string, locale: Locale) {
  const [row] = await preparedFor(ctx.db, "course_with_session", courseWithSessionQuery).execute({ idHash, slug });
  return withAnswer(ctx, row, locale);
}

/** GET /active-course/ with the session of a hash: null when no session has the hash. */
export async function activeCourseWithSession(ctx: AppContext, idHash: string, locale: Locale) {
  const [row] = await preparedFor(ctx.db, "active_course_with_session", activeCourseWithSessionQuery).execute({ idHash });
  return withAnswer(ctx, row, locale);
}
