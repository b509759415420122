import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, Outlet } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import { Logo } from "../components/logo.tsx";
import { useScreen } from "../lib/use-screen.ts";
import { CrisisLink } from "./crisis-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

/** The screening layout: a quiet frame, the crisis link always in view, nothing to distract. */
export default function ScreeningLayout() {
  const { t } = useTranslation();
  const { locale } = useScreen();
  return (
    <div className="shell shell--screening">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <header className="site-header site-header--quiet">
        <Link to={pathTo("home", locale)} className="site-header__logo">
          <Logo width={100} label={t("app.name")} />
        </Link>
        <CrisisLink />
      </header>
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      <footer className="shell__footer cluster">
        <p className="muted">{t("footer.notEmergency")}</p>
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
