import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { clearOrderCookie, setOrderCookie } from "../lib/bankid-order-cookie.ts";
import { rotateCsrfSecret } from "../lib/csrf-cookie.ts";
import { clearSessionCookie, sessionCookieName, setSessionCookie } from "../lib/session-cookie.ts";
import { setThemeCookie } from "../lib/theme-cookie.ts";
import type { SessionEffect } from "../modules/sessions/session-effects.ts";
import { loadSession, sessionHashOf } from "../modules/sessions/session-service.ts";

/**
 * A request's session from its cookie value: a live session becomes the request's, anything else
 * (unknown, expired, malformed) leaves it anonymous.
 *
 * The cookie is left as it is. A browser sends requests in parallel (React Router's route
 * discovery, loaders, a media file), and one that went out with the id a login or a 2FA
 * confirmation just replaced would, answered last, clear the new session's cookie: the person
 * would find themselves logged out on the next page (issue 19's CI run of 2026-11-28). Only
 * the session's own end (logout, account deletion: the `end` effect) clears it; a dead cookie
 * costs one indexed read and expires with its own Max-Age.
 */
export async function resolveSession(req: FastifyRequest, value: string): Promise<void> {
  const session = await loadSession(req.server.ctx, value);
  if (session) {
    req.session = session;
    req.sessionCookie = value;
  }
}

/**
 * Authenticates every request from its session cookie (static assets excepted). An endpoint that
 * reads the session in its own statement (`sessionJoined`, route config `sessionInStatement`)
 * gets the well-formed cookie in `req.deferredSession` instead, and resolves it itself
 * (api/endpoint.ts): one round trip instead of two.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("session", null);
  app.decorateRequest("sessionCookie", null);
  app.decorateRequest("deferredSession", null);
  app.addHook("onRequest", async (req) => {
    req.session = null;
    req.sessionCookie = null;
    req.deferredSession = null;
    if (req.url.startsWith("/assets/") || req.url.startsWith("/media/")) return;
    const value = req.cookies[sessionCookieName(app.ctx.env)];
    if (!value) return;
    if ((req.routeOptions.config as { sessionInStatement?: boolean }).sessionInStatement === true && sessionHashOf(value) !== null) {
      req.deferredSession = value;
      return;
    }
    await resolveSession(req, value);
  });
});

/**
 * Applies what a service said must happen to the session (modules/sessions/session-effects.ts),
 * in order: cookies, the request's session, headers.
 */
export function applySessionEffects(req: FastifyRequest, reply: FastifyReply, effects: readonly SessionEffect[]): void {
  const ctx = req.server.ctx;
  for (const effect of effects) {
    switch (effect.kind) {
      case "start":
        setSessionCookie(ctx, reply, effect.cookieValue);
        req.session = effect.session;
        req.sessionCookie = effect.cookieValue;
        break;
      case "end":
        req.session = null;
        clearSessionCookie(ctx, reply);
        break;
      case "theme":
        setThemeCookie(ctx, reply, effect.theme);
        break;
      case "rotate-csrf":
        rotateCsrfSecret(req, reply);
        break;
      case "clear-site-data":
        reply.header("Clear-Site-Data", '"cache", "storage"');
        break;
      case "bankid-order":
        setOrderCookie(ctx, reply, effect.binding, effect.maxAgeSeconds);
        break;
      case "clear-bankid-order":
        clearOrderCookie(ctx, reply);
        break;
    }
  }
}
