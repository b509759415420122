import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { clearOrderCookie, setOrderCookie } from "../lib/bankid-order-cookie.ts";
import { rotateCsrfSecret } from "../lib/csrf-cookie.ts";
import { clearSessionCookie, sessionCookieName, setSessionCookie } from "../lib/session-cookie.ts";
import { setThemeCookie } from "../lib/theme-cookie.ts";
import type { SessionEffect } from "../modules/sessions/session-effects.ts";
import { loadSession } from "../modules/sessions/session-service.ts";

/** Authenticates every request from its session cookie (static assets excepted). */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("session", null);
  app.decorateRequest("sessionCookie", null);
  app.addHook("onRequest", async (req, reply) => {
    req.session = null;
    req.sessionCookie = null;
    if (req.url.startsWith("/assets/") || req.url.startsWith("/media/")) return;
    const value = req.cookies[sessionCookieName(app.ctx.env)];
    if (!value) return;
    const session = await loadSession(app.ctx, value);
    if (session) {
      req.session = session;
      req.sessionCookie = value;
    } else {
      clearSessionCookie(app.ctx, reply);
    }
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
