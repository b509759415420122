import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_LOCALE } from "../../common/i18n/locales.ts";
import { contentLanguage, responseLocale, withVary } from "../lib/response-language.ts";

/**
 * The language of every request, from its Accept-Language alone (server/lib/response-language.ts),
 * decided once as the request arrives: endpoints read `req.locale` for their texts, the error
 * handler for `detail`. Every API response says which language it is in and that it varies by
 * Accept-Language, so a shared cache never serves one language to another.
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("locale", DEFAULT_LOCALE);
  app.addHook("onRequest", async (req) => {
    req.locale = responseLocale(req.headers["accept-language"]);
  });
  app.addHook("onSend", async (req, reply, payload) => {
    if (isApiPath(req.url)) markLanguage(reply, req.locale);
    return payload;
  });
});

/** Whether a request URL is the API's (everything under /api). */
export function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/** Content-Language and Vary: Accept-Language on a response (kept with its other Vary values). */
export function markLanguage(
  reply: { header(name: string, value: string): unknown; getHeader(name: string): string | number | string[] | undefined },
  locale: Parameters<typeof contentLanguage>[0],
): void {
  reply.header("Content-Language", contentLanguage(locale));
  reply.header("Vary", withVary(reply.getHeader("vary"), "Accept-Language"));
}
