import { loadPage, PageArticle, screenSlug } from "../features/pages/information-page.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/terms";

const screenGuards = guards("terms");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("terms", async ({ api, locale }) => {
  const page = await loadPage(api, screenSlug("terms", locale));
  return { page, title: page.title };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function TermsScreen({ loaderData }: Route.ComponentProps) {
  return <PageArticle page={loaderData.page} />;
}
