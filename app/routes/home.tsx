import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { buttonClassName } from "../components/button.tsx";
import { Notice } from "../components/alert.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/home";

const screenGuards = guards("home");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("home");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { locale } = loaderData;
  return (
    <div className="page stack landing">
      {search.get("token") === "expired" ? (
        <Notice tone="info" role="status">
          {t("home.expiredToken")}
        </Notice>
      ) : null}
      <h1>{t("home.heading")}</h1>
      <p className="lead">{t("home.lead")}</p>
      <div className="cluster">
        <Link to={pathTo("onboarding", locale)} className={buttonClassName("primary", "lg")}>
          {t("home.startScreening")}
        </Link>
        <Link to={pathTo("courses", locale)} className={buttonClassName("secondary", "lg")}>
          {t("home.browseCourses")}
        </Link>
      </div>
      <section className="stack" aria-labelledby="how-it-works">
        <h2 id="how-it-works">{t("home.howItWorks")}</h2>
        <ol className="steps">
          <li>{t("home.step1")}</li>
          <li>{t("home.step2")}</li>
          <li>{t("home.step3")}</li>
        </ol>
      </section>
      <p className="muted">{t("home.notEmergency")}</p>
    </div>
  );
}
