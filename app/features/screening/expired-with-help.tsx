import { Link } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { Notice } from "../../components/alert.tsx";
import { useTranslation } from "../../lib/i18n-react.tsx";

/**
 * Said in place of going to `/?token=expired` when the answers that could not be saved show the
 * crisis panel (handleScreeningError's "expired"): the help stays on screen above it.
 */
export function ExpiredWithHelp({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" role="alert">
      <p>{t("screening.expiredWithHelp")}</p>
      <p>
        <Link to={`${pathTo("home", locale)}?token=expired`}>{t("errors.home")}</Link>
      </p>
    </Notice>
  );
}
