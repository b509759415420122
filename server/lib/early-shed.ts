import http, { type IncomingMessage, type ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyServerFactory } from "fastify";
import { AppError } from "./app-error.ts";
import { contentLanguage, errorBody, responseLocale } from "./response-language.ts";

type Trust = boolean | string | ((address: string, hop: number) => boolean);

/** The client address of a raw request, decided exactly as Fastify decides `req.ip` (same trust). */
export function clientAddress(trust: Trust): (req: IncomingMessage) => string {
  if (trust === false) return (req) => req.socket.remoteAddress ?? "";
  const fn =
    trust === true
      ? () => true
      : typeof trust === "function"
        ? trust
        : proxyAddr.compile(trust.split(",").map((v) => v.trim()));
  return (req) => proxyAddr(req, fn);
}

/**
 * An HTTP server for Fastify (its own defaults for timeouts kept) that answers some requests
 * before Fastify sees them. Under a flood of thousands of simultaneous logins from one address,
 * every request Fastify handles costs routing, hooks and an error reply; refusing the ones that
 * would be refused anyway (`shed` decides) with a bare 429 here keeps the event loop free for
 * everybody else's requests (docs/security.md, "Bounded work").
 */
export function sheddingServerFactory(
  shed: (req: IncomingMessage) => boolean,
  /** Every response's security headers (plugins/security-headers.ts), for the 429 written here. */
  securityHeaders: (req: IncomingMessage) => Record<string, string>,
): FastifyServerFactory {
  return (handler, fastifyOptions) => {
    // Fastify's options, defaults applied (what its own server factory reads).
    const options = fastifyOptions as {
      http?: http.ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(options.http ?? {}, (req: IncomingMessage, res: ServerResponse) => {
      if (shed(req)) {
        const locale = responseLocale(req.headers["accept-language"]);
        const body = JSON.stringify(errorBody(new AppError("request.rate_limited"), locale));
        const headers: Record<string, string | number> = {};
        for (const [name, value] of Object.entries(securityHeaders(req))) headers[name.toLowerCase()] = value;
        res.writeHead(429, {
          ...headers,
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(body),
          "cache-control": "no-store",
          "retry-after": "1",
          "x-content-type-options": "nosniff",
          "content-language": contentLanguage(locale),
          vary: "Accept-Language",
        });
        res.end(body);
        return;
      }
      handler(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
