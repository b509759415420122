import { and, eq, notInArray, sql } from "drizzle-orm";
import { CONTENT_LANGUAGES, type ContentLanguage } from "../../../common/content/schema.ts";
import { readableTranscript } from "../../../common/content/transcript.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import {
  contentModules,
  contentPages,
  courseParts,
  courseSlugs,
  courses,
  worksheetDefs,
  featuredContent,
  type CourseLocaleText,
  type ModuleLocaleText,
} from "../../db/schema/content.ts";
import type { LoadedContent, LoadedCourse } from "./load-content.ts";
import { contentImported } from "./content-generation.ts";
import { renderMarkdown } from "./markdown.ts";

type PerLocale<T> = Record<ContentLanguage, T>;

function perLocale<T>(fn: (lang: ContentLanguage) => T): PerLocale<T> {
  return Object.fromEntries(CONTENT_LANGUAGES.map((lang) => [lang, fn(lang)])) as PerLocale<T>;
}

function moduleSettings(module: LoadedCourse["def"]["parts"][number]["modules"][number]): Record<string, string | number> {
  const { key: _key, type: _type, ...settings } = module;
  return settings;
}

function moduleTexts(course: LoadedCourse, key: string, type: string): PerLocale<ModuleLocaleText> {
  return perLocale((lang) => {
    const text = course.texts[lang].modules[key];
    if (!text) throw new Error(`content: ${course.def.key}/${lang}/${key}.md missing`);
    const front = text.front as { title: string; items?: string[]; captions?: ModuleLocaleText["captions"] };
    const seconds = course.mediaSeconds[key]?.[lang];
    return {
      title: front.title,
      // An exercise's transcript is shown without the build's `[paus N]` lines.
      html: renderMarkdown(type === "audio" ? readableTranscript(text.body) : text.body),
      ...(seconds === undefined ? {} : { duration_seconds: Math.floor(seconds) }),
      ...(front.items ? { items: front.items } : {}),
      ...(front.captions ? { captions: front.captions } : {}),
    };
  });
}

/**
 * The values an upsert may change. The conflict target's columns are equal by definition, and
 * naming them in SET makes PostgreSQL lock the row FOR UPDATE, which waits for (and can deadlock
 * with) every transaction whose foreign-key check holds it FOR KEY SHARE: a user completing a module
 * while another instance imports content at start. Without them the lock is FOR NO KEY UPDATE.
 */
function withoutKeys<T extends Record<string, unknown>, K extends keyof T>(values: T, ...keys: K[]): Omit<T, K> {
  const rest: Record<string, unknown> = { ...values };
  for (const key of keys) delete rest[key as string];
  return rest as Omit<T, K>;
}

async function importCourse(tx: DbOrTx, course: LoadedCourse, position: number, now: Date): Promise<void> {
  const { def } = course;
  const texts = perLocale<CourseLocaleText>((lang) => {
    const t = course.texts[lang];
    return { slug: t.course.slug, title: t.course.title, summary: t.course.summary, html: renderMarkdown(t.body) };
  });
  const values = {
    key: def.key,
    category: def.category,
    public: def.public,
    active: def.active,
    image: def.image,
    estimatedWeeks: def.estimated_weeks,
    position,
    archived: false,
    texts,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(courses)
    .values(values)
    .onConflictDoUpdate({ target: courses.key, set: withoutKeys(values, "key") })
    .returning({ id: courses.id });
  if (!row) throw new Error("course not written");
  const courseId = row.id;

  await tx.delete(courseSlugs).where(eq(courseSlugs.courseId, courseId));
  await tx.insert(courseSlugs).values(CONTENT_LANGUAGES.map((locale) => ({ courseId, locale, slug: texts[locale].slug })));

  const partKeys: string[] = [];
  const moduleKeys: string[] = [];
  for (const [p, part] of def.parts.entries()) {
    partKeys.push(part.key);
    const partValues = {
      courseId,
      key: part.key,
      position: p,
      pauseDays: part.pause_days,
      archived: false,
      titles: perLocale((lang) => course.texts[lang].course.parts[part.key] ?? part.key),
    };
    const [partRow] = await tx
      .insert(courseParts)
      .values(partValues)
      .onConflictDoUpdate({ target: [courseParts.courseId, courseParts.key], set: withoutKeys(partValues, "courseId", "key") })
      .returning({ id: courseParts.id });
    if (!partRow) throw new Error("part not written");
    for (const [m, module] of part.modules.entries()) {
      moduleKeys.push(module.key);
      const moduleValues = {
        courseId,
        partId: partRow.id,
        key: module.key,
        position: m,
        type: module.type,
        settings: moduleSettings(module),
        archived: false,
        texts: moduleTexts(course, module.key, module.type),
      };
      await tx
        .insert(contentModules)
        .values(moduleValues)
        .onConflictDoUpdate({ target: [contentModules.courseId, contentModules.key], set: withoutKeys(moduleValues, "courseId", "key") });
    }
  }
  // Content that left the files is archived: users' progress on it stays valid history.
  await tx
    .update(courseParts)
    .set({ archived: true })
    .where(and(eq(courseParts.courseId, courseId), notInArray(courseParts.key, partKeys)));
  await tx
    .update(contentModules)
    .set({ archived: true })
    .where(and(eq(contentModules.courseId, courseId), notInArray(contentModules.key, moduleKeys)));
}

/**
 * Imports loaded content into the database in one transaction: idempotent, matched by keys.
 * Refuses content with problems (run `npm run content:check`) unless only listed kinds remain.
 */
export async function importContent(db: Db, clock: Clock, content: LoadedContent): Promise<{ courses: number; modules: number; pages: number }> {
  const now = clock.now();
  let moduleCount = 0;
  await db.transaction(async (tx) => {
    // Several instances may start at once: one imports at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(74201)`);
    for (const [i, course] of content.courses.entries()) {
      await importCourse(tx, course, i, now);
      moduleCount += course.def.parts.reduce((n, p) => n + p.modules.length, 0);
    }
    const keys = content.courses.map((c) => c.def.key);
    if (keys.length) await tx.update(courses).set({ archived: true }).where(notInArray(courses.key, keys));
    for (const sheet of content.worksheets) {
      await tx
        .insert(worksheetDefs)
        .values({ key: sheet.key, definition: sheet })
        .onConflictDoUpdate({ target: worksheetDefs.key, set: { definition: sheet } });
    }
    await tx.delete(contentPages);
    for (const page of content.pages) {
      await tx.insert(contentPages).values(
        CONTENT_LANGUAGES.map((locale) => {
          const t = page.texts[locale];
          return { key: page.key, locale, slug: t.slug, title: t.title, description: t.description ?? null, html: renderMarkdown(t.body) };
        }),
      );
    }
    await tx.delete(featuredContent);
    if (content.featured.length) {
      await tx.insert(featuredContent).values(
        content.featured.map((item, position) => ({
          key: item.key,
          position,
          kind: item.kind,
          courseKey: item.kind === "page" ? null : item.course,
          moduleKey: item.kind === "module" ? item.module : null,
          pageKey: item.kind === "page" ? item.page : null,
          titles: item.title,
          texts: item.text,
        })),
      );
    }
  });
  contentImported();
  return { courses: content.courses.length, modules: moduleCount, pages: content.pages.length };
}
