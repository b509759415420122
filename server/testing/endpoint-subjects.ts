import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { z } from "zod";
import { API_PREFIX } from "../../common/contract/api-transport.ts";
import type { Endpoint } from "../api/endpoint.ts";
import { endpoints } from "../api/endpoints.ts";

/**
 * The subjects of the cross-cutting suites (CSRF matrix, authorization, fuzzing), derived from the
 * one endpoint list, so an endpoint added to server/api/endpoints.ts is covered without editing
 * the suites.
 */

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Statuses every endpoint may answer besides its own (error handler, auth, CSRF, throttling). */
export const GLOBAL_STATUSES = [400, 401, 403, 404, 429, 413, 415] as const;

export function endpointKey(endpoint: Pick<Endpoint, "method" | "url">): string {
  return `${endpoint.method} ${endpoint.url}`;
}

export function pathParamNames(endpoint: Pick<Endpoint, "url">): string[] {
  return [...endpoint.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? "");
}

/** encodeURIComponent that also sends lone surrogates, as invalid UTF-8 bytes. */
export function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.toWellFormed())}%ED%A0%80`;
  }
}

/** The concrete path of an endpoint; parameters are URL-encoded. */
export function concretePath(
  endpoint: Pick<Endpoint, "url">,
  params: Record<string, string> = {},
): string {
  return `${API_PREFIX}${endpoint.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeAny(params[name] ?? "x"))}`;
}

export const unsafeEndpoints = (): Endpoint[] =>
  endpoints.filter((e) => !SAFE_METHODS.has(e.method));

/** The statuses an endpoint declares: its success status, its `errors` and the global ones. */
export function declaredStatuses(endpoint: Endpoint): Set<number> {
  return new Set([endpoint.status ?? 200, ...(endpoint.errors ?? []), ...GLOBAL_STATUSES]);
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** E-mail addresses every validator accepts (fast-check's own include exotic valid forms). */
const emails = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom("example.test", "example.se", "exempel.nu"),
  )
  .map(([local, domain]) => `${local}@${domain}`);

function stringArbitrary(s: JsonSchema, name = ""): fc.Arbitrary<string> {
  // zod writes a piped e-mail schema's input side as a plain string: the field name tells.
  if (s.format === "email" || (!s.pattern && /(^|_)email$/.test(name))) return emails;
  if (s.format === "uuid") return fc.uuid({ version: 4 });
  if (s.format === "date") {
    return fc
      .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (s.pattern) {
    const max = s.maxLength ?? 200;
    const min = s.minLength ?? 0;
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= min && v.length <= max);
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) });
}

/** Values that satisfy (most) JSON schemas zod produces: the "valid input" half of the fuzzing. */
export function arbitraryOf(schema: JsonSchema, name = ""): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => arbitraryOf(o, name)));
  if (schema.allOf?.length) {
    const { allOf, ...rest } = schema;
    return arbitraryOf(Object.assign({}, rest, ...allOf));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([k, v]) => [k, arbitraryOf(v, k)]),
      );
      return fc.record(model, {
        requiredKeys: (schema.required ?? []).filter((k) => k in properties),
      });
    }
    case "array":
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((o) => arbitraryOf(o)));
      return fc.array(arbitraryOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 10),
      });
    case "string":
      return stringArbitrary(schema, name);
    case "integer":
      return fc.integer({
        min:
          schema.minimum ??
          (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000),
        max:
          schema.maximum ??
          (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000),
      });
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Unicode and size edge cases that break naive code. */
export const nastyStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\uFEFF",
  "\u202Eevil",
  "a\u0301\u0301\u0301",
  "𝕳𝖊𝖑𝖑𝖔",
  "👩‍👩‍👧‍👦",
  "ﬁ",
  "İı",
  "\r\n\t",
  "x".repeat(70_000),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00",
  "${7*7}",
  "__proto__",
  "constructor",
  "NaN",
  "-0",
  "1e309",
);

/** Any JSON-ish value, including the ones zod schemas must refuse. */
export const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  nastyStrings,
  fc.constantFrom(null, true, 0, -1, 2 ** 53, 1.5, [], {}, [[[]]]),
);

/** Raw JSON texts that a JSON.stringify of a plain value cannot produce. */
export const hostileJsonTexts = fc.oneof(
  fc.constant('{"__proto__": {"isAdmin": true, "verified": true}}'),
  fc.constant('{"constructor": {"prototype": {"isAdmin": true}}}'),
  fc.integer({ min: 50, max: 3000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
  fc.integer({ min: 50, max: 3000 }).map((n) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`),
  fc.constant('{"a": 1, "a": 2}'),
  fc.constant("[]"),
  fc.constant("null"),
  fc.constant('"just a string"'),
  fc.constant("{"),
  fc.constant(""),
);

/** A valid value with one field replaced by a hostile one, or with a prototype-polluting key. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc
    .tuple(
      valid,
      wrongTypes,
      fc.nat(),
      fc.constantFrom("replace", "__proto__", "constructor", "extra"),
    )
    .map(([value, bad, index, how]) => {
      if (value === null || typeof value !== "object" || Array.isArray(value))
        return JSON.stringify(bad);
      const keys = Object.keys(value);
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (how === "replace" && keys.length > 0) copy[keys[index % keys.length] ?? ""] = bad;
      else if (how === "extra") copy[`extra_${index % 5}`] = bad;
      const text = JSON.stringify(copy);
      if (how === "__proto__" || how === "constructor") {
        const inner =
          how === "__proto__"
            ? `{"verified": true, "userId": ${JSON.stringify(randomUUID())}}`
            : '{"prototype": {"polluted": 1}}';
        return text === "{}" ? `{"${how}": ${inner}}` : `{"${how}": ${inner}, ${text.slice(1)}`;
      }
      return text;
    });
}

/** A body text for an endpoint: valid per its schema, mutated, or hostile. */
export function bodyTexts(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  if (!endpoint.body)
    return fc.oneof(
      fc.constant(undefined),
      fc.constant("{}"),
      hostileJsonTexts,
      wrongTypes.map((v) => JSON.stringify(v)),
    );
  const valid = arbitraryOf(jsonSchemaOf(endpoint.body));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 3, arbitrary: mutated(valid) },
    { weight: 1, arbitrary: hostileJsonTexts },
    { weight: 1, arbitrary: wrongTypes.map((v) => JSON.stringify(v) ?? "null") },
  );
}

/** A query string (without `?`): valid per the query schema, or hostile keys and values. */
export function queryStrings(endpoint: Endpoint): fc.Arbitrary<string> {
  const valid = endpoint.query ? arbitraryOf(jsonSchemaOf(endpoint.query)) : fc.constant({});
  const encode = (entries: [string, unknown][]) =>
    entries
      .map(
        ([k, v]) =>
          `${encodeAny(k)}=${encodeAny(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`,
      )
      .join("&");
  return fc.oneof(
    valid.map((v) => encode(Object.entries((v ?? {}) as Record<string, unknown>))),
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom("locale", "__proto__", "constructor", "a[b]", "locale[]"),
            fc.string(),
          ),
          fc.oneof(fc.string(), nastyStrings),
        ),
        { maxLength: 4 },
      )
      .map(encode),
    fc.constant("locale=sv&locale=en"),
  );
}

function isDotSegment(value: string): boolean {
  return value === "." || value === "..";
}

/** Path parameter values: known-valid ones for this app, or generated and hostile ones. */
export function paramValues(
  endpoint: Endpoint,
  samples: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<Record<string, string>> {
  const names = pathParamNames(endpoint);
  const model = Object.fromEntries(
    names.map((name) => [
      name,
      fc
        .oneof(
          { weight: 3, arbitrary: samples[name] ?? fc.string({ minLength: 1 }) },
          {
            weight: 1,
            arbitrary: fc.oneof(
              fc.string({ minLength: 1, maxLength: 300 }),
              fc.uuid(),
              nastyStrings.filter((s) => s.length > 0 && s.length < 1000),
            ),
          },
        )
        // "." and ".." stay as they are when encoded, and are dot segments: every URL parser, the
        // test client's included, removes them before the request leaves (GET /public/courses/./
        // is the course list), so no client can send them as a parameter.
        .filter((value) => !isDotSegment(value)),
    ]),
  );
  return fc.record(model) as fc.Arbitrary<Record<string, string>>;
}

/** Extra headers: ordinary, oversized and odd values for headers the app reads. */
export const headerSets: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc
    .record(
      {
        "accept-language": fc.oneof(
          fc.constantFrom("sv", "en-GB,en;q=0.9", "*", "xx-YY;q=abc"),
          fc.string({ maxLength: 300 }),
        ),
        "user-agent": fc.oneof(fc.string({ maxLength: 300 }), fc.constant("x".repeat(8000))),
        "x-forwarded-for": fc.constantFrom("1.2.3.4", "not-an-ip", "::1, 10.0.0.1"),
      },
      { requiredKeys: [] },
    )
    .map((h) =>
      Object.fromEntries(Object.entries(h).map(([k, v]) => [k, v.replace(/[^\x20-\x7e]/g, "")])),
    ),
);

/** Markers of a stack trace or an internal error message leaking into a response body. */
export const STACK_TRACE =
  /\n\s+at .+\(|node:internal|\/server\/|\.ts:\d+|TypeError|ReferenceError|SyntaxError: Unexpected|ZodError/;
