import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { useRevalidator } from "react-router";
import { languageCookie } from "../../../common/i18n/language-choice.ts";
import { LOCALES, LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { THEME_VALUES, type ProfileDto } from "../../../common/schemas/profile.ts";
import { Notice } from "../../components/alert.tsx";
import { Card } from "../../components/card.tsx";
import { RadioInput } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo, errorMessage } from "../../lib/api/error-message.ts";
import { THEME_COOKIE, type Theme } from "../../lib/theme.ts";
import "./profile.css";

/**
 * Language (saved to the account for e-mails; the page switches to it) and colour theme (saved
 * to the account; the server sets the theme cookie, so the next server render uses it).
 */
export function PreferencesSection({ profile, locale, theme }: { profile: ProfileDto; locale: Locale; theme: Theme }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  /** Said once a theme is saved: the colours change at once, the words confirm it for everyone. */
  const [themeSaved, setThemeSaved] = useState<Theme | null>(null);
  // The choice shows at once; the saved value follows from the server.
  const [current, setCurrent] = useState<Theme>(profile.theme ?? theme);
  const [language, setLanguage] = useState<Locale>(locale);

  const save = async (body: { locale?: Locale; theme?: Theme }) => {
    setError(null);
    try {
      await browserApi().patch("/me/profile/", body);
      return true;
    } catch (caught) {
      setError(errorMessage(t, errorInfo(caught)));
      return false;
    }
  };

  const chooseTheme = async (next: Theme) => {
    setCurrent(next);
    setThemeSaved(null);
    document.documentElement.dataset.theme = next;
    if (await save({ theme: next })) setThemeSaved(next);
    else {
      // Keep the choice in this browser even when the account could not be updated.
      document.cookie = `${THEME_COOKIE}=${next}; Max-Age=31536000; Path=/; SameSite=Lax`;
    }
    await revalidator.revalidate();
  };

  const chooseLanguage = async (next: Locale) => {
    setLanguage(next);
    if (await save({ locale: next })) {
      document.cookie = languageCookie(next);
      window.location.assign(pathTo("profile", next));
    } else setLanguage(locale);
  };

  return (
    <Card aria-labelledby="profile-preferences" className="stack stack--md">
      <h2 id="profile-preferences">{t("profile.preferences.title")}</h2>
      <div role="alert">{error ? <Notice tone="danger">{error}</Notice> : null}</div>
      <ChoiceGroup id="profile-language" legend={t("profile.preferences.language")} hint={t("profile.preferences.languageHint")}>
        {LOCALES.map((code) => (
          <label key={code} className="choice" lang={LOCALE_SETTINGS[code].htmlLang}>
            <RadioInput name="profile-language" value={code} checked={code === language} onChange={() => void chooseLanguage(code)} />
            <span>{LOCALE_SETTINGS[code].name}</span>
          </label>
        ))}
      </ChoiceGroup>
      <ChoiceGroup id="profile-theme" legend={t("profile.preferences.theme")} hint={t("profile.preferences.themeHint")}>
        {THEME_VALUES.map((value) => (
          <label key={value} className="choice">
            <RadioInput name="profile-theme" value={value} checked={value === current} onChange={() => void chooseTheme(value)} />
            <span className={`theme-swatch theme-swatch--${value}`} aria-hidden="true" />
            <span>{t(`themes.${value}`)}</span>
          </label>
        ))}
      </ChoiceGroup>
      <p role="status" className="muted">
        {themeSaved ? t("profile.preferences.themeSaved", { theme: t(`themes.${themeSaved}`) }) : ""}
      </p>
    </Card>
  );
}

/** Radio choices under a legend and a hint; saving never disables them, so keyboard focus stays. */
function ChoiceGroup({ id, legend, hint, children }: { id: string; legend: string; hint: string; children: React.ReactNode }) {
  return (
    <fieldset className="choice-group" aria-describedby={`${id}-hint`}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <div className="cluster">{children}</div>
    </fieldset>
  );
}
