import { Link } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import type { PublicCourse } from "../../../common/schemas/courses.ts";
import { Button } from "../../components/button.tsx";
import { useDialog } from "../../lib/dialog.tsx";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { CourseImage } from "./course-image.tsx";
import "./courses.css";

/**
 * A course as a visitor sees it (the step after "here is what we suggest"): what it is about, a
 * clear way to start — an account (RegisterDialog) or logging in — and what its parts hold.
 */
export function PublicCourseView({ course, locale }: { course: PublicCourse; locale: Locale }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  return (
    <div className="page stack course-page">
      <p>
        <Link to={pathTo("courses", locale)}>{t("course.allCourses")}</Link>
      </p>
      <CourseImage courseKey={course.key} image={course.image} priority />
      <h1 tabIndex={-1}>{course.title}</h1>
      <p className="lead">{course.summary}</p>
      <section className="card card--soft stack stack--md" aria-labelledby="course-account">
        <h2 id="course-account">{t("course.visitor.title")}</h2>
        <p>{t("course.visitor.text", { weeks: course.estimated_weeks })}</p>
        <div className="cluster">
          <Button variant="primary" size="lg" onClick={() => dialog.open("RegisterDialog")}>
            {t("course.visitor.register")}
          </Button>
          <Button variant="secondary" size="lg" onClick={() => dialog.open("EmailPwdLoginDialog")}>
            {t("course.visitor.login")}
          </Button>
        </div>
      </section>
      <div className="prose" dangerouslySetInnerHTML={{ __html: course.html }} />
      <h2>{t("course.visitor.contents")}</h2>
      <ol className="course-parts">
        {course.course_parts.map((part) => (
          <li key={part.key} className="card course-part">
            <h3>{part.title}</h3>
            <ol className="course-modules">
              {part.content_modules.map((m) => (
                <li key={m.key} className="course-module">
                  <span>{m.title}</span>
                  <span className="course-module__state">{t(`course.types.${m.type}`)}</span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </div>
  );
}
