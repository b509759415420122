import { useTranslation } from "../lib/i18n-react.tsx";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { useScreen } from "../lib/use-screen.ts";
import { CrisisLink } from "./crisis-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

export function SiteFooter() {
  const { t } = useTranslation();
  const { locale } = useScreen();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner stack">
        <p>{t("footer.notEmergency")}</p>
        <CrisisLink />
        <nav aria-label={t("footer.about")}>
          <ul className="cluster site-footer__links">
            <li><Link to={pathTo("aboutUs", locale)}>{t("footer.about")}</Link></li>
            <li><Link to={pathTo("privacy", locale)}>{t("footer.privacy")}</Link></li>
            <li><Link to={pathTo("terms", locale)}>{t("footer.terms")}</Link></li>
            <li><Link to={pathTo("cookies", locale)}>{t("footer.cookies")}</Link></li>
            <li><Link to={pathTo("contact", locale)}>{t("footer.contact")}</Link></li>
          </ul>
        </nav>
        <LanguageSwitcher />
        <p className="muted">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
