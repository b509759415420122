import { and, eq, getTableColumns, inArray, isNull, sql, type Column, type Placeholder } from "drizzle-orm";
import { ANSWERED_MODULE_TYPES } from "../../../common/content/schema.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { CourseDetail, ModuleContent } from "../../../common/schemas/courses.ts";
import type { AppContext } from "../../app-context.ts";
import { lockUntilCommit } from "../../db/advisory-locks.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import {
  contentModules,
  courseProgress,
  courseSlugs,
  courses,
  moduleProgress,
} from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { lockUserRow } from "../accounts/users-repository.ts";
import { baselineAnswers } from "./baseline-answers.ts";
import { courseStructure, type ModuleRow, type PartRow } from "./course-structure.ts";
import { moduleQuestions } from "./module-questions.ts";
import { hasRecentScreening } from "../clinical/clinical-state.ts";
import { card, courseBySlug, type CourseRow } from "./course-catalogue.ts";
import { durationOf, moduleMedia } from "./module-media.ts";
import { safetyCheckView } from "./safety-check-view.ts";
import { conditionOf, visibleModules, type GatedModule, type SleepWindowState } from "./sleep-window-state.ts";
import { isOpen, partsWithProgress, position, type WithProgress } from "./progress-rules.ts";

/**
 * A course row but its texts, for the hot reads (course detail, active course): the texts — every
 * language's description, about 6 KB of JSON — come from the structure cache, by the row's
 * content version, instead of over the wire and through JSON.parse on every request.
 */
const { texts: _texts, ...headColumns } = getTableColumns(courses);
export const courseHeadColumns = headColumns;

async function withTexts(ctx: AppContext, db: DbOrTx, head: Omit<CourseRow, "texts">): Promise<CourseRow> {
  const { texts } = await courseStructure(ctx, db, head);
  return { ...head, texts };
}


interface State {
  course: CourseRow;
  parts: WithProgress<PartRow, GatedModule>[];
  started: boolean;
  completedAt: Date | null;
  /** The sleep window's gate, for a course with modules shown by it (ADR 023). */
  sleepWindow: SleepWindowState | null;
}

function moduleProgressQuery(db: DbOrTx) {
  return db
    .select()
    .from(moduleProgress)
    .where(and(eq(moduleProgress.userId, sql.placeholder("userId")), eq(moduleProgress.courseId, sql.placeholder("courseId"))))
    .prepare("module_progress_of_course");
}

function courseProgressQuery(db: DbOrTx) {
  return db
    .select()
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, sql.placeholder("userId")), eq(courseProgress.courseId, sql.placeholder("courseId"))))
    .prepare("course_progress_of_course");
}

/** A user's progress in one course: whether and when it was started and finished, and each module done. */
interface Progress {
  started: boolean;
  completedAt: Date | null;
  doneAt: Map<string, Date>;
}

async function readProgress(db: DbOrTx, userId: string, courseId: string): Promise<Progress> {
  const done = await preparedFor(db, "module_progress_of_course", moduleProgressQuery).execute({ userId, courseId });
  const [progress] = await preparedFor(db, "course_progress_of_course", courseProgressQuery).execute({ userId, courseId });
  return { started: Boolean(progress), completedAt: progress?.completedAt ?? null, doneAt: new Map(done.map((d) => [d.moduleId, d.completedAt])) };
}

/**
 * The user's modules done in the course of the row, as a JSON array of [module id, completed at
 * in epoch milliseconds], read in the same statement as the course (one round trip: issue 19).
 */
export function modulesDoneOf(userId: Placeholder | Column) {
  return sql<[string, number][]>`coalesce((select json_agg(json_build_array(${moduleProgress.moduleId}, floor(extract(epoch from ${moduleProgress.completedAt}) * 1000)::bigint)) from ${moduleProgress} where ${moduleProgress.userId} = ${userId} and ${moduleProgress.courseId} = ${courses.id}), '[]'::json)`;
}
const modulesDone = modulesDoneOf(sql.placeholder("userId"));

/** A course's row as the hot reads select it: its head, and the user's progress in it. */
export interface CourseWithProgressRow {
  course: Omit<CourseRow, "texts">;
  startedAt: Date | null;
  completedAt: Date | null;
  done: [string, number][];
}

function progressOf(row: { completedAt: Date | null; startedAt: Date | null; done: [string, number][] }): Progress {
  return { started: row.startedAt !== null, completedAt: row.completedAt, doneAt: new Map(row.done.map(([id, at]) => [id, new Date(Number(at))])) };
}

/** A live course by a slug in any language, with the user's progress in it: one statement. */
function courseForUserQuery(db: DbOrTx) {
  return db
    .select({ course: courseHeadColumns, startedAt: courseProgress.startedAt, completedAt: courseProgress.completedAt, done: modulesDone })
    .from(courseSlugs)
    .innerJoin(courses, eq(courses.id, courseSlugs.courseId))
    .leftJoin(courseProgress, and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, sql.placeholder("userId"))))
    .where(and(eq(courseSlugs.slug, sql.placeholder("slug")), eq(courses.active, true), eq(courses.archived, false)))
    .limit(1)
    .prepare("course_for_user");
}

/** The course detail (§4) for a user from the course's row with their progress; 404 without one. */
export async function courseDetailOf(ctx: AppContext, userId: string, row: CourseWithProgressRow | undefined, locale: Locale): Promise<CourseDetail> {
  if (!row) throw new AppError("request.not_found");
  return detail(ctx, await courseState(ctx, ctx.db, userId, await withTexts(ctx, ctx.db, row.course), progressOf(row)), locale);
}

/**
 * The course as the user sees it (§4): completed modules, the pause before each part (counted
 * from when the previous part was finished), the active part and module. `known`: the progress,
 * when it was read with the course.
 */
async function courseState(ctx: AppContext, db: DbOrTx, userId: string, course: CourseRow, known?: Progress): Promise<State> {
  const { parts, modules: all } = await courseStructure(ctx, db, course);
  const { modules, sleepWindow } = await visibleModules(ctx, db, userId, all);
  const progress = known ?? (await readProgress(db, userId, course.id));
  const result = partsWithProgress(parts, modules, progress.doneAt, ctx.env.COURSE_DAY_SECONDS);
  return { course, parts: result, started: progress.started, completedAt: progress.completedAt, sleepWindow };
}

function nowSeconds(ctx: AppContext): number {
  return Math.floor(ctx.clock.now().getTime() / 1000);
}

/** Where completing a module is posted (§4). */
export function progressUrl(moduleId: string): string {
  return `/api/v1/content-modules/${moduleId}/progress/`;
}

function detail(ctx: AppContext, state: State, locale: Locale): CourseDetail {
  const at = position(state.parts, nowSeconds(ctx));
  return {
    ...card(state.course, locale),
    id: state.course.id,
    html: state.course.texts[locale].html,
    status: state.completedAt ? "completed" : state.started ? "in_progress" : "not_started",
    active: state.started && !state.completedAt,
    completed: Boolean(state.completedAt),
    progress: at.progress,
    active_part: state.started ? at.activePart : null,
    active_module: state.started ? at.activeModule : null,
    pause_until: at.pauseUntil,
    course_parts: state.parts.map((p) => ({
      id: p.id,
      key: p.key,
      title: p.titles[locale],
      completed: p.completed,
      content_modules: p.modules.map((m) => ({
        id: m.id,
        key: m.key,
        type: m.type,
        title: m.texts[locale].title,
        completed: Boolean(m.completedAt),
        pause_until: m.pauseUntil,
        progress_url: progressUrl(m.id),
        duration_seconds: durationOf(m, locale),
      })),
    })),
  };
}

export async function courseDetail(ctx: AppContext, userId: string, slug: string, locale: Locale): Promise<CourseDetail> {
  const [row] = await preparedFor(ctx.db, "course_for_user", courseForUserQuery).execute({ slug, userId });
  return courseDetailOf(ctx, userId, row, locale);
}

function activeCourseQuery(db: DbOrTx) {
  return db
    .select({ course: courseHeadColumns, startedAt: courseProgress.startedAt, completedAt: courseProgress.completedAt, done: modulesDone })
    .from(courseProgress)
    .innerJoin(courses, eq(courses.id, courseProgress.courseId))
    .where(and(eq(courseProgress.userId, sql.placeholder("userId")), isNull(courseProgress.completedAt), eq(courses.archived, false)))
    .limit(1)
    .prepare("active_course");
}

/** The course in progress with the user's progress (one statement), or 404 (§7: no active course). */
export async function activeCourse(ctx: AppContext, userId: string, locale: Locale): Promise<CourseDetail> {
  const [row] = await preparedFor(ctx.db, "active_course", activeCourseQuery).execute({ userId });
  return courseDetailOf(ctx, userId, row, locale);
}

/** Where a module may be opened: the course is started and the module's part is unlocked. */
function assertOpen(ctx: AppContext, state: State, moduleKey: string) {
  if (!state.started) throw new AppError("course.not_started");
  const open = isOpen(state.parts, moduleKey, nowSeconds(ctx));
  if (open === "unknown") throw new AppError("request.not_found");
  if (open === "locked") throw new AppError("course.locked");
  const module = state.parts.flatMap((p) => p.modules).find((m) => m.key === moduleKey);
  if (!module) throw new AppError("request.not_found");
  // The sleep window opens once its safety check is answered (and nothing withholds it).
  if (state.sleepWindow?.state === "unanswered" && conditionOf(module) === "sleep-window-clear") throw new AppError("course.safety_check_required");
  return module;
}

/** The live course of a live module, by the module's id (404 when either is gone). */
async function courseOfModule(db: DbOrTx, moduleId: string): Promise<{ course: CourseRow; module: ModuleRow }> {
  const [row] = await db
    .select({ course: courses, module: contentModules })
    .from(contentModules)
    .innerJoin(courses, eq(courses.id, contentModules.courseId))
    .where(and(eq(contentModules.id, moduleId), eq(contentModules.archived, false), eq(courses.active, true), eq(courses.archived, false)))
    .limit(1);
  if (!row) throw new AppError("request.not_found");
  return row;
}

/** A live module by its id, whatever the user's progress (worksheets are kept across courses). */
export async function liveModule(ctx: AppContext, moduleId: string): Promise<ModuleRow> {
  return (await courseOfModule(ctx.db, moduleId)).module;
}

/** A live module and its course as the user sees them now, without asking that it be open (an answer given before). */
export async function moduleAndCourse(ctx: AppContext, userId: string, moduleId: string, locale: Locale): Promise<{ module: ModuleRow; course: CourseDetail }> {
  const { course, module } = await courseOfModule(ctx.db, moduleId);
  return { module, course: detail(ctx, await courseState(ctx, ctx.db, userId, course), locale) };
}

/** The course and an open module of it (started, part unlocked), for answering. */
export async function openModule(ctx: AppContext, userId: string, moduleId: string) {
  const { course, module } = await courseOfModule(ctx.db, moduleId);
  const state = await courseState(ctx, ctx.db, userId, course);
  return { course, module: assertOpen(ctx, state, module.key) };
}

/**
 * Rows of a worksheet may be written while some live module that uses it is open to the user
 * (started, part unlocked): the same rule as reading the module. Otherwise the refusal of the
 * first such module (`course.not_started`, `course.locked`), or 404 when no live module uses it.
 */
export async function assertWorksheetOpen(ctx: AppContext, userId: string, worksheet: string): Promise<void> {
  const rows = await ctx.db
    .select({ course: courses, module: contentModules })
    .from(contentModules)
    .innerJoin(courses, eq(courses.id, contentModules.courseId))
    .where(
      and(
        eq(contentModules.type, "worksheet"),
        sql`${contentModules.settings}->>'worksheet' = ${worksheet}`,
        eq(contentModules.archived, false),
        eq(courses.active, true),
        eq(courses.archived, false),
      ),
    );
  let refusal: AppError = new AppError("request.not_found");
  for (const row of rows) {
    try {
      assertOpen(ctx, await courseState(ctx, ctx.db, userId, row.course), row.module.key);
      return;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (refusal.code === "request.not_found") refusal = error;
    }
  }
  throw refusal;
}

/**
 * Takes the user's course-progress lock until the transaction ends. Every write of course or
 * module progress reads the user's progress and decides from it (is this the last module? is
 * another course in progress?); under READ COMMITTED two such transactions at once do not see
 * each other's rows, so the course is never completed, or two courses are in progress. An
 * advisory lock rather than the user's row: inserting progress takes a key-share lock on that row
 * (the foreign key), which a row lock taken after it would deadlock on. Reads take none.
 */
async function lockCourseProgress(tx: DbOrTx, userId: string): Promise<void> {
  await lockUntilCommit(tx, "courseProgress", userId);
  // Then the user's row, before any progress row: an account deleted meanwhile takes its row and
  // then the progress rows (the foreign keys cascade), so clearing another course's progress first
  // deadlocked with it (server/security/concurrent-deletion.pg.test.ts).
  await lockUserRow(tx, userId);
}

/**
 * After an answered module was recorded: completes the course when it was the last module. The
 * caller checked that the module is open before its transaction; the lock comes after its insert,
 * so the progress is read afresh here.
 */
export async function completeAnsweredModule(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  course: CourseRow,
  locale: Locale,
): Promise<CourseDetail> {
  await lockCourseProgress(tx, userId);
  return finishIfDone(ctx, tx, userId, course, locale);
}

/** Completes the course when every part is; the caller holds the course-progress lock. */
async function finishIfDone(ctx: AppContext, tx: DbOrTx, userId: string, course: CourseRow, locale: Locale): Promise<CourseDetail> {
  const after = await courseState(ctx, tx, userId, course);
  // Another course was started meanwhile and cleared this one: the answer goes with its progress.
  if (!after.started) throw new AppError("course.not_started");
  if (after.parts.every((p) => p.completed) && !after.completedAt) {
    await tx
      .update(courseProgress)
      .set({ completedAt: ctx.clock.now() })
      .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, course.id)));
    after.completedAt = ctx.clock.now();
  }
  return detail(ctx, after, locale);
}

export async function moduleContent(ctx: AppContext, userId: string, slug: string, moduleKey: string, locale: Locale): Promise<ModuleContent> {
  const course = await courseBySlug(ctx.db, slug);
  const state = await courseState(ctx, ctx.db, userId, course);
  const module = assertOpen(ctx, state, moduleKey);
  const firstPart = state.parts[0]?.modules.some((m) => m.id === module.id) ?? false;
  const carried = await baselineAnswers(ctx, userId, module, firstPart);
  const t = module.texts[locale];
  const questions = moduleQuestions(module, locale);
  return {
    id: module.id,
    key: module.key,
    type: module.type,
    title: t.title,
    html: t.html,
    ...(t.items ? { items: t.items } : {}),
    ...(t.captions ? { captions: t.captions } : {}),
    ...(questions ? { questions } : {}),
    ...(module.type === "safety_check" && state.sleepWindow ? { check: safetyCheckView(state.sleepWindow, locale) } : {}),
    settings: module.settings,
    media: moduleMedia(module, locale),
    completed: Boolean(module.completedAt),
    pause_until: module.pauseUntil,
    progress_url: progressUrl(module.id),
    ...(carried ? { carried } : {}),
  };
}

/**
 * Marks a reading, listening or worksheet module done (evaluations complete with their answers).
 * Completing the last module completes the course.
 */
export async function completeModule(ctx: AppContext, userId: string, moduleId: string, locale: Locale): Promise<CourseDetail> {
  const { course, module: row } = await courseOfModule(ctx.db, moduleId);
  return ctx.db.transaction(async (tx) => {
    await lockCourseProgress(tx, userId);
    const state = await courseState(ctx, tx, userId, course);
    const module = assertOpen(ctx, state, row.key);
    if (ANSWERED_MODULE_TYPES.has(module.type)) throw new AppError("course.module_needs_answers");
    await tx
      .insert(moduleProgress)
      .values({ userId, moduleId: module.id, courseId: course.id, completedAt: ctx.clock.now() })
      .onConflictDoNothing();
    return finishIfDone(ctx, tx, userId, course, locale);
  });
}

/**
 * Starts a course, named by its key or a slug (§4): unfinished progress in other courses is cleared, and the course is in
 * progress. Starting the course already in progress changes nothing. Without a completed
 * screening in the last 90 days: 409 `screening.required`.
 */
export async function startCourse(ctx: AppContext, userId: string, keyOrSlug: string, locale: Locale): Promise<CourseDetail> {
  const [byKey] = await ctx.db
    .select()
    .from(courses)
    .where(and(eq(courses.key, keyOrSlug), eq(courses.active, true), eq(courses.archived, false)))
    .limit(1);
  const course = byKey ?? (await courseBySlug(ctx.db, keyOrSlug));
  // A course starts only after a screening in the last 90 days (rule S1); starting the course
  // already in progress changes nothing and needs none.
  const [inProgress] = await ctx.db
    .select({ courseId: courseProgress.courseId })
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, course.id), isNull(courseProgress.completedAt)));
  if (!inProgress && !(await hasRecentScreening(ctx, userId))) throw new AppError("screening.required");
  return ctx.db.transaction(async (tx) => {
    await lockCourseProgress(tx, userId);
    const unfinished = await tx
      .select({ courseId: courseProgress.courseId })
      .from(courseProgress)
      .where(and(eq(courseProgress.userId, userId), isNull(courseProgress.completedAt)));
    const others = unfinished.map((u) => u.courseId).filter((id) => id !== course.id);
    if (others.length) {
      await tx.delete(moduleProgress).where(and(eq(moduleProgress.userId, userId), inArray(moduleProgress.courseId, others)));
      await tx.delete(courseProgress).where(and(eq(courseProgress.userId, userId), inArray(courseProgress.courseId, others)));
    }
    await tx.insert(courseProgress).values({ userId, courseId: course.id, startedAt: ctx.clock.now() }).onConflictDoNothing();
    return detail(ctx, await courseState(ctx, tx, userId, course), locale);
  });
}
