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
 * (unknown, expired, malformed) leaves it anonymous and clears the cookie.
 */
export async function resolveSession(req: FastifyRequest, reply: FastifyReply, value: string): Promise<void> {
  const session = await loadSession(req.server.ctx, value);
  if (session) {
    req.session = session;
    req.sessionCookie = value;
  } else {
    clearSessionCookie(req.server.ctx, reply);
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
  app.addHook("onRequest", async (req, reply) => {
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
    await resolveSession(req, reply, value);
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
