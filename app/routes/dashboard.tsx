import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail } from "../../common/schemas/courses.ts";
import { buttonClassName } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { CourseImage } from "../features/courses/course-image.tsx";
import { CourseProgress } from "../features/courses/course-progress.tsx";
import { PauseNotice } from "../features/courses/pause-notice.tsx";
import { ApiError } from "../lib/api/client.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/dashboard";

const screenGuards = guards("dashboard");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The course in progress; §7: a 404 means there is none. */
const data = screenData("dashboard", async ({ api, locale }) => {
  try {
    return { active: await api.get<CourseDetail>(`/active-course/?locale=${locale}`) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { active: null };
    throw error;
  }
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { active, locale } = loaderData;
  if (!active) {
    return (
      <ScreenIntro id="dashboard">
        <Card tone="soft" aria-labelledby="start-heading" className="stack">
          <h2 id="start-heading">{t("dashboard.startHeading")}</h2>
          <p>{t("dashboard.startText")}</p>
          <div className="cluster">
            <Link className={buttonClassName("primary", "lg")} to={pathTo("courses", locale)}>
              {t("dashboard.chooseCourse")}
            </Link>
            <Link className={buttonClassName("secondary", "lg")} to={pathTo("extendedScreening", locale)}>
              {t("dashboard.doScreening")}
            </Link>
          </div>
        </Card>
      </ScreenIntro>
    );
  }
  const coursePath = pathTo("course", locale, { course: active.slug });
  return (
    <ScreenIntro id="dashboard">
      <Card aria-labelledby="active-heading" className="stack">
        <p className="course-card__meta">{t("dashboard.yourCourse")}</p>
        <CourseImage courseKey={active.key} image={active.image} />
        <h2 id="active-heading">
          <Link to={coursePath}>{active.title}</Link>
        </h2>
        <CourseProgress progress={active.progress} />
        {active.pause_until ? (
          <PauseNotice pauseUntil={active.pause_until} locale={locale} />
        ) : active.active_module ? (
          <Link className={buttonClassName("primary", "lg")} to={`${coursePath}?modul=${active.active_module}`}>
            {t("course.continue")}
          </Link>
        ) : null}
      </Card>
    </ScreenIntro>
  );
}
