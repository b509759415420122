import { enterHashing } from "../modules/accounts/passwords.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import { zodFieldErrors } from "../../common/schemas/field-errors.ts";
import type { SessionInfo } from "../modules/sessions/session-types.ts";
import type { Locale } from "../../common/i18n/locales.ts";
import { API_PREFIX, type HttpMethod } from "../../common/contract/api-transport.ts";

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
  handler(ctx: HandlerContext<B, Q, P>): Promise<R>;
}

/** Types an endpoint from its schemas; one endpoint per file, thin. */
export function defineEndpoint<B = undefined, Q = undefined, P = undefined, R = unknown>(
  def: Endpoint<B, Q, P, R>,
): Endpoint<B, Q, P, R> {
  return def;
}

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? (where === "body" ? undefined : {}));
  if (!result.success) {
    throw new AppError("request.invalid", { fields: zodFieldErrors(result.error, where) });
  }
  return result.data;
}

function authorize(level: AuthLevel, session: SessionInfo | null): void {
  if (level === "public") return;
  if (!session) throw new AppError("auth.not_authenticated");
  if (level === "verified" && !session.verified) {
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
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${API_PREFIX}${body}/?$`);
}

const routeTables = new WeakMap<FastifyInstance, { method: HttpMethod; pattern: RegExp }[]>();

/** The methods the API serves at a concrete path (for 405 answers with an Allow header). */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  const table = routeTables.get(app) ?? [];
  const methods = table.filter((r) => r.pattern.test(path)).map((r) => r.method);
  return [...new Set(methods)];
}

export function registerEndpoints(app: FastifyInstance, endpoints: readonly Endpoint[]): void {
  const validateResponses = !app.ctx.env.isProduction;
  const table = routeTables.get(app) ?? [];
  routeTables.set(app, table);
  for (const endpoint of endpoints) {
    table.push({ method: endpoint.method, pattern: patternOf(endpoint.url) });
    app.route({
      method: endpoint.method,
      url: `${API_PREFIX}${endpoint.url}`,
      ...(endpoint.hashesPassword ? { onRequest: admitHashing } : {}),
      handler: async (req, reply) => {
        // Fixed order: (rate limits run in hooks before this) authenticate → CSRF (hook) →
        // validate → run.
        authorize(endpoint.auth, req.session);
        const params = parsePart(endpoint.params, req.params, "params");
        const query = parsePart(endpoint.query, req.query, "query");
        const body = parsePart(endpoint.body, req.body, "body");
        let result: unknown;
        try {
          result = await endpoint.handler({
            body,
            query,
            params,
            req,
            reply,
            session: req.session,
            locale: req.locale,
          });
        } finally {
          req.endInFlight?.();
        }
        if (validateResponses) {
          const checked = endpoint.response.safeParse(result);
          if (!checked.success) {
            throw new Error(
              `Response of ${endpoint.method} ${endpoint.url} does not match its schema: ${checked.error.message}`,
            );
          }
        }
        reply.code(endpoint.status ?? 200);
        return result === undefined ? reply.send() : result;
      },
    });
  }
}
