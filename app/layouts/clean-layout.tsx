import { useTranslation } from "../lib/i18n-react.tsx";
import { Outlet } from "react-router";
import { Logo } from "../components/logo.tsx";
import { CrisisLink } from "./crisis-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";

/** The clean layout: one centred card for focused steps (2FA, logout). */
export default function CleanLayout() {
  const { t } = useTranslation();
  return (
    <div className="shell shell--clean">
      <main id="main" tabIndex={-1} className="clean-card">
        <div className="clean-card__logo">
          <Logo width={96} label={t("app.name")} />
        </div>
        <Outlet />
      </main>
      <footer className="shell__footer cluster">
        <CrisisLink />
        <LanguageSwitcher />
      </footer>
    </div>
  );
}
