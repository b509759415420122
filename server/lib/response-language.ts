import { readFileSync } from "node:fs";
import { localeFromAcceptLanguage } from "../../common/i18n/language-choice.ts";
import { DEFAULT_LOCALE, LOCALE_SETTINGS, LOCALES, type Locale } from "../../common/i18n/locales.ts";
import type { AppError, ErrorBody } from "./app-error.ts";
import { projectPath } from "./project-root.ts";

/**
 * The language of an API response (spec §7: the client sends Accept-Language set to its locale).
 * One rule for every endpoint: the best of sv, en, no, da by q-value (nb, nn, no and their
 * regional tags → no; en-*, da-*, sv-* → their language), anything else → Swedish.
 */
export function responseLocale(acceptLanguage: string | string[] | undefined): Locale {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(",") : acceptLanguage;
  return localeFromAcceptLanguage(header) ?? DEFAULT_LOCALE;
}

/** The Content-Language of a response in a locale (BCP 47: Norwegian Bokmål is `nb`). */
export function contentLanguage(locale: Locale): string {
  return LOCALE_SETTINGS[locale].htmlLang;
}

/** A Vary header value with `name` added once (case-insensitive), the other values kept. */
export function withVary(existing: string | number | string[] | undefined, name: string): string {
  const values = (Array.isArray(existing) ? existing.join(",") : String(existing ?? ""))
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
  if (values.includes("*") || values.some((v) => v.toLowerCase() === name.toLowerCase())) return values.join(", ");
  return [...values, name].join(", ");
}

type Tree = { [key: string]: string | Tree };

/** The message files, read once (a few tens of KB each); the server needs only `errors.*`. */
const messages: Record<Locale, Tree> = Object.fromEntries(
  LOCALES.map((locale) => {
    const file = projectPath(`common/i18n/locales/${LOCALE_SETTINGS[locale].messages}.json`);
    return [locale, JSON.parse(readFileSync(file, "utf8")) as Tree];
  }),
) as Record<Locale, Tree>;

function lookup(locale: Locale, key: string): string | undefined {
  let node: string | Tree | undefined = messages[locale];
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * An error's body in a language: `code` and `fields` as they are, `detail` the reason's or the
 * code's message in that language. A CSRF refusal keeps its technical reason after the message,
 * so that clients written to §7 (which retry when the detail mentions CSRF) recognise it.
 */
export function errorBody(error: AppError, locale: Locale): ErrorBody {
  const template =
    (error.reason ? lookup(locale, `errors.reasons.${error.reason}`) : undefined) ??
    lookup(locale, `errors.codes.${error.code}`) ??
    error.message;
  const text = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => error.params?.[name] ?? placeholder);
  const detail = error.code === "csrf.failed" ? `${text} (${error.message})` : text;
  return error.fields ? { detail, code: error.code, fields: error.fields } : { detail, code: error.code };
}
