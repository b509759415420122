import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useLocation } from "react-router";
import { languageCookie } from "../../common/i18n/language-choice.ts";
import { LOCALES, LOCALE_SETTINGS } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { useScreen } from "../lib/use-screen.ts";

/** Switches language and stays on the same screen; the choice is saved in pref_lang (§4). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { screen, locale, params } = useScreen();
  const { search } = useLocation();
  return (
    <nav className="language-switcher" aria-label={t("language.switcherLabel")}>
      <ul className="cluster">
        {LOCALES.map((code) => {
          const href = screen ? `${pathTo(screen.id, code, params)}${search}` : pathTo("home", code);
          const settings = LOCALE_SETTINGS[code];
          return (
            <li key={code}>
              <Link
                to={href}
                lang={settings.htmlLang}
                hrefLang={settings.htmlLang}
                aria-current={code === locale ? "true" : undefined}
                onClick={() => {
                  document.cookie = languageCookie(code);
                }}
                reloadDocument
              >
                {settings.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
