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
import type { ApiTransport, ApiRequest } from "../common/contract/api-transport.ts";
import type { AppEntryExports } from "../common/contract/request-context.ts";

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

function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${req.protocol}://${req.host}`;
  const url = new URL(req.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
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

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) {
    await reply.send();
    return;
  }
  await reply.send(Readable.fromWeb(response.body as unknown as NodeWebReadableStream));
}

export interface WebOptions {
  /** Loads the server build (production: the built file; development: Vite's module graph). */
  loadBuild: () => Promise<ServerBuild>;
  mode: "production" | "development";
  /** Directory of the client build (production only; Vite serves it in development). */
  clientDir?: string;
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
      if (cached?.build !== build) cached = { build, handler: createRequestHandler(build, options.mode) };
      return cached;
    }

    app.all("/*", async (req, reply) => {
      const { build, handler } = await current();
      const entry = build.entry.module as unknown as AppEntryExports;
      const context = new RouterContextProvider();
      context.set(entry.requestContext, {
        nonce: req.cspNonce,
        api: injectTransport(app, req),
        loggedIn: req.session !== null,
        devPages: app.ctx.env.DEV_PAGES,
        origin: app.ctx.env.PUBLIC_ORIGIN ?? `${req.protocol}://${req.host}`,
      });
      let response: Response;
      try {
        response = await handler(toWebRequest(req, reply), context);
      } finally {
        req.endInFlight?.();
      }
      if (!response.headers.has("Cache-Control")) {
        // Pages may show personal data; nothing is stored for logged-in users.
        reply.header("Cache-Control", req.session ? "no-store" : "no-cache");
      }
      await sendWebResponse(reply, response);
    });
  };
}
