import { DEFAULT_LOCALE, hasLocalePrefix, isLocale, localeOfPath, type Locale } from "./locales.ts";

export const LANGUAGE_COOKIE = "pref_lang";
/** §9: 365 days, path /, SameSite=None, Secure. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The best of our locales in an Accept-Language header (Norwegian nb/nn/no → no). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0] ?? "";
    if (primary === "nb" || primary === "nn" || primary === "no") return "no";
    if (isLocale(primary)) return primary;
  }
  return null;
}

export function localeFromCookieHeader(header: string | null | undefined): Locale | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/**
 * §4: the language is chosen from the URL prefix, then the saved cookie, then the browser's
 * language, then Swedish. On the home page only, the chosen language applies even when the
 * prefix differs (the saved choice wins over the prefix there), and the caller redirects to
 * that language's home.
 */
export function chooseLocale(input: {
  pathname: string;
  isHome: boolean;
  cookie: Locale | null;
  acceptLanguage: Locale | null;
}): Locale {
  const prefixed = hasLocalePrefix(input.pathname);
  if (!input.isHome) return localeOfPath(input.pathname);
  if (input.cookie) return input.cookie;
  if (prefixed) return localeOfPath(input.pathname);
  return input.acceptLanguage ?? DEFAULT_LOCALE;
}

export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${locale}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; Path=/; SameSite=None; Secure`;
}
