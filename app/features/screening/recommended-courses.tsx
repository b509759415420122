import { useTranslation } from "../../lib/i18n-react.tsx";
import { Link } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { getInstrument } from "../../../common/instruments/registry.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import type { RecommendedCourses as RecommendedCoursesDto } from "../../../common/schemas/screening.ts";
import { buttonClassName } from "../../components/button.tsx";
import { GetHelpNow } from "../../components/get-help-now.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { HealthcareAdvice } from "./healthcare-advice.tsx";
import { LoadFailed } from "./load-failed.tsx";
import { useApiData } from "./use-api-data.ts";
import "./screening.css";

/**
 * The ranked courses, each with why and a link to it (the extended screening and the dashboard).
 * After a crisis answer getting help is the main action, so no course link is primary then; nor
 * where the page has its main action elsewhere (`mainAction: false`: the dashboard's course card).
 */
export function RecommendedCourseList({
  courses,
  locale,
  crisis = false,
  mainAction = true,
}: {
  courses: RecommendedCoursesDto["courses"];
  locale: Locale;
  crisis?: boolean;
  mainAction?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ol className="recommended-list">
      {courses.map((course) => {
        const band = getInstrument(course.reason.instrument).bands.find((b) => b.id === course.reason.band);
        return (
          <li key={course.key} className="card stack stack--sm">
            <h3>{course.title}</h3>
            <p>{course.summary}</p>
            <p className="muted">
              {course.reason.criterion === "self_harm"
                ? t("screening.recommended.reason.self_harm")
                : t(`screening.recommended.reason.${course.reason.area}`, { band: band?.label[locale] ?? course.reason.band })}
            </p>
            <Link className={buttonClassName(course.rank === 1 && !crisis && mainAction ? "primary" : "secondary")} to={pathTo("course", locale, { course: course.slug })}>
              {t("screening.recommended.open", { title: course.title })}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * No area at its threshold: no course is needed now, and every course is there to browse. After a
 * crisis answer (`crisis`: the help is shown above) it never says that this is a good sign: only
 * the way to the courses stays. With healthcare advised (`advice`, shown on the page too: PHQ-9 or
 * GAD-7 at 15, a reliable worsening) neither: no course stands out, and the courses are a support
 * beside healthcare.
 */
export function NoCourseNeeded({ locale, crisis = false, advice = false }: { locale: Locale; crisis?: boolean; advice?: boolean }) {
  const { t } = useTranslation();
  const text = crisis ? null : advice ? t("screening.recommended.noneWithAdvice") : t("screening.recommended.noneNeeded");
  return (
    <div className="card card--soft stack stack--sm">
      {text === null ? null : <p>{text}</p>}
      <div>
        <Link className={buttonClassName("secondary")} to={pathTo("courses", locale)}>
          {t("screening.recommended.browseAll")}
        </Link>
      </div>
    </div>
  );
}

/**
 * The courses ranked by the screening, each with why, and healthcare advice when needed.
 * `helpShown`: the page already shows "get help now" above (after a crisis answer);
 * `adviceShown`: the page already shows the healthcare advice above.
 */
export function RecommendedCourses({ locale, helpShown = false, adviceShown = false }: { locale: Locale; helpShown?: boolean; adviceShown?: boolean }) {
  const { t } = useTranslation();
  const { result, retry } = useApiData("recommended courses", () =>
    browserApi().get(`/recommended-courses/`, { schema: () => import("../../../common/schemas/screening.ts").then((m) => m.recommendedCoursesResponse) }),
  );
  return (
    <section className="stack" aria-labelledby="recommended-heading">
      <h2 id="recommended-heading">{t("screening.recommended.heading")}</h2>
      {result.state === "loading" ? <p role="status">{t("screening.loading")}</p> : null}
      {result.state === "failed" ? <LoadFailed onRetry={retry} /> : null}
      {result.state === "ready" ? (
        <>
          {result.data.healthcare_advice && !adviceShown ? <HealthcareAdvice /> : null}
          {result.data.crisis && !helpShown ? <GetHelpNow locale={locale} headingId="help-now-recommended" headingLevel={3} /> : null}
          {result.data.courses.length === 0 ? <NoCourseNeeded locale={locale} crisis={result.data.crisis} advice={result.data.healthcare_advice} /> : null}
          <RecommendedCourseList courses={result.data.courses} locale={locale} crisis={result.data.crisis} />
        </>
      ) : null}
    </section>
  );
}
