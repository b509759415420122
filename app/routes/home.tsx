import { useTranslation } from "react-i18next";
import { LOCALE_SETTINGS, localeOfPath } from "../../common/i18n/locales.ts";
import { createI18n, loadMessages } from "../lib/i18n.ts";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const i18n = createI18n(locale, await loadMessages(locale));
  return { title: i18n.t("app.title"), description: i18n.t("app.description"), locale };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title },
    { name: "description", content: loaderData?.description },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main className="page" lang={LOCALE_SETTINGS[loaderData.locale].htmlLang}>
      <h1>{t("home.heading")}</h1>
      <p className="lead">{t("home.lead")}</p>
      <p className="muted">{t("home.notEmergency")}</p>
    </main>
  );
}
