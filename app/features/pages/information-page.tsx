import { data as routeData } from "react-router";
import { pathTo, type ScreenId } from "../../../common/routing/route-table.ts";
import { ApiError, type ApiClient } from "../../lib/api/client.ts";
import type { Locale } from "../../../common/i18n/locales.ts";

export interface PageDto {
  slug: string;
  title: string;
  description: string | null;
  html: string;
}

/** Loads a content page by slug in a language; a missing page is the 404 page. */
export async function loadPage(api: ApiClient, slug: string): Promise<PageDto> {
  try {
    return await api.get<PageDto>(`/pages/${encodeURIComponent(slug)}/`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw routeData(null, { status: 404 });
    throw error;
  }
}

/** The page of a fixed information screen (about us, privacy, terms, cookies): its path's slug. */
export function screenSlug(id: ScreenId, locale: Locale): string {
  return pathTo(id, locale).split("/").pop() ?? "";
}

/** A content page: its title and the HTML rendered from Markdown at import (no raw HTML). */
export function PageArticle({ page }: { page: PageDto }) {
  return (
    <article className="page stack prose">
      <h1>{page.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
