import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { Notice } from "../../components/alert.tsx";
import { buttonClassName } from "../../components/button.tsx";
import { CrisisPanel } from "../../components/crisis-panel.tsx";
import { GetHelpNow } from "../../components/get-help-now.tsx";
import { useTranslation } from "../../lib/i18n-react.tsx";

/**
 * The light screening's results: the crisis information and "get help now" first after item 9
 * above 0, the areas, healthcare advice, the next steps (back to the course the person came from,
 * the extended screening) and, only without a crisis answer and last, how others answered.
 */
export function LightResults({
  result,
  course,
  locale,
  areas,
  stats,
  headingRef,
}: {
  result: { crisis: boolean; healthcare_advice: boolean };
  /** The course the person was sent here from (409 screening.required), by slug. */
  course: string | null;
  locale: Locale;
  /** The area results (loaded when needed). */
  areas: ReactNode;
  /** How others answered. */
  stats: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  // After item 9 above 0 the main action is getting help now; the next steps stay, quieter.
  const next = result.crisis ? "secondary" : "primary";
  return (
    <div className="page stack">
      {/* Safety first: the crisis information comes before any score. */}
      {result.crisis ? (
        <>
          <CrisisPanel locale={locale} context="answer" headingId="crisis-result" />
          <GetHelpNow locale={locale} />
        </>
      ) : null}
      <h1 ref={headingRef} tabIndex={-1}>
        {t("screening.light.resultsHeading")}
      </h1>
      <p className="lead">{t("screening.light.resultsIntro")}</p>
      {result.healthcare_advice ? (
        <Notice tone="info" title={t("screening.healthcare.title")}>
          <p>{t("screening.healthcare.text")}</p>
        </Notice>
      ) : null}
      {areas}
      <section className="card card--soft stack stack--sm" aria-labelledby="next-step">
        <h2 id="next-step">{t("screening.light.nextHeading")}</h2>
        {course ? (
          <>
            <p>{t("screening.light.backToCourseText")}</p>
            <div>
              <Link className={buttonClassName(next, "lg")} to={pathTo("course", locale, { course })}>
                {t("screening.light.backToCourse")}
              </Link>
            </div>
          </>
        ) : null}
        <p>{t(result.crisis ? "screening.light.nextLater" : "screening.light.next")}</p>
        <div>
          <Link className={buttonClassName(course ? "secondary" : next, course ? "md" : "lg")} to={pathTo("extendedScreening", locale)}>
            {t("screening.light.toExtended")}
          </Link>
        </div>
      </section>
      {/* How others answered: never right after the crisis information, and not then at all. */}
      {result.crisis ? null : stats}
    </div>
  );
}
