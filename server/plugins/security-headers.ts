import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers on every response. The CSP nonce is fresh per response and handed to React
 * Router's SSR (request.cspNonce), so its inline scripts carry it.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // React renders a few dynamic values (progress widths) as style attributes.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "media-src 'self'",
    options.dev ? "connect-src 'self' ws://localhost:24678" : "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

const NONCE_BYTES = 16;
/** Nonces are cut from a block of random bytes: one call into the CSPRNG per 256 requests. */
const NONCE_BLOCK = NONCE_BYTES * 256;
let nonceBlock = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh CSP nonce: 16 random bytes, base64, never handed out twice. */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = randomBytes(NONCE_BLOCK);
    nonceOffset = 0;
  }
  const nonce = nonceBlock.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * Every security header of a response (security.md), with a fresh CSP nonce: set on each reply by
 * the plugin below, and written by the HTTP server's own early 429 (lib/early-shed.ts), which
 * answers before Fastify sees the request.
 */
export function securityHeaders(options: { url: string; dev: boolean; production: boolean }): { nonce: string; headers: Record<string, string> } {
  const nonce = newNonce();
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, { dev: options.dev }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
  if (options.production) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  if (options.url.startsWith("/api/")) headers["Cache-Control"] = "no-store";
  return { nonce, headers };
}

/** Sets every security header on a reply; returns the fresh CSP nonce. */
export function applySecurityHeaders(
  reply: FastifyReply,
  options: { url: string; dev: boolean; production: boolean },
): string {
  const { nonce, headers } = securityHeaders(options);
  reply.headers(headers);
  return nonce;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { env } = app.ctx;
  const dev = app.ctx.devServer;
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (req, reply) => {
    req.cspNonce = applySecurityHeaders(reply, { url: req.url, dev, production: env.isProduction });
  });
});
