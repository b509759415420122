import { LOCALE_SETTINGS, type Locale } from "../../common/i18n/locales.ts";

export type Messages = Record<string, unknown>;

/** Interpolation values (`{{name}}`), `count` for plurals, `defaultValue` for a missing key. */
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };

/** Translates a key (`screens.home.title`) of the loaded messages. */
export type TFunction = (key: string, options?: TOptions) => string;

/** One language's translator: what components get from useTranslation(). */
export interface I18n {
  language: Locale;
  t: TFunction;
}

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

function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The messages' own small format (the subset of i18next's JSON v4 the app uses, without its
 * 16 KB of gzip JavaScript on every page): nested keys joined by dots, `{{name}}` interpolation
 * (not escaped: React escapes), and plurals chosen by `count` with the language's plural rules
 * (`key_one`, `key_other`, …, then `key`). A missing key gives `defaultValue`, else the key.
 */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const plurals = new Intl.PluralRules(LOCALE_SETTINGS[locale].dateLocale);
  const t: TFunction = (key, options = {}) => {
    const { count, defaultValue } = options;
    const text =
      (typeof count === "number" ? lookup(messages, `${key}_${plurals.select(count)}`) : undefined) ??
      lookup(messages, key) ??
      defaultValue ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
      const value = options[name];
      return value === undefined || value === null ? placeholder : String(value);
    });
  };
  return { language: locale, t };
}

const cache = new Map<Locale, Promise<I18n>>();

/** A shared translator per locale (read-only use: `t`), for loaders and meta. */
export function i18nFor(locale: Locale): Promise<I18n> {
  let instance = cache.get(locale);
  if (!instance) {
    instance = loadMessages(locale).then((messages) => createI18n(locale, messages));
    cache.set(locale, instance);
  }
  return instance;
}
