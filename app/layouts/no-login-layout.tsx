import { useTranslation } from "../lib/i18n-react.tsx";
import { Link } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { Logo } from "../components/logo.tsx";
import { VisitorActions } from "../features/accounts/visitor-actions.tsx";
import { useScreen } from "../lib/use-screen.ts";
import { useRootData } from "../lib/root-data.ts";
import { SiteFooter } from "./site-footer.tsx";

/** The layout without login (§2): logo and footer; for visitors and the error page. */
export function NoLoginLayout({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const root = useRootData();
  return (
    <div className="shell shell--no-login">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <header className="site-header">
        <Link to={pathTo("home", locale)} className="site-header__logo">
          <Logo width={120} label={t("app.name")} />
        </Link>
        <div className="site-header__end cluster">
          <nav aria-label={t("nav.mainMenu")}>
            <ul className="cluster">
              <li><Link to={pathTo("courses", locale)}>{t("nav.courses")}</Link></li>
              <li><Link to={pathTo("contact", locale)}>{t("nav.contact")}</Link></li>
            </ul>
          </nav>
          {root?.status.logged_in ? null : <VisitorActions className="site-header__actions" />}
        </div>
      </header>
      <main id="main" tabIndex={-1} className={wide ? "main main--wide" : "main"}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
