import type { Locale } from "../../../common/i18n/locales.ts";
import type { AreaResult } from "../../../common/schemas/screening.ts";
import { AreaResults } from "./area-results.tsx";
import { EvaluationHistoryPanel } from "./evaluation-history-panel.tsx";
import { RecommendedCourses } from "./recommended-courses.tsx";

/**
 * The extended screening's results below its heading and crisis information: each area, the
 * recommended courses and (logged in) the history. Code of its own, loaded with the results.
 */
export function ExtendedResults({
  areas,
  locale,
  crisis,
  advice,
  loggedIn,
}: {
  areas: AreaResult[];
  locale: Locale;
  crisis: boolean;
  advice: boolean;
  loggedIn: boolean;
}) {
  return (
    <>
      <AreaResults areas={areas} locale={locale} headingLevel={2} crisis={crisis} />
      <RecommendedCourses locale={locale} helpShown={crisis} adviceShown={advice} />
      {loggedIn ? <EvaluationHistoryPanel locale={locale} /> : null}
    </>
  );
}
