import { and, eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../app-context.ts";
import { contentModules, courseParts, courseProgress, courses, moduleProgress } from "../db/schema/content.ts";

/** The id of module `moduleKey` of course `courseKey` (content keys, as in content/courses). */
export async function moduleIdOf(app: { ctx: Pick<AppContext, "db"> }, courseKey: string, moduleKey: string): Promise<string> {
  const [row] = await app.ctx.db
    .select({ id: contentModules.id })
    .from(contentModules)
    .innerJoin(courses, eq(courses.id, contentModules.courseId))
    .where(and(eq(courses.key, courseKey), eq(contentModules.key, moduleKey)));
  if (!row) throw new Error(`no ${courseKey}/${moduleKey}`);
  return row.id;
}

/** The id of a live module that uses worksheet `worksheet` (rows are reached through modules). */
export async function worksheetModuleIdOf(app: { ctx: Pick<AppContext, "db"> }, worksheet: string): Promise<string> {
  const [row] = await app.ctx.db
    .select({ id: contentModules.id })
    .from(contentModules)
    .where(and(eq(contentModules.type, "worksheet"), sql`${contentModules.settings}->>'worksheet' = ${worksheet}`, eq(contentModules.archived, false)))
    .limit(1);
  if (!row) throw new Error(`no module uses ${worksheet}`);
  return row.id;
}

/**
 * Opens a module to a user as fixtures do (no UI ceremony): the course is started and every
 * module of the earlier parts completed a year ago, so no pause is still running.
 */
export async function unlockModule(app: { ctx: Pick<AppContext, "db" | "clock"> }, userId: string, moduleId: string): Promise<void> {
  const db = app.ctx.db;
  const [target] = await db
    .select({ courseId: contentModules.courseId, position: courseParts.position })
    .from(contentModules)
    .innerJoin(courseParts, eq(courseParts.id, contentModules.partId))
    .where(eq(contentModules.id, moduleId));
  if (!target) throw new Error(`no module ${moduleId}`);
  const longAgo = new Date(app.ctx.clock.now().getTime() - 365 * 86_400_000);
  await db.insert(courseProgress).values({ userId, courseId: target.courseId, startedAt: longAgo }).onConflictDoNothing();
  const earlier = await db
    .select({ id: contentModules.id })
    .from(contentModules)
    .innerJoin(courseParts, eq(courseParts.id, contentModules.partId))
    .where(and(eq(contentModules.courseId, target.courseId), lt(courseParts.position, target.position), eq(contentModules.archived, false)));
  if (earlier.length > 0) {
    await db
      .insert(moduleProgress)
      .values(earlier.map((m) => ({ userId, moduleId: m.id, courseId: target.courseId, completedAt: longAgo })))
      .onConflictDoNothing();
  }
}
