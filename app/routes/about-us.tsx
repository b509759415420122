import { loadPage, PageArticle, screenSlug } from "../features/pages/information-page.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/about-us";

const screenGuards = guards("aboutUs");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("aboutUs", async ({ api, locale }) => {
  const page = await loadPage(api, screenSlug("aboutUs", locale));
  return { page, title: page.title };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function AboutUsScreen({ loaderData }: Route.ComponentProps) {
  return <PageArticle page={loaderData.page} />;
}
