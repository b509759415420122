import { data as routeData } from "react-router";
import { loadPage, PageArticle } from "../features/pages/information-page.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/content-page";

const screenGuards = guards("contentPage");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** Content-page slugs: lowercase letters, digits and hyphens; anything else is not a page (404). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const data = screenData("contentPage", async ({ api, params }) => {
  const slug = params.slug ?? "";
  if (!SLUG_PATTERN.test(slug)) throw routeData(null, { status: 404 });
  const page = await loadPage(api, slug);
  return { page, title: page.title };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <PageArticle page={loaderData.page} />;
}
