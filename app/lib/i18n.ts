import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { LOCALE_SETTINGS, type Locale } from "../../common/i18n/locales.ts";

export type Messages = Record<string, unknown>;

/** Loads one language's messages; in the browser each file is its own chunk. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (LOCALE_SETTINGS[locale].messages) {
    case "sv":
      return (await import("../../common/i18n/locales/sv.json")).default;
    case "en":
      return (await import("../../common/i18n/locales/en.json")).default;
    case "nb":
      return (await import("../../common/i18n/locales/nb.json")).default;
    case "da":
      return (await import("../../common/i18n/locales/da.json")).default;
  }
}

/** One i18next instance per request on the server, one per page load in the browser. */
export function createI18n(locale: Locale, messages: Messages): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

const cache = new Map<Locale, Promise<i18n>>();

/** A shared, initialised instance per locale (read-only use: `t`), for loaders and meta. */
export function i18nFor(locale: Locale): Promise<i18n> {
  let instance = cache.get(locale);
  if (!instance) {
    instance = loadMessages(locale).then((messages) => createI18n(locale, messages));
    cache.set(locale, instance);
  }
  return instance;
}
