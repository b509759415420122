import { useTranslation } from "../lib/i18n-react.tsx";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseCard } from "../../common/schemas/courses.ts";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { CourseImage } from "../features/courses/course-image.tsx";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/courses";

const screenGuards = guards("courses");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** Visitors see the public courses; verified users every course with their progress. */
const data = screenData("courses", async ({ api, status }) => {
  const url = status.logged_in && status.verified ? `/courses/` : `/public/courses/`;
  return { courses: await api.get<CourseCard[]>(url) };
});
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function CoursesScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { courses, locale } = loaderData;
  return (
    <ScreenIntro id="courses">
      {courses.length === 0 ? (
        <p>{t("courses.empty")}</p>
      ) : (
        <ul className="course-grid" aria-label={t("courses.listLabel")}>
          {courses.map((course, index) => (
            <li key={course.key} className="card course-card">
              <CourseImage courseKey={course.key} image={course.image} priority={index === 0} />
              <h2 className="course-card__title">
                <Link to={pathTo("course", locale, { course: course.slug })}>{course.title}</Link>
              </h2>
              <p>{course.summary}</p>
              <p className="course-card__meta">
                {t("courses.weeks", { count: course.estimated_weeks })}
                {course.status && course.status !== "not_started" ? (
                  <>
                    {" · "}
                    {course.status === "completed"
                      ? t("courses.completed")
                      : t("courses.inProgress", { percent: Math.round((course.progress ?? 0) * 100) })}
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ScreenIntro>
  );
}
