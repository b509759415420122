import { useEffect, useRef } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link } from "react-router";
import { pathTo, type Screen } from "../../common/routing/route-table.ts";
import { Icon } from "../components/icon.tsx";
import { Logo } from "../components/logo.tsx";
import { useNavigationBar } from "../lib/navigation.tsx";
import { useScreen } from "../lib/use-screen.ts";
import { CrisisLink } from "./crisis-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { LOGOUT_CONFIRMED } from "../features/accounts/logout-state.ts";

type NavKey = NonNullable<Screen["nav"]>;

function SideMenu({ active }: { active: NavKey | undefined }) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const items: { key: NavKey; to: string; icon: "home" | "courses" | "profile" | "contact"; label: string }[] = [
    { key: "home", to: pathTo("dashboard", locale), icon: "home", label: t("nav.home") },
    { key: "courses", to: pathTo("courses", locale), icon: "courses", label: t("nav.courses") },
    { key: "profile", to: pathTo("profile", locale), icon: "profile", label: t("nav.profile") },
    { key: "contact", to: pathTo("contact", locale), icon: "contact", label: t("nav.contact") },
  ];
  return (
    <nav className="side-menu" aria-label={t("nav.mainMenu")}>
      <Link to={pathTo("dashboard", locale)} className="side-menu__logo">
        <Logo width={120} label={t("app.name")} />
      </Link>
      <ul className="side-menu__list">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              className={item.key === active ? "side-menu__link is-active" : "side-menu__link"}
              aria-current={item.key === active ? "page" : undefined}
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={pathTo("logout", locale)} state={LOGOUT_CONFIRMED} className="side-menu__link">
            <Icon name="logout" />
            <span>{t("nav.logout")}</span>
          </Link>
        </li>
      </ul>
      {/* In view on every page however long (clinical.md), like the screening's header link (ADR 035). */}
      <CrisisLink className="side-menu__crisis" />
    </nav>
  );
}

/** Up to 767 px: the top bar (§2 Navigation), by menu type. */
function MobileBar({ menu, active }: { menu: Screen["menu"]; active: NavKey | undefined }) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const { barVisible } = useNavigationBar();
  const bar = useRef<HTMLElement>(null);
  const shown = menu !== "COURSE_OVERVIEW" && barVisible;
  // The bar stays at the top while the page scrolls: the page's scroll padding is its height, so
  // that what the keyboard focuses (Shift+Tab upwards too) is scrolled out from under it (WCAG
  // 2.4.11). shell.css reads the height, with a fallback until this runs.
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty("--mobile-bar-height", `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--mobile-bar-height");
    };
  }, [shown, menu]);
  if (!shown) return null;
  return (
    <header className="mobile-bar" data-menu={menu} ref={bar}>
      <div className="mobile-bar__row">
        <Link to={pathTo("contact", locale)} className="mobile-bar__icon" aria-label={t("nav.contact")}>
          <Icon name="contact" />
        </Link>
        <Link to={pathTo("dashboard", locale)} className="mobile-bar__logo">
          <Logo width={80} label={t("app.name")} />
        </Link>
        <div className="mobile-bar__end">
          {/* In view on every page however long (clinical.md), like the screening's header link (ADR 035). */}
          <CrisisLink className="mobile-bar__crisis" label={t("crisis.linkShort")} name={t("crisis.link")} />
          {menu === "DEFAULT" ? (
            <Link to={pathTo("profile", locale)} className="mobile-bar__icon" aria-label={t("nav.profile")}>
              <Icon name="profile" />
            </Link>
          ) : (
            <Link to={pathTo("dashboard", locale)} className="mobile-bar__icon" aria-label={t("nav.close")}>
              <Icon name="close" />
            </Link>
          )}
        </div>
      </div>
      {menu === "DEFAULT" ? (
        <nav className="mobile-bar__tabs" aria-label={t("nav.mobileBar")}>
          <Link
            to={pathTo("dashboard", locale)}
            className={active === "home" ? "mobile-bar__tab is-active" : "mobile-bar__tab"}
            aria-current={active === "home" ? "page" : undefined}
          >
            {t("nav.home")}
          </Link>
          <Link
            to={pathTo("courses", locale)}
            className={active === "courses" ? "mobile-bar__tab is-active" : "mobile-bar__tab"}
            aria-current={active === "courses" ? "page" : undefined}
          >
            {t("nav.courses")}
          </Link>
        </nav>
      ) : null}
    </header>
  );
}

/** The default layout with side navigation (§2): used when logged in. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { screen } = useScreen();
  const menu = screen?.menu ?? "DEFAULT";
  return (
    <div className="shell shell--default">
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <MobileBar menu={menu} active={screen?.nav} />
      <SideMenu active={screen?.nav} />
      <div className="shell__content">
        <main id="main" tabIndex={-1} className="main">
          {children}
        </main>
        <footer className="shell__footer cluster">
          <CrisisLink />
          <LanguageSwitcher />
        </footer>
      </div>
    </div>
  );
}
