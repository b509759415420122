import { enterHashing } from "../modules/accounts/passwords.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import { zodFieldErrors } from "../../common/schemas/field-errors.ts";
import type { ReadWithSession, SessionInfo } from "../modules/sessions/session-types.ts";
import type { Locale } from "../../common/i18n/locales.ts";
import { API_PREFIX, type HttpMethod } from "../../common/contract/api-transport.ts";
import { parse as parseQuery } from "node:querystring";
import { errorBody } from "../lib/response-language.ts";
import type { AppContext } from "../app-context.ts";
import { sessionHashOf, sessionStanding, touchLiveSession } from "../modules/sessions/session-service.ts";
import { resolveSession } from "../plugins/session.ts";

/**
 * Who may call an endpoint:
 * - `public`: anyone (visitors too);
 * - `user`: a logged-in session, second factor not needed (2FA set-up and verification);
 * - `verified`: a logged-in session that has passed its second factor (health data lives here).
 */
export type AuthLevel = "public" | "user" | "verified";

/**
 * How an endpoint reads the visitor's onboarding token (header `token`, §6):
 * - `instead-of-session`: a visitor's token stands in for a session (the screening calls);
 * - `optional`: sent when the visitor has one, so their screenings move to the new account.
 */
export type OnboardingTokenUse = "instead-of-session" | "optional";

export interface HandlerContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  session: SessionInfo | null;
  /** The response's language, from Accept-Language (plugins/language.ts). */
  locale: Locale;
}

export interface Endpoint<B = unknown, Q = unknown, P = unknown, R = unknown> {
  method: HttpMethod;
  /** Path under /api/v1, written as spec §7 writes it (with or without the trailing slash). */
  url: string;
  summary: string;
  tags?: string[];
  auth: AuthLevel;
  /** The endpoint reads the onboarding token header (declared in the OpenAPI document). */
  onboardingToken?: OnboardingTokenUse;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  response: z.ZodType<R>;
  /** The success status, 200 unless said. */
  status?: number;
  /** Declared error statuses besides the standard ones (for the OpenAPI document and fuzzing). */
  errors?: number[];
  /**
   * The endpoint hashes a password: a source that already has its share of such requests in
   * flight is refused with 429 as soon as the request arrives, before its body is parsed.
   */
  hashesPassword?: true;
  /**
   * False for a GET endpoint whose handler uses the reply (cookies, headers): server renders then
   * call it over HTTP (inject) instead of in process (web.ts).
   */
  inProcess?: false;
  /**
   * A GET endpoint for logged-in sessions may read the session in its own statement (issue 19: one
   * round trip a call instead of two; see `SessionJoinedRead`). Server renders' in-process calls
   * keep the ordinary path: the page has resolved its session already.
   */
  sessionJoined?: SessionJoinedRead<P, R>;
  handler(ctx: HandlerContext<B, Q, P>): Promise<R>;
}

/**
 * The session and an endpoint's data in one statement. `read` selects, keyed by the session's
 * hash, the session's columns (`sessionColumns`) with what the handler needs of that session's
 * user; `answer` makes the response from it exactly as the handler would from its own reads (the
 * tests compare the two). Null, no row, means either no such session or nothing to answer with
 * (a course that does not exist): the call then takes the ordinary path, which tells them apart.
 */
export interface SessionJoinedRead<P, R> {
  read(
    ctx: AppContext,
    idHash: string,
    params: P,
    locale: Locale,
  ): Promise<ReadWithSession<R> | null>;
}

/** Types an endpoint from its schemas; one endpoint per file, thin. */
export function defineEndpoint<B = undefined, Q = undefined, P = undefined, R = unknown>(
  def: Endpoint<B, Q, P, R>,
): Endpoint<B, Q, P, R> {
  return def;
}

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) {
    if (where === "body") refuseUnexpectedBody(value);
    return undefined as T;
  }
  const input = value ?? (where === "body" ? undefined : {});
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new AppError("request.invalid", { fields: zodFieldErrors(result.error, input, where) });
  }
  return result.data;
}

/**
 * An endpoint that takes no body refuses one with content, as a schema refuses a key it does not
 * know: a client that sends an option (`{"everyone": true}` to POST /logout) is told it was not
 * taken instead of being answered as if it were. No body, null, "" and `{}` pass.
 */
function refuseUnexpectedBody(value: unknown): void {
  if (value === undefined || value === null || value === "") return;
  if (typeof value !== "object" || Array.isArray(value)) throw new AppError("request.invalid", { fields: { body: "invalid_type" } });
  const keys = Object.keys(value);
  if (keys.length === 0) return;
  throw new AppError("request.invalid", { fields: Object.fromEntries(keys.map((key) => [`body.${key}`, "unknown_field"])) });
}

/** A logged-in session is of the endpoint's level (`verified` needs the second factor passed). */
function permits(level: AuthLevel, session: SessionInfo): boolean {
  return level !== "verified" || session.verified;
}

function authorize(level: AuthLevel, session: SessionInfo | null): void {
  if (level === "public") return;
  if (!session) throw new AppError("auth.not_authenticated");
  if (!permits(level, session)) {
    throw new AppError("auth.forbidden", { detail: "Two-factor verification required.", reason: "twofa_required" });
  }
}

/**
 * Admission for endpoints that hash a password (HashGate): taken as the request arrives, given
 * back when its response is finished or its connection closes, whichever comes first.
 */
async function admitHashing(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const leave = enterHashing(req.ip);
  reply.raw.once("close", leave);
  reply.raw.once("finish", leave);
}

/** `/courses/:slug/` → a regular expression matching concrete paths, trailing slash optional. */
function patternOf(url: string): RegExp {
  const body = url
    .replace(/\/$/, "")
    .split("/")
    .map((part) => (part.startsWith(":") ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${API_PREFIX}${body}/?$`);
}

interface RouteEntry {
  method: HttpMethod;
  pattern: RegExp;
  endpoint: Endpoint;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();
const responseChecks = new WeakMap<FastifyInstance, boolean>();

/** The methods the API serves at a concrete path (for 405 answers with an Allow header). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const table = routeTables.get(app) ?? [];
  const methods = table.filter((r) => r.pattern.test(path)).map((r) => r.method);
  return [...new Set(methods)];
}

interface Invocation {
  req: FastifyRequest;
  reply: FastifyReply;
  session: SessionInfo | null;
  locale: Locale;
  params: unknown;
  query: unknown;
  body: unknown;
}

/**
 * An endpoint's fixed order, the same over HTTP and in process: (rate limits and CSRF run in
 * hooks before this, for HTTP) authenticate → validate → run → check the response (outside
 * production).
 */
async function invoke(endpoint: Endpoint, checkResponse: boolean, call: Invocation): Promise<unknown> {
  authorize(endpoint.auth, call.session);
  const params = parsePart(endpoint.params, call.params, "params");
  const query = parsePart(endpoint.query, call.query, "query");
  const body = parsePart(endpoint.body, call.body, "body");
  const result = await endpoint.handler({ body, query, params, req: call.req, reply: call.reply, session: call.session, locale: call.locale });
  return checked(endpoint, checkResponse, result);
}

/** Outside production an answer that does not match the endpoint's response schema is a server error. */
function checked(endpoint: Endpoint, checkResponse: boolean, result: unknown): unknown {
  if (checkResponse) {
    const check = endpoint.response.safeParse(result);
    if (!check.success) {
      throw new Error(`Response of ${endpoint.method} ${endpoint.url} does not match its schema: ${check.error.message}`);
    }
  }
  return result;
}

/**
 * A `sessionJoined` endpoint over HTTP with a well-formed session cookie the session plugin left
 * unread (`req.deferredSession`). The one statement answers only when everything is regular: the
 * parameters valid, a row read, the session live (the same expiry, idle and last-seen rules as
 * `loadSession`) and of the endpoint's level. Anything else resolves the session as the plugin
 * would and runs the ordinary order, so every refusal (401, 403, 400, 404)
 * is the ordinary path's own.
 */
async function invokeJoined(
  endpoint: Endpoint,
  joined: SessionJoinedRead<unknown, unknown>,
  checkResponse: boolean,
  req: FastifyRequest,
  reply: FastifyReply,
  cookie: string,
): Promise<unknown> {
  const ctx = req.server.ctx;
  const params = endpoint.params ? endpoint.params.safeParse(req.params ?? {}) : { success: true as const, data: undefined };
  const idHash = sessionHashOf(cookie);
  if (params.success && idHash !== null) {
    const read = await joined.read(ctx, idHash, params.data, req.locale);
    const standing = read ? sessionStanding(ctx, read.session) : "expired";
    if (read && standing !== "expired" && permits(endpoint.auth, read.session)) {
      const session = standing === "touch" ? await touchLiveSession(ctx, read.session) : read.session;
      req.session = session;
      req.sessionCookie = cookie;
      return checked(endpoint, checkResponse, await read.answer(session));
    }
  }
  await resolveSession(req, cookie);
  return invoke(endpoint, checkResponse, ordinaryCall(req, reply));
}

function ordinaryCall(req: FastifyRequest, reply: FastifyReply): Invocation {
  return { req, reply, session: req.session, locale: req.locale, params: req.params, query: req.query, body: req.body };
}

export function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[]): void {
  const validateResponses = !app.ctx.env.isProduction;
  responseChecks.set(app, validateResponses);
  const table = routeTables.get(app) ?? [];
  routeTables.set(app, table);
  for (const endpoint of endpoints) {
    const joined = endpoint.sessionJoined as SessionJoinedRead<unknown, unknown> | undefined;
    if (joined && (endpoint.method !== "GET" || endpoint.auth === "public" || endpoint.query || endpoint.body)) {
      throw new Error(`${endpoint.method} ${endpoint.url}: only a GET endpoint for logged-in sessions, without query or body, reads its session in its own statement`);
    }
    table.push({ method: endpoint.method, pattern: patternOf(endpoint.url), endpoint: endpoint as Endpoint });
    app.route({
      method: endpoint.method,
      url: `${API_PREFIX}${endpoint.url}`,
      // The handler ends its in-flight work itself, also when the client has gone (app.ts).
      // sessionInStatement: the session plugin leaves the cookie to the endpoint (invokeJoined).
      config: { ownsInFlight: true, sessionInStatement: joined !== undefined },
      ...(endpoint.hashesPassword ? { onRequest: admitHashing } : {}),
      handler: async (req, reply) => {
        let result: unknown;
        try {
          const deferred = req.deferredSession;
          result =
            joined && deferred !== null
              ? await invokeJoined(endpoint as Endpoint, joined, validateResponses, req, reply, deferred)
              : await invoke(endpoint as Endpoint, validateResponses, ordinaryCall(req, reply));
        } finally {
          req.endInFlight?.();
        }
        reply.code(endpoint.status ?? 200);
        return result === undefined ? reply.send() : result;
      },
    });
  }
}

/** A GET endpoint found for an in-process call, with its path parameters decoded. */
export interface InProcessMatch {
  endpoint: Endpoint;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
}

/** Fastify's limit on a path parameter (app.ts routerOptions.maxParamLength). */
const MAX_PARAM_LENGTH = 200;

/**
 * The endpoint that would answer `GET path` (path with /api/v1 and any query string), when an
 * in-process call can answer exactly as HTTP would: one GET endpoint matches, it does not use the
 * reply (`inProcess: false`), and its parameters decode as Fastify's router decodes them. Null
 * otherwise: the caller goes through HTTP (inject).
 */
export function matchInProcess(app: FastifyInstance, path: string): InProcessMatch | null {
  const cut = path.indexOf("?");
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const found = (routeTables.get(app) ?? []).filter((r) => r.method === "GET" && r.pattern.test(pathname));
  const route = found[0];
  if (found.length !== 1 || !route || route.endpoint.inProcess === false) return null;
  const params: Record<string, string> = {};
  for (const [name, raw] of Object.entries(route.pattern.exec(pathname)?.groups ?? {})) {
    if (raw.length > MAX_PARAM_LENGTH) return null;
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  const query = cut === -1 ? {} : (parseQuery(path.slice(cut + 1)) as Record<string, string | string[]>);
  return { endpoint: route.endpoint, params, query };
}

/**
 * Runs a matched GET endpoint in process for a server render: the same authorization, validation,
 * handler and response check as over HTTP, for the page request's session, answered as HTTP would
 * answer (status, JSON body, the error body in `locale`). `req` is the request as the endpoint sees
 * it (the page request with the API call's headers).
 */
export async function callInProcess(
  app: FastifyInstance,
  match: InProcessMatch,
  req: FastifyRequest,
  locale: Locale,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  try {
    const result = await invoke(match.endpoint, responseChecks.get(app) ?? true, {
      req,
      reply: NO_REPLY,
      session: req.session,
      locale,
      params: match.params,
      query: match.query,
      body: undefined,
    });
    return {
      status: match.endpoint.status ?? 200,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: result === undefined ? "" : JSON.stringify(result),
    };
  } catch (error) {
    const refusal = error instanceof AppError ? error : new AppError("server.error");
    if (refusal.status >= 500) req.log.error({ err: error }, "in-process API call failed");
    return {
      status: refusal.status,
      headers: { "content-type": "application/json; charset=utf-8", ...refusal.headers },
      body: JSON.stringify(errorBody(refusal, locale)),
    };
  }
}

/** What an endpoint called in process gets as its reply: any use is a mistake (mark it `inProcess: false`). */
const NO_REPLY = new Proxy({} as FastifyReply, {
  get(_target, property) {
    throw new Error(`an endpoint called in process used reply.${String(property)}: mark it inProcess: false`);
  },
});
