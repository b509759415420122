import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { clearSessionCookie, loadSession, sessionCookieName } from "../modules/sessions/session-service.ts";

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
