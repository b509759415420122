import type { FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../common/i18n/locales.ts";

/** The page's language, which the API client sends as Accept-Language (nb counts as no). */
export function requestLocale(req: FastifyRequest): Locale {
  const header = req.headers["accept-language"] ?? "";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().split("-")[0] ?? "";
    const code = tag === "nb" || tag === "nn" ? "no" : tag;
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}
