import { Link } from "react-router";
import type { Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { CRISIS_PAGE_SLUG } from "../../common/safety/crisis-lines.ts";
import { useTranslation } from "../lib/i18n-react.tsx";
import { buttonClassName } from "./button.tsx";

/** The crisis-help page in a language: where every "get help now" leads. */
export function crisisPagePath(locale: Locale): string {
  return pathTo("contentPage", locale, { slug: CRISIS_PAGE_SLUG[locale] });
}

/**
 * After PHQ-9 item 9 above 0 the main action, wherever the person is, is getting help now: this
 * card with the primary button to the crisis-help page. Courses and further screenings stay
 * available as secondary actions.
 */
export function GetHelpNow({ locale, headingId = "help-now", headingLevel = 2 }: { locale: Locale; headingId?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="card card--soft stack stack--sm get-help-now" aria-labelledby={headingId}>
      <Heading id={headingId}>{t("crisis.now.heading")}</Heading>
      <p>{t("crisis.now.text")}</p>
      <div>
        <Link className={buttonClassName("primary", "lg")} to={crisisPagePath(locale)}>
          {t("crisis.now.action")}
        </Link>
      </div>
    </section>
  );
}
