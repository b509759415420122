import { existsSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createRequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import type { ApiTransport, ApiRequest } from "../common/contract/api-transport.ts";
import type { AppEntryExports } from "../common/contract/request-context.ts";
import { LANGUAGE_COOKIE, localeFromAcceptLanguage } from "../common/i18n/language-choice.ts";
import { callInProcess, matchInProcess } from "./api/endpoint.ts";
import { contentLanguage, responseLocale } from "./lib/response-language.ts";
import { NONCE_MARK, RenderCache, withNonce, type CachedPage } from "./lib/render-cache.ts";
import { RenderSlots } from "./lib/render-slots.ts";
import { sessionCookieName } from "./lib/session-cookie.ts";
import { THEME_COOKIE } from "./lib/theme-cookie.ts";
import { contentGeneration } from "./modules/content/content-generation.ts";

/**
 * The in-process transport for SSR loaders: the same /api/v1 as the browser uses, through
 * Fastify's inject, forwarding the incoming request's cookies, language and address.
 */
export function injectTransport(app: FastifyInstance, incoming: FastifyRequest): ApiTransport {
  return async (request: ApiRequest) => {
    const headers: Record<string, string> = { ...request.headers };
    if (incoming.headers.cookie) headers.cookie = incoming.headers.cookie;
    if (incoming.headers["user-agent"]) headers["user-agent"] = incoming.headers["user-agent"];
    headers.host = incoming.host;
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers,
      remoteAddress: incoming.ip,
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    const responseHeaders: Record<string, string> = {};
    for (const [key, value] of Object.entries(response.headers)) {
      if (typeof value === "string") responseHeaders[key] = value;
      else if (typeof value === "number") responseHeaders[key] = String(value);
    }
    return { status: response.statusCode, headers: responseHeaders, body: response.body };
  };
}

/**
 * The SSR loaders' transport: GET calls to the API run in process (server/api/endpoint.ts
 * callInProcess) for the page request's session, resolved once as the page request arrived; the
 * endpoint sees the request as inject would show it (the API call's headers with this request's
 * cookie, user agent and host). Other calls, and endpoints that use the reply, go through inject.
 */
export function inProcessTransport(app: FastifyInstance, incoming: FastifyRequest): ApiTransport {
  const inject = injectTransport(app, incoming);
  return async (request: ApiRequest) => {
    if (request.method !== "GET") return inject(request);
    const match = matchInProcess(app, request.path);
    if (!match) return inject(request);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
    if (incoming.headers.cookie) headers.cookie = incoming.headers.cookie;
    if (incoming.headers["user-agent"]) headers["user-agent"] = incoming.headers["user-agent"];
    headers.host = incoming.host;
    const locale = responseLocale(headers["accept-language"]);
    const seen = Object.create(incoming, {
      headers: { value: headers },
      url: { value: request.path },
      method: { value: "GET" },
      locale: { value: locale },
    }) as FastifyRequest;
    const response = await callInProcess(app, match, seen, locale);
    response.headers["content-language"] = contentLanguage(locale);
    return response;
  };
}

/**
 * The path a page request should have been sent to, or null when it already is: backslashes are
 * slashes (as browsers read them in an http URL) and no segment is empty (`//`). The answer always
 * starts with exactly one slash, so it never names another host.
 */
export function canonicalPagePath(url: string): string | null {
  const cut = url.indexOf("?");
  const pathname = cut === -1 ? url : url.slice(0, cut);
  if (!pathname.includes("\\") && !pathname.includes("//")) return null;
  return pathname.replace(/[\\/]+/g, "/") + (cut === -1 ? "" : url.slice(cut));
}

/**
 * The URL React Router is given for a request target (path and query). The path is set, not
 * parsed against the origin: a request for `//host/...` stays on this host.
 */
export function pageUrl(origin: string, target: string): URL {
  const url = new URL(origin);
  const cut = target.indexOf("?");
  url.pathname = cut === -1 ? target : target.slice(0, cut);
  if (cut !== -1) url.search = target.slice(cut);
  return url;
}

export function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = pageUrl(`${req.protocol}://${req.host}`, req.url);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  // Only a request whose client left before the answer was sent is aborted (an abort after every
  // answer made a DOMException with its stack each time: about 0.7 % of a page's CPU).
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = Readable.toWeb(req.raw) as unknown as ReadableStream;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/** The HTML of rendered documents, by the Response entry.server answered with (`keepDocument`). */
const documents = new WeakMap<Response, string>();

function keepDocument(response: Response, html: string): void {
  documents.set(response, html);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const html = documents.get(response);
  if (html !== undefined) {
    await reply.send(html);
    return;
  }
  if (!response.body) {
    await reply.send();
    return;
  }
  // A page is rendered whole (app/entry.server.tsx): one string, one write.
  if (response.headers.get("content-type")?.startsWith("text/html")) {
    await reply.send(await response.text());
    return;
  }
  await reply.send(Readable.fromWeb(response.body as unknown as NodeWebReadableStream));
}

/** React Router's flag for its route-pattern matcher (ADR 027). */
export const ROUTE_PATTERN_FLAG = "unstable_routePatternMatching";

/**
 * The build as the server runs it: React Router's route-pattern matcher instead of its default
 * one (ADR 027; a tenth of the CPU of a logged-in page went to matching the path against every
 * route, three times a request: 0.1 ms a match against 0.013 ms). Only the server uses it: the
 * flag is left out of the context handed to the browser (`toJSON`), whose router keeps the
 * default matcher, so its first load carries no matcher code (the public pages' budget). The two
 * matchers answer every path of the route table alike (server/web-route-matching.test.ts).
 */
export function withRoutePatternMatching(build: ServerBuild): ServerBuild {
  unstable_preloadRoutePattern();
  const future = { ...build.future, [ROUTE_PATTERN_FLAG]: true };
  // React Router copies `future` with a spread (the copy keeps the flag, not this method) and
  // writes the browser's context with JSON.stringify (this method leaves the flag out).
  Object.defineProperty(future, "toJSON", { value: () => ({ ...build.future }), enumerable: false });
  // React Router's typed flags (FutureConfig) do not list its data routers' flags.
  return { ...build, future: future as unknown as ServerBuild["future"] };
}

export interface WebOptions {
  /** Loads the server build (production: the built file; development: Vite's module graph). */
  loadBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  /** Directory of the client build (production only; Vite serves it in development). */
  clientDir?: string;
  /** Visitors' pages from memory (production; development renders every time, for HMR). */
  renderCache?: RenderCache;
  /** Page renders at a time (server/lib/render-slots.ts); 4 unless said. */
  renderSlots?: number;
  /** How documents are rendered (ADR 028); whole in one pass unless said. */
  renderer?: "string" | "stream";
}

/**
 * The render cache of a production build: a few hundred pages in at most `megabytes` (0: none),
 * none older than a minute.
 */
export function productionRenderCache(megabytes: number): RenderCache | undefined {
  if (megabytes <= 0) return undefined;
  return new RenderCache({ maxEntries: 400, maxBytes: megabytes * 1024 * 1024, ttlMs: 60_000 });
}

/**
 * The render cache's key for a request, or null when the page may carry something of this person
 * and must be rendered for them: not a GET, a query string (links with codes and tokens), or a
 * session cookie (even an expired one). Otherwise a page depends only on what the key holds: the
 * path, the theme and language cookies, the language the browser asks for (the home page's
 * redirect), the origin written into the page, and the content's version.
 */
export function renderCacheKey(req: FastifyRequest, origin: string): string | null {
  if (req.method !== "GET" || req.url.includes("?") || req.session) return null;
  if (req.cookies[sessionCookieName(req.server.ctx.env)] !== undefined) return null;
  const theme = req.cookies[THEME_COOKIE] ?? "";
  const language = req.cookies[LANGUAGE_COOKIE] ?? "";
  if (theme.length > 16 || language.length > 8) return null;
  const asked = localeFromAcceptLanguage(req.headers["accept-language"] ?? null) ?? "";
  return `${contentGeneration()}\n${origin}\n${req.url}\n${theme}\n${language}\n${asked}`;
}

/** The whole rendered page, and whether the cache may keep it for others. */
async function pageOf(response: Response, failed: () => boolean): Promise<{ page: CachedPage; keep: boolean }> {
  const body = documents.get(response) ?? (await response.text());
  const page = { status: response.status, headers: [...response.headers], body };
  const keep =
    response.status === 200 &&
    !failed() &&
    !response.headers.has("set-cookie") &&
    (response.headers.get("content-type")?.startsWith("text/html") ?? false);
  return { page, keep };
}

/** Registers the web face: hashed assets, public files and React Router SSR for every other path. */
export function webFace(options: WebOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    if (options.clientDir && existsSync(options.clientDir)) {
      await app.register(fastifyStatic, {
        root: path.resolve(options.clientDir),
        prefix: "/",
        wildcard: false,
        index: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            "Cache-Control",
            immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
          );
        },
      });
    }

    let cached: { build: ServerBuild; handler: ReturnType<typeof createRequestHandler> } | null =
      null;
    async function current() {
      const build = await options.loadBuild();
      if (cached?.build !== build) cached = { build, handler: createRequestHandler(withRoutePatternMatching(build), options.mode) };
      return cached;
    }

    const slots = new RenderSlots(options.renderSlots ?? 4);
    const documentRenders = { string: 0, stream: 0 };
    app.decorate("documentRenders", documentRenders);
    const onRendered = (renderer: "string" | "stream") => {
      documentRenders[renderer] += 1;
    };
    /** Renders the page with React Router; `nonce` is the response's, or the cache's mark. */
    async function render(req: FastifyRequest, reply: FastifyReply, origin: string, nonce: string, onRenderError?: () => void) {
      return slots.run(() => renderNow(req, reply, origin, nonce, onRenderError));
    }

    async function renderNow(req: FastifyRequest, reply: FastifyReply, origin: string, nonce: string, onRenderError?: () => void) {
      const { build, handler } = await current();
      const entry = build.entry.module as unknown as AppEntryExports;
      const context = new RouterContextProvider();
      context.set(entry.requestContext, {
        nonce,
        api: inProcessTransport(app, req),
        loggedIn: req.session !== null,
        devPages: app.ctx.env.DEV_PAGES,
        origin,
        keepDocument,
        renderer: options.renderer ?? "string",
        onRendered,
        ...(onRenderError ? { onRenderError } : {}),
      });
      return handler(toWebRequest(req, reply), context);
    }

    const cache = options.renderCache;
    if (cache) app.decorate("renderCache", cache);
    let generation = contentGeneration();
    // The render ends its in-flight work itself, also when the client has gone (app.ts).
    app.all("/*", { config: { ownsInFlight: true } }, async (req, reply) => {
      try {
        await page(req, reply);
      } finally {
        req.endInFlight?.();
      }
    });

    async function page(req: FastifyRequest, reply: FastifyReply): Promise<void> {
      const canonical = canonicalPagePath(req.url);
      if (canonical !== null && (req.method === "GET" || req.method === "HEAD")) {
        await reply.redirect(canonical, 301);
        return;
      }
      const origin = app.ctx.env.PUBLIC_ORIGIN ?? `${req.protocol}://${req.host}`;
      if (cache && generation !== contentGeneration()) {
        // Content was imported: every kept page may be out of date.
        generation = contentGeneration();
        cache.clear();
      }
      const key = cache ? renderCacheKey(req, origin) : null;
      if (cache && key !== null) {
        const served = await cache.getOrRender(key, async () => {
          let failed = false;
          const response = await render(req, reply, origin, NONCE_MARK, () => (failed = true));
          return pageOf(response, () => failed);
        });
        if (served.page) {
          const { status, headers } = served.page;
          reply.code(status);
          for (const [name, value] of headers) reply.header(name, value);
          if (!headers.some(([name]) => name === "cache-control")) reply.header("Cache-Control", "no-cache");
          await reply.send(withNonce(served.page, req.cspNonce));
          return;
        }
        // Another request's render of this key could not be shared (a redirect, an error): this
        // one renders for itself, as without the cache.
      }
      const response = await render(req, reply, origin, req.cspNonce);
      // The page's data is read: the in-flight work is done, what remains is writing the HTML.
      req.endInFlight?.();
      if (!response.headers.has("Cache-Control")) {
        // Pages may show personal data; nothing is stored for logged-in users.
        reply.header("Cache-Control", req.session ? "no-store" : "no-cache");
      }
      await sendWebResponse(reply, response);
    }
  };
}
