import type { PrivacyNotice } from "../../common/schemas/privacy.ts";
import { loadPage, screenSlug } from "../features/pages/information-page.tsx";
import { PrivacyNoticePage } from "../features/pages/privacy-notice.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/privacy";

const screenGuards = guards("privacy");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The page's prose (content/pages/privacy) and the notice's facts from configuration and code. */
const data = screenData("privacy", async ({ api, locale }) => {
  const [page, notice] = await Promise.all([
    loadPage(api, screenSlug("privacy", locale)),
    // The schema loads only where responses are checked: zod stays out of the page's first load.
    api.get<PrivacyNotice>("/privacy/notice/", {
      schema: () => import("../../common/schemas/privacy.ts").then((m) => m.privacyNoticeResponse),
    }),
  ]);
  return { page, notice, title: page.title };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function PrivacyScreen({ loaderData }: Route.ComponentProps) {
  return <PrivacyNoticePage page={loaderData.page} notice={loaderData.notice} locale={loaderData.locale} />;
}
