import { loadPage, PageArticle, screenSlug } from "../features/pages/information-page.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/cookies";

const screenGuards = guards("cookies");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("cookies", async ({ api, locale }) => {
  const page = await loadPage(api, screenSlug("cookies", locale));
  return { page, title: page.title };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function CookiesScreen({ loaderData }: Route.ComponentProps) {
  return <PageArticle page={loaderData.page} />;
}
