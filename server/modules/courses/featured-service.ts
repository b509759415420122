import { and, asc, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { FeaturedItem } from "../../../common/schemas/featured-content.ts";
import type { AppContext } from "../../app-context.ts";
import { contentCache } from "../content/content-cache.ts";
import { contentModules, contentPages, courses, featuredContent } from "../../db/schema/content.ts";

const featuredCache = contentCache<readonly FeaturedItem[]>();

/**
 * The featured items in the asked language, from the content cache (one query per language when
 * content changed). Items whose course, module or page is no longer live (archived, inactive) are
 * left out.
 */
export async function featuredItems(ctx: AppContext, locale: Locale): Promise<readonly FeaturedItem[]> {
  return (await featuredCache(ctx, locale, () => readFeaturedItems(ctx, locale))) ?? [];
}

async function readFeaturedItems(ctx: AppContext, locale: Locale): Promise<readonly FeaturedItem[]> {
  const rows = await ctx.db
    .select({
      item: featuredContent,
      course: { key: courses.key, texts: courses.texts },
      module: { id: contentModules.id, key: contentModules.key, type: contentModules.type, title: sql<string>`${contentModules.texts}->${locale}->>'title'` },
      page: { slug: contentPages.slug, title: contentPages.title },
    })
    .from(featuredContent)
    .leftJoin(courses, and(eq(courses.key, featuredContent.courseKey), eq(courses.active, true), eq(courses.archived, false)))
    .leftJoin(
      contentModules,
      and(eq(contentModules.courseId, courses.id), eq(contentModules.key, featuredContent.moduleKey), eq(contentModules.archived, false)),
    )
    .leftJoin(contentPages, and(eq(contentPages.key, featuredContent.pageKey), eq(contentPages.locale, locale)))
    .orderBy(asc(featuredContent.position));
  const result: FeaturedItem[] = [];
  for (const { item, course, module, page } of rows) {
    if (item.kind !== "page" && !course) continue;
    if (item.kind === "module" && !module) continue;
    if (item.kind === "page" && !page) continue;
    result.push({
      key: item.key,
      kind: item.kind,
      title: item.titles[locale],
      text: item.texts[locale],
      course: course ? { key: course.key, slug: course.texts[locale].slug, title: course.texts[locale].title } : null,
      module: module ? { id: module.id, key: module.key, type: module.type, title: module.title } : null,
      page: page ? { slug: page.slug, title: page.title } : null,
    });
  }
  return Object.freeze(result);
}
