import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import { csrfSecretOf } from "../lib/csrf-cookie.ts";
import { CSRF_SECRET_LENGTH, CSRF_TOKEN_LENGTH, isWellFormed, tokenMatchesSecret } from "../lib/csrf-token.ts";

export const CSRF_HEADER = "x-csrftoken";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

function reject(reason: string): AppError {
  return new AppError("csrf.failed", { detail: `CSRF Failed: ${reason}` });
}

function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function trustedOrigins(req: FastifyRequest): Set<string> {
  const { env } = req.server.ctx;
  const set = new Set<string>([requestOrigin(req), ...env.CSRF_TRUSTED_ORIGINS]);
  if (env.PUBLIC_ORIGIN) set.add(new URL(env.PUBLIC_ORIGIN).origin);
  return set;
}

/**
 * Whether the site is https for the user: the configured public origin decides, not the socket,
 * so the Referer check also runs behind a TLS-terminating proxy that is not trusted
 * (TRUST_PROXY=false, where the app sees plain http).
 */
function servedOverHttps(req: FastifyRequest): boolean {
  const publicOrigin = req.server.ctx.env.PUBLIC_ORIGIN;
  return req.protocol === "https" || (publicOrigin !== undefined && publicOrigin.startsWith("https:"));
}

function checkOrigin(req: FastifyRequest): void {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (!trustedOrigins(req).has(origin)) {
      throw reject(`Origin checking failed - ${origin} does not match any trusted origins.`);
    }
    return;
  }
  if (!servedOverHttps(req)) return;
  const referer = req.headers.referer;
  if (!referer) throw reject("Referer checking failed - no Referer.");
  let parsed: URL;
  try {
    parsed = new URL(referer);
  } catch {
    throw reject("Referer checking failed - Referer is malformed.");
  }
  if (parsed.protocol !== "https:") {
    throw reject("Referer checking failed - Referer is insecure while host is secure.");
  }
  if (!trustedOrigins(req).has(parsed.origin)) {
    throw reject(`Referer checking failed - ${parsed.origin} does not match any trusted origins.`);
  }
}

/**
 * For the one GET that changes state because the spec names it (GET /logout, §7): the request
 * must come from the site itself. Fetch metadata decides where the browser sends it
 * (`same-origin`, or `none` for an address typed by the person); without it, a matching Origin or
 * Referer. A request that shows none of these is refused too: nothing proves it is not a
 * cross-site navigation from an old browser (a client without a browser uses POST /logout).
 */
export function verifySameOrigin(req: FastifyRequest): void {
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined) {
    if (site === "same-origin" || site === "none") return;
    throw reject(`Fetch metadata checking failed - ${String(site)} request.`);
  }
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (trustedOrigins(req).has(origin)) return;
    throw reject(`Origin checking failed - ${origin} does not match any trusted origins.`);
  }
  const referer = req.headers.referer;
  if (!referer) throw reject("Referer checking failed - no Referer.");
  let refererOrigin: string;
  try {
    refererOrigin = new URL(referer).origin;
  } catch {
    throw reject("Referer checking failed - Referer is malformed.");
  }
  if (!trustedOrigins(req).has(refererOrigin)) {
    throw reject(`Referer checking failed - ${refererOrigin} does not match any trusted origins.`);
  }
}

/** Django's CsrfViewMiddleware, applied to every state-changing request. */
export function verifyCsrf(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  checkOrigin(req);
  const secret = csrfSecretOf(req);
  if (!secret) throw reject("CSRF cookie not set.");
  const raw = req.headers[CSRF_HEADER];
  const token = Array.isArray(raw) ? raw[0] : raw;
  if (!token) throw reject("CSRF token missing.");
  if (token.length !== CSRF_TOKEN_LENGTH && token.length !== CSRF_SECRET_LENGTH) {
    throw reject("CSRF token from the 'X-Csrftoken' HTTP header has incorrect length.");
  }
  if (!isWellFormed(token)) {
    throw reject("CSRF token from the 'X-Csrftoken' HTTP header has invalid characters.");
  }
  if (!tokenMatchesSecret(token, secret)) throw reject("CSRF token incorrect.");
}

export const csrfPlugin = fp(async (app: FastifyInstance) => {
  // preHandler: after the session is loaded (onRequest) and the body parsed (so 413/415/400
  // answer first), before any handler. Only routes that change nothing may opt out.
  app.addHook("preHandler", async (req) => {
    const config = req.routeOptions.config as { csrf?: boolean };
    if (config.csrf === false || req.is404) return;
    verifyCsrf(req);
  });
});
