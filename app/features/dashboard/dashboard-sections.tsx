import { useTranslation } from "../../lib/i18n-react.tsx";
import { Link, useRevalidator } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import type { FeaturedItem } from "../../../common/schemas/featured-content.ts";
import type { EvaluationHistory, RecommendedCourses } from "../../../common/schemas/screening.ts";
import { buttonClassName } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { HistoryChart } from "../../components/history-chart.tsx";
import { LoadFailed } from "../screening/load-failed.tsx";
import { GetHelpNow } from "../../components/get-help-now.tsx";
import { HealthcareAdvice } from "../screening/healthcare-advice.tsx";
import { NoCourseNeeded, RecommendedCourseList } from "../screening/recommended-courses.tsx";
import "./dashboard.css";

/** A section that could not be loaded: a calm message and "try again" (reloads the dashboard's data). */
export function SectionFailed() {
  const revalidator = useRevalidator();
  return <LoadFailed onRetry={() => void revalidator.revalidate()} />;
}

/** Where a featured item leads: its course, its module in the course, or its page. */
export function featuredPath(item: FeaturedItem, locale: Locale): string | null {
  if (item.kind === "page" && item.page) return pathTo("contentPage", locale, { slug: item.page.slug });
  if (!item.course) return null;
  const course = pathTo("course", locale, { course: item.course.slug });
  return item.kind === "module" && item.module ? `${course}?modul=${encodeURIComponent(item.module.key)}` : course;
}

/**
 * What comes first on the dashboard, before the course in progress or the one suggested
 * (clinical.md: a person at risk is never routed past help): after PHQ-9 item 9 above 0 (and for 14
 * days after) "get help now", and, when the rules call for it, the advice to contact healthcare.
 * The recommendations below do not repeat them.
 */
export function DashboardHelp({ data, crisisInHistory = false, locale }: { data: RecommendedCourses | null; crisisInHistory?: boolean; locale: Locale }) {
  // Also before any completed screening: a crisis answer in an unfinished one still counts. When
  // the recommendations failed, a crisis answer of the last 14 days in the history (rule H4).
  const crisis = data ? data.crisis : crisisInHistory;
  const advice = data ? data.healthcare_advice : crisisInHistory;
  return (
    <>
      {crisis ? <GetHelpNow locale={locale} headingId="help-now-dashboard" /> : null}
      {advice ? <HealthcareAdvice /> : null}
    </>
  );
}

/**
 * Courses suggested by the newest screening, with why (the help that goes with them is shown first
 * on the page, `DashboardHelp`); without a screening, an invitation to one
 * (its button left out when the start card above already offers the screening).
 */
export function RecommendedSection({ data, locale, invite = true }: { data: RecommendedCourses | null; locale: Locale; invite?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="stack dashboard-section" aria-labelledby="recommended-heading">
      <h2 id="recommended-heading">{t("dashboard.recommendedHeading")}</h2>
      {data === null ? <SectionFailed /> : null}
      {data && data.based_on === null ? (
        <Card as="div" tone="soft" className="stack stack--md">
          <p>{t("dashboard.noScreeningText")}</p>
          {invite ? (
            <div>
              <Link className={buttonClassName("secondary")} to={pathTo("extendedScreening", locale)}>
                {t("dashboard.doScreening")}
              </Link>
            </div>
          ) : null}
        </Card>
      ) : null}
      {data && data.based_on !== null ? (
        <>
          {data.courses.length > 0 ? <p>{t(data.based_on === "light" ? "dashboard.recommendedFromLight" : "dashboard.recommendedIntro")}</p> : null}
          {data.courses.length === 0 ? <NoCourseNeeded locale={locale} crisis={data.crisis} advice={data.healthcare_advice} /> : null}
          {/* The course card above holds the page's one main action (continue, or start the suggested course). */}
          <RecommendedCourseList courses={data.courses} locale={locale} crisis={data.crisis} mainAction={false} />
          {data.based_on === "light" ? (
            <p>
              <Link to={pathTo("extendedScreening", locale)}>{t("dashboard.doScreening")}</Link>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** Featured courses, modules and pages, each a link to where it leads. */
export function FeaturedSection({ items, locale }: { items: FeaturedItem[] | null; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section className="stack dashboard-section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">{t("dashboard.featuredHeading")}</h2>
      {items === null ? <SectionFailed /> : null}
      {items && items.length === 0 ? <p className="muted">{t("dashboard.featuredEmpty")}</p> : null}
      {items && items.length > 0 ? (
        <ul className="dashboard-grid" aria-labelledby="featured-heading">
          {items.map((item) => {
            const to = featuredPath(item, locale);
            return (
              <li key={item.key} className="card stack stack--sm featured-item">
                {item.course && item.kind !== "course" ? <p className="course-card__meta">{item.course.title}</p> : null}
                <h3 className="featured-item__title">{to ? <Link to={to}>{item.title}</Link> : item.title}</h3>
                <p>{item.text}</p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** The questionnaire scores over time, one chart (with its data table) per questionnaire. */
export function HistorySection({ history, locale }: { history: EvaluationHistory | null; locale: Locale }) {
  const { t } = useTranslation();
  const charts = history?.series.filter((series) => series.points.length >= 2) ?? [];
  const single = history?.series.filter((series) => series.points.length < 2) ?? [];
  return (
    <section className="stack dashboard-section" aria-labelledby="history-heading">
      <h2 id="history-heading">{t("dashboard.historyHeading")}</h2>
      {history === null ? <SectionFailed /> : null}
      {history && history.series.length === 0 ? <p className="muted">{t("dashboard.historyEmpty")}</p> : null}
      {charts.length > 0 ? (
        <div className="dashboard-grid dashboard-grid--wide">
          {charts.map((series) => (
            <HistoryChart key={series.instrument} series={series} locale={locale} />
          ))}
        </div>
      ) : null}
      {/* One answer is not a line: a sentence instead of a chart with a single point. */}
      {single.length > 0 ? <p className="muted">{t(charts.length > 0 ? "dashboard.historyMore" : "dashboard.historyOnce")}</p> : null}
    </section>
  );
}
