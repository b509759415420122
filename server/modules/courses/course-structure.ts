import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { contentModules, courseParts, courses } from "../../db/schema/content.ts";
import { contentGeneration } from "../content/content-generation.ts";

type CourseRow = typeof courses.$inferSelect;
export type PartRow = typeof courseParts.$inferSelect;
export type ModuleRow = typeof contentModules.$inferSelect;

/**
 * A course's texts (every language's title, summary and description) and its live parts and
 * modules in order: the same for every user until content is re-imported.
 */
export interface CourseStructure {
  texts: CourseRow["texts"];
  parts: readonly PartRow[];
  modules: readonly ModuleRow[];
}

/** What the cache needs of a course row: which course, and the version of its content. */
export type CourseHead = Pick<CourseRow, "id" | "updatedAt">;

interface Entry {
  version: string;
  structure: Promise<CourseStructure>;
}

/**
 * Per database, per course: the structure with the content version it was read at. The modules
 * carry every language's HTML (hundreds of KB for a course), so reading them per request cost
 * most of a course request's time. At most one entry per course.
 */
const caches = new WeakMap<object, Map<string, Entry>>();

function versionOf(course: CourseHead): string {
  return `${course.updatedAt.getTime()}:${contentGeneration()}`;
}

async function readStructure(db: DbOrTx, courseId: string): Promise<CourseStructure> {
  const [course] = await db.select({ texts: courses.texts }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw new Error(`course ${courseId} vanished while its structure was read`);
  const parts = await db
    .select()
    .from(courseParts)
    .where(and(eq(courseParts.courseId, courseId), eq(courseParts.archived, false)))
    .orderBy(asc(courseParts.position));
  const modules = await db
    .select()
    .from(contentModules)
    .where(and(eq(contentModules.courseId, courseId), eq(contentModules.archived, false)))
    .orderBy(asc(contentModules.position));
  return { texts: course.texts, parts, modules };
}

/**
 * The structure of a course, cached by its content version (the course row's `updated_at`, set by
 * every import, and this process's import count). Callers must not change the returned rows.
 */
export async function courseStructure(ctx: AppContext, db: DbOrTx, course: CourseHead): Promise<CourseStructure> {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    caches.set(ctx.db, cache);
  }
  const version = versionOf(course);
  const hit = cache.get(course.id);
  if (hit?.version === version) return hit.structure;
  const entry: Entry = { version, structure: readStructure(db, course.id) };
  cache.set(course.id, entry);
  try {
    return await entry.structure;
  } catch (error) {
    if (cache.get(course.id) === entry) cache.delete(course.id);
    throw error;
  }
}
