import { useCallback } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useRevalidator } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail } from "../../common/schemas/courses.ts";
import { featuredContentResponse } from "../../common/schemas/featured-content.ts";
import { profileResponse } from "../../common/schemas/profile.ts";
import { evaluationHistoryResponse, recommendedCoursesResponse, type RecommendedCourses } from "../../common/schemas/screening.ts";
import { buttonClassName } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { CourseImage } from "../features/courses/course-image.tsx";
import { CourseProgress } from "../features/courses/course-progress.tsx";
import { PauseNotice } from "../features/courses/pause-notice.tsx";
import { DashboardHelp, FeaturedSection, HistorySection, RecommendedSection, SectionFailed } from "../features/dashboard/dashboard-sections.tsx";
import { recentCrisisIn } from "../features/dashboard/recent-crisis.ts";
import { logFailure } from "../features/screening/use-onboarding-check.ts";
import { ApiError } from "../lib/api/client.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/dashboard";

const screenGuards = guards("dashboard");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** A section's data, or null when it could not be loaded (logged; the page still renders). */
async function section<T>(what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    logFailure(what, error);
    return null;
  }
}

/**
 * What the dashboard shows of the course in progress. The course's parts, modules and texts stay
 * out of the page's data: they were about 12 KB, a third of the page's HTML (36.7 → 24.9 KB),
 * written into every dashboard for the browser's router and encoded on every render (issue 19).
 */
type ActiveCourseCardData = Pick<CourseDetail, "key" | "image" | "slug" | "title" | "progress" | "pause_until" | "active_module">;

/** The card's fields of the course the API answered. */
function activeCourseCard({ key, image, slug, title, progress, pause_until, active_module }: CourseDetail): ActiveCourseCardData {
  return { key, image, slug, title, progress, pause_until, active_module };
}

type ActiveCourse = { state: "none" } | { state: "failed" } | { state: "ready"; course: ActiveCourseCardData };

/** Every section at once; §7: a 404 of the active course means there is none. */
const data = screenData("dashboard", async ({ api, status }) => {
  const [active, profile, recommended, featured, history] = await Promise.all([
    api.get<CourseDetail>(`/active-course/`).then(
      (course): ActiveCourse => ({ state: "ready", course: activeCourseCard(course) }),
      (error: unknown): ActiveCourse => {
        if (error instanceof ApiError && error.status === 404) return { state: "none" };
        logFailure("active course", error);
        return { state: "failed" };
      },
    ),
    section("profile", () => api.get("/me/profile/", { schema: profileResponse })),
    section("recommended courses", () => api.get(`/recommended-courses/`, { schema: recommendedCoursesResponse })),
    section("featured content", () => api.get(`/featured-content/`, { schema: featuredContentResponse })),
    section("evaluation history", () => api.get("/me/evaluation-history/", { schema: evaluationHistoryResponse })),
  ]);
  // Greeted by where they are: "Welcome" on first arrival, "Welcome back" once they have a course or have logged in before.
  const returning = status.has_logged_in_before || active.state === "ready";
  // Help comes first (clinical.md); the recommendations say when. When they could not be read, a
  // crisis answer of the last 14 days in the history still puts "get help now" and the advice there.
  const crisisInHistory = recommended === null && recentCrisisIn(history, Date.now() / 1000);
  return { active, name: profile?.name?.trim() || null, returning, recommended, featured, history, crisisInHistory };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/** The course in progress with its progress and either "Continue" or the pause countdown. */
function ActiveCourseCard({ course, locale, crisis }: { course: ActiveCourseCardData; locale: Route.ComponentProps["loaderData"]["locale"]; crisis: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  // When the pause ends, load the dashboard again: the next part opens and "Continue" appears.
  const onOver = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const coursePath = pathTo("course", locale, { course: course.slug });
  return (
    <Card aria-labelledby="active-heading" className="stack">
      <p className="course-card__meta">{t("dashboard.yourCourse")}</p>
      <CourseImage courseKey={course.key} image={course.image} />
      <h2 id="active-heading">
        <Link to={coursePath}>{course.title}</Link>
      </h2>
      <CourseProgress progress={course.progress} />
      {course.pause_until ? (
        <PauseNotice pauseUntil={course.pause_until} locale={locale} onOver={onOver} />
      ) : course.active_module ? (
        <div>
          <Link className={buttonClassName(crisis ? "secondary" : "primary", "lg")} to={`${coursePath}?modul=${course.active_module}`}>
            {course.progress === 0 ? t("course.begin") : t("course.continue")}
          </Link>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * No course in progress: the next step. After the extended screening, the course it suggests
 * first; otherwise choose a course, or let the extended screening suggest one. After a crisis
 * answer getting help (above) is the main action, so no course is.
 */
function StartCard({ locale, recommended, crisis }: { locale: Route.ComponentProps["loaderData"]["locale"]; recommended: RecommendedCourses | null; crisis: boolean }) {
  const { t } = useTranslation();
  const first = recommended?.based_on === "extended" ? recommended.courses[0] : undefined;
  return (
    <Card tone="soft" aria-labelledby="start-heading" className="stack">
      <h2 id="start-heading">{t("dashboard.startHeading")}</h2>
      <p>{first ? t("dashboard.startSuggested", { title: first.title }) : t("dashboard.startText")}</p>
      <div className="cluster">
        {first ? (
          <Link className={buttonClassName(crisis ? "secondary" : "primary", "lg")} to={pathTo("course", locale, { course: first.slug })}>
            {t("dashboard.startWith", { title: first.title })}
          </Link>
        ) : null}
        <Link className={buttonClassName(first || crisis ? "secondary" : "primary", "lg")} to={pathTo("courses", locale)}>
          {t("dashboard.chooseCourse")}
        </Link>
        {first ? null : (
          <Link className={buttonClassName("secondary", "lg")} to={pathTo("extendedScreening", locale)}>
            {t("dashboard.doScreening")}
          </Link>
        )}
      </div>
    </Card>
  );
}

export default function DashboardScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { active, name, returning, recommended, featured, history, crisisInHistory, locale } = loaderData;
  const crisis = recommended?.crisis ?? crisisInHistory;
  const greeting = returning
    ? name
      ? t("dashboard.greeting", { name })
      : t("screens.dashboard.heading")
    : name
      ? t("dashboard.welcomeNamed", { name })
      : t("dashboard.welcome");
  return (
    <div className="page stack dashboard">
      <div className="stack stack--sm">
        <h1>{greeting}</h1>
        <p className="lead">{returning ? t("screens.dashboard.description") : t("dashboard.firstLead")}</p>
      </div>
      {/* Help before any course (clinical.md): "get help now" after a crisis answer, healthcare advice when due. */}
      <DashboardHelp data={recommended} crisisInHistory={crisisInHistory} locale={locale} />
      {active.state === "ready" ? <ActiveCourseCard course={active.course} locale={locale} crisis={crisis} /> : null}
      {active.state === "none" ? <StartCard locale={locale} recommended={recommended} crisis={crisis} /> : null}
      {active.state === "failed" ? (
        <section className="stack dashboard-section" aria-labelledby="active-failed-heading">
          <h2 id="active-failed-heading">{t("dashboard.yourCourse")}</h2>
          <SectionFailed />
        </section>
      ) : null}
      <RecommendedSection data={recommended} locale={locale} invite={active.state !== "none"} />
      <FeaturedSection items={featured} locale={locale} />
      <HistorySection history={history} locale={locale} />
    </div>
  );
}
