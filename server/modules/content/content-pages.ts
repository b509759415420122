import { and, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { contentPages } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { contentCache } from "./content-cache.ts";

function contentPageQuery(db: DbOrTx) {
  return db
    .select({ slug: contentPages.slug, title: contentPages.title, description: contentPages.description, html: contentPages.html })
    .from(contentPages)
    .where(and(eq(contentPages.slug, sql.placeholder("slug")), eq(contentPages.locale, sql.placeholder("locale"))))
    .limit(1)
    .prepare("content_page_by_slug");
}

type ContentPage = Pick<typeof contentPages.$inferSelect, "slug" | "title" | "description" | "html">;

const pageCache = contentCache<ContentPage>();

/**
 * A content page by its slug in a language (about us, privacy, terms, cookies …), from the content
 * cache: a logged-in person's public page (never render-cached) reads no page from the database.
 */
export async function contentPage(ctx: AppContext, slug: string, locale: Locale) {
  const page = await pageCache(ctx, `${locale}\n${slug}`, async () => {
    const [row] = await preparedFor(ctx.db, "content_page_by_slug", contentPageQuery).execute({ slug, locale });
    return row && Object.freeze(row);
  });
  if (!page) throw new AppError("request.not_found");
  return page;
}
