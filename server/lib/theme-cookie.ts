import type { FastifyReply } from "fastify";
import type { AppContext } from "../app-context.ts";

/** Same name as app/lib/theme.ts reads: the server render uses it (no flash). */
export const THEME_COOKIE = "theme";
const YEAR_SECONDS = 365 * 24 * 3600;

/** The theme cookie, readable by the page's script too (it is not a secret). */
export function setThemeCookie(ctx: AppContext, reply: FastifyReply, theme: string): void {
  reply.setCookie(THEME_COOKIE, theme, {
    path: "/",
    httpOnly: false,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
    maxAge: YEAR_SECONDS,
  });
}
