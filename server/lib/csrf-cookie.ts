import type { FastifyReply, FastifyRequest } from "fastify";
import { CSRF_SECRET_LENGTH, isWellFormed, newCsrfSecret } from "./csrf-token.ts";

/*
 * The CSRF cookie: read by the CSRF check (plugins/csrf.ts), set by GET /csrftoken/ and rotated
 * at login and logout by the services. Here, not in the plugin, so that services (server/modules)
 * never import a plugin.
 */

/** The CSRF cookie's name outside production (Django's); production uses `__Host-csrftoken`. */
export const CSRF_COOKIE = "csrftoken";

/** `__Host-csrftoken` when the deployment uses `__Host-` cookies (ADR 017), else `csrftoken`. */
export function csrfCookieName(req: FastifyRequest): string {
  return req.server.ctx.env.HOST_COOKIES ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE;
}

/** Django's CSRF_COOKIE_AGE: one year. */
const CSRF_COOKIE_MAX_AGE = 31_449_600;

/** The secret this request's cookie carries, when well formed. */
export function csrfSecretOf(req: FastifyRequest): string | null {
  const value = req.cookies[csrfCookieName(req)];
  return value && isWellFormed(value, CSRF_SECRET_LENGTH) ? value : null;
}

export function setCsrfCookie(req: FastifyRequest, reply: FastifyReply, secret: string): void {
  reply.setCookie(csrfCookieName(req), secret, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: req.server.ctx.env.SECURE_COOKIES,
    maxAge: CSRF_COOKIE_MAX_AGE,
  });
}

/** A new secret at login and logout, as Django rotates it. Returns the new secret. */
export function rotateCsrfSecret(req: FastifyRequest, reply: FastifyReply): string {
  const secret = newCsrfSecret();
  setCsrfCookie(req, reply, secret);
  return secret;
}
