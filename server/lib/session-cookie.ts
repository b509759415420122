import type { FastifyReply } from "fastify";
import type { AppContext } from "../app-context.ts";

/*
 * The session cookie: set when a session starts and cleared when it ends (plugins/session.ts
 * applySessionEffects); a cookie naming no live session is left alone (plugins/session.ts
 * resolveSession says why). Here, not in
 * the session service, so that services (server/modules) know nothing of Fastify's reply.
 */

/** The session cookie's name outside production (Django's); production uses `__Host-sessionid`. */
export const SESSION_COOKIE = "sessionid";

/** `__Host-sessionid` when the deployment uses `__Host-` cookies (ADR 017), else `sessionid`. */
export function sessionCookieName(env: Pick<AppContext["env"], "HOST_COOKIES">): string {
  return env.HOST_COOKIES ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, value: string): void {
  reply.setCookie(sessionCookieName(ctx.env), value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
    maxAge: ctx.env.SESSION_ABSOLUTE_HOURS * 3600,
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx.env), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
  });
}
