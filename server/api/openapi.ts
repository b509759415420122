import { z } from "zod";
import { errorResponseSchema } from "../../common/schemas/error.ts";
import { API_PREFIX } from "../../common/contract/api-transport.ts";
import type { Endpoint } from "./endpoint.ts";

function jsonSchema(schema: z.ZodType, io: "input" | "output"): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });
}

function openApiPath(url: string): string {
  return `${API_PREFIX}${url}`.replace(/:([A-Za-z_]+)/g, "{$1}");
}

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("");

/**
 * A stable operationId from the method and path, for client generators: `GET /me/profile/` →
 * `getMeProfile`, `GET /courses/:slug/` → `getCoursesBySlug`.
 */
export function operationId(endpoint: Pick<Endpoint, "method" | "url">): string {
  const words = endpoint.url
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return `${endpoint.method.toLowerCase()}${words.join("")}`;
}

type Requirement = Record<string, string[]>;

/**
 * Who may call it, as OpenAPI security requirements (alternatives; all schemes of one apply):
 * a session for `user`/`verified`, a session or the onboarding token where a visitor's token
 * stands in for one, and the CSRF header on every method but GET. `[]` says: nothing needed.
 */
export function securityOf(endpoint: Pick<Endpoint, "method" | "auth" | "onboardingToken">): Requirement[] {
  const csrf: Requirement = endpoint.method === "GET" ? {} : { csrf: [] };
  let alternatives: Requirement[];
  if (endpoint.auth !== "public") alternatives = [{ session: [] }];
  else if (endpoint.onboardingToken === "instead-of-session") alternatives = [{ session: [] }, { onboardingToken: [] }];
  else if (endpoint.onboardingToken === "optional") alternatives = [{}, { onboardingToken: [] }];
  else alternatives = [{}];
  const combined = alternatives.map((a) => ({ ...a, ...csrf }));
  return combined.every((r) => Object.keys(r).length === 0) ? [] : combined;
}

/** The error answers an endpoint can give, with the codes of `server/lib/app-error.ts`. */
function errorStatuses(e: Endpoint): Record<string, string> {
  const statuses: Record<string, string> = {
    "400": "Invalid input (`request.invalid` with `fields`), or an invalid or expired link, code or token",
  };
  if (e.auth !== "public") statuses["401"] = "Not logged in (`auth.not_authenticated`)";
  if (e.auth === "verified" || e.onboardingToken === "instead-of-session") {
    statuses["403"] = "The second factor is not done yet (`auth.forbidden`)";
  }
  if (e.method !== "GET") statuses["403"] = "CSRF failure (`csrf.failed`) or not allowed (`auth.forbidden`)";
  if (e.url.includes(":")) statuses["404"] = "Not found (`request.not_found`)";
  if (e.body) {
    statuses["413"] = "Body too large (`request.body_too_large`)";
    statuses["415"] = "Not JSON (`request.unsupported_media_type`)";
  }
  statuses["429"] = "Too many requests (`request.rate_limited`); Retry-After says when to try again";
  for (const status of e.errors ?? []) {
    statuses[String(status)] ??= status === 404 ? "Not found (`request.not_found`)" : status === 503 ? "Unavailable, try again later" : "Conflict with the current state";
  }
  return statuses;
}

/** What each group of operations is about (the `tags` of the endpoints). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  accounts: "Registration by e-mail, password reset and change",
  auth: "Login, logout and CSRF tokens",
  bankid: "Login and registration with BankID",
  contact: "The contact form",
  courses: "Courses, parts, modules, progress and evaluations",
  me: "The logged-in user: status, terms, profile, export, reminders, sessions, deletion",
  meta: "This description",
  pages: "Content pages and featured content",
  screening: "Onboarding, light and extended screening, recommended courses",
  twofa: "Two-factor authentication (TOTP) and recovery codes",
  worksheets: "The user's own worksheet rows",
};

/** `sessionCookie`: `sessionid`, or `__Host-sessionid` where __Host- cookies are on (ADR 017). */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], sessionCookie = "sessionid"): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
  // Every answer, success or error, is in the request's language and says so (plugins/language.ts).
  const headers = {
    "Content-Language": { $ref: "#/components/headers/ContentLanguage" },
    Vary: { $ref: "#/components/headers/Vary" },
  };
  for (const e of endpoints) {
    const path = openApiPath(e.url);
    const responses: Record<string, unknown> = {
      [String(e.status ?? 200)]: {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(e.response, "output") } },
      },
    };
    for (const [status, description] of Object.entries(errorStatuses(e))) {
      responses[status] = { description, content: errorContent };
    }
    responses.default = { description: "Unexpected error (`server.error`, 500) or busy (`server.busy`, 503)", content: errorContent };
    for (const response of Object.values(responses)) Object.assign(response as object, { headers });
    const parameters: unknown[] = [{ $ref: "#/components/parameters/AcceptLanguage" }];
    const paramSchemas = e.params
      ? ((jsonSchema(e.params, "input") as { properties?: Record<string, unknown> }).properties ?? {})
      : {};
    for (const match of e.url.matchAll(/:([A-Za-z_]+)/g)) {
      const name = match[1] ?? "";
      parameters.push({ name, in: "path", required: true, schema: paramSchemas[name] ?? { type: "string" } });
    }
    paths[path] ??= {};
    paths[path][e.method.toLowerCase()] = {
      operationId: operationId(e),
      summary: e.summary,
      tags: e.tags ?? [],
      parameters,
      security: securityOf(e),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(e.body, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  const tags = [...new Set(endpoints.flatMap((e) => e.tags ?? []))]
    .sort()
    .map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "KBT self-help API",
      version: "1",
      description:
        "The JSON API of the self-help application (/api/v1). Paths keep the trailing slashes of the " +
        "specification. Errors answer `{detail, code, fields?}`: `code` is stable, `detail` is in the " +
        "request's language.",
    },
    servers: [{ url: "/", description: "This origin" }],
    tags,
    components: {
      schemas: { Error: jsonSchema(errorResponseSchema, "output") },
      parameters: {
        AcceptLanguage: {
          name: "Accept-Language",
          in: "header",
          required: false,
          description:
            "The language of the texts and error details: the best of sv, en, no, da by q-value " +
            "(nb, nn, no and no-*/nb-* → no; en-*, da-*, sv-* → their language); anything else, or none, → sv.",
          schema: { type: "string", examples: ["sv", "en-GB,en;q=0.9", "nb-NO"] },
        },
      },
      headers: {
        ContentLanguage: {
          description: "The language of the response: sv, en, nb (for the no locale) or da.",
          schema: { type: "string", enum: ["sv", "en", "nb", "da"] },
        },
        Vary: {
          description: "Includes Accept-Language (the response depends on it).",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        csrf: {
          type: "apiKey",
          in: "header",
          name: "X-CSRFToken",
          description: "The token of GET /csrftoken/, sent with the CSRF cookie it sets (Django's scheme).",
        },
        session: { type: "apiKey", in: "cookie", name: sessionCookie, description: "The session of a login." },
        onboardingToken: {
          type: "apiKey",
          in: "header",
          name: "token",
          description: "A visitor's onboarding token (POST /onboarding/), kept in the browser.",
        },
      },
    },
    paths,
  };
}
