/** Locale settings (§3): codes, display names, message files, date locales, URL prefixes. */
export const LOCALES = ["sv", "en", "no", "da"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "sv";

export interface LocaleSettings {
  code: Locale;
  /** Display name in its own language. */
  name: string;
  /** The message file in common/i18n/locales/. */
  messages: "sv" | "en" | "nb" | "da";
  /** BCP 47 tag for Intl date and number formatting. */
  dateLocale: string;
  /** The URL prefix ("" for the default locale). */
  prefix: "" | "/en" | "/no" | "/da";
  /** The value of <html lang>. */
  htmlLang: string;
}

export const LOCALE_SETTINGS: Record<Locale, LocaleSettings> = {
  sv: { code: "sv", name: "Svenska", messages: "sv", dateLocale: "sv", prefix: "", htmlLang: "sv" },
  en: { code: "en", name: "English", messages: "en", dateLocale: "en-US", prefix: "/en", htmlLang: "en" },
  no: { code: "no", name: "Norsk", messages: "nb", dateLocale: "nb", prefix: "/no", htmlLang: "nb" },
  da: { code: "da", name: "Dansk", messages: "da", dateLocale: "da", prefix: "/da", htmlLang: "da" },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The locale a path's prefix names (Swedish for unprefixed paths). */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split("/")[1] ?? "";
  if (first === "en" || first === "no" || first === "da") return first;
  return DEFAULT_LOCALE;
}

/** Whether the path starts with a language prefix at all. */
export function hasLocalePrefix(pathname: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return first === "en" || first === "no" || first === "da";
}
