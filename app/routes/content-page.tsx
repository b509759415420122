import { data as routeData } from "react-router";
import { useTranslation } from "react-i18next";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import { ApiError } from "../lib/api/client.ts";
import type { Route } from "./+types/content-page";

const screenGuards = guards("contentPage");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** Content-page slugs: lowercase letters, digits and hyphens; anything else is not a page (404). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface PageDto {
  slug: string;
  title: string;
  html: string;
}

const data = screenData("contentPage", async ({ api, params, locale }) => {
  const slug = params.slug ?? "";
  if (!SLUG_PATTERN.test(slug)) throw routeData(null, { status: 404 });
  try {
    const page = await api.get<PageDto>(`/pages/${slug}/?locale=${locale}`);
    return { page, title: page.title };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw routeData(null, { status: 404 });
    throw error;
  }
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  return (
    <article className="page stack prose" aria-label={t("screens.contentPage.heading")}>
      <h1>{page.title}</h1>
      {/* Page HTML is rendered from Markdown and sanitised at import on the server. */}
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
