import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTROL_CHARACTERS_CODE } from "../../common/schemas/text.ts";
import type { Endpoint } from "../api/endpoint.ts";
import { endpoints } from "../api/endpoints.ts";
import { randomIp } from "../testing/accounts.ts";
import { concretePath, encodeAny, endpointKey, jsonSchemaOf } from "../testing/endpoint-subjects.ts";
import { fuzzRuns, fuzzTimeout, propertySeed } from "../testing/fuzz-endpoints.ts";
import { createTestApp, createTestUser, csrfPair, sessionCookieFor } from "../testing/test-app.ts";

/**
 * Every text field of every endpoint (body, query and path) refuses control characters with a
 * 400 that names the field `text.control_characters` (common/schemas/text.ts). The fields are
 * found in the request schemas themselves, so a new endpoint or field is covered without being
 * listed here. Fixed seed (FUZZ_SEED and FUZZ_RUNS to hunt).
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
};

/** Whether values of this schema may be free text (a string that is not an enum, literal or uuid). */
function isText(schema: Schema): boolean {
  if (schema.enum !== undefined || schema.const !== undefined || schema.format !== undefined) return false;
  if (schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string"))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(isText);
}

/** The paths of the text fields of a JSON schema; a record's values are reached by the key `k`. */
function textPaths(schema: Schema, prefix: string[] = []): string[][] {
  const out: string[][] = [];
  if (isText(schema) && prefix.length > 0) out.push(prefix);
  for (const [name, child] of Object.entries(schema.properties ?? {})) out.push(...textPaths(child, [...prefix, name]));
  if (typeof schema.additionalProperties === "object") out.push(...textPaths(schema.additionalProperties, [...prefix, "k"]));
  for (const part of schema.allOf ?? []) out.push(...textPaths(part, prefix).filter((p) => p.length > prefix.length));
  return out;
}

function nest(path: string[], value: string): unknown {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

interface Target {
  endpoint: Endpoint;
  where: "body" | "query" | "params";
  path: string[];
}

const targets: Target[] = endpoints.flatMap((endpoint) =>
  (["body", "query", "params"] as const).flatMap((where) => {
    const schema = endpoint[where];
    if (!schema) return [];
    return textPaths(jsonSchemaOf(schema) as Schema).map((path) => ({ endpoint, where, path }));
  }),
);

/** Control characters refused in every field, multi-line ones included (tab and line breaks are not). */
const control = fc.oneof(
  fc.integer({ min: 0x00, max: 0x08 }),
  fc.integer({ min: 0x0b, max: 0x0c }),
  fc.integer({ min: 0x0e, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
).map((code) => String.fromCharCode(code));
const hostileText = fc
  .tuple(fc.string({ maxLength: 6 }), control, fc.string({ maxLength: 6 }))
  .map(([before, c, after]) => `${before}${c}${after}`);

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function send(target: Target, value: string) {
  const { endpoint, where, path } = target;
  const pair = csrfPair();
  const cookies = [pair.cookie];
  if (endpoint.auth !== "public") cookies.push(await sessionCookieFor(app, await createTestUser(app)));
  const field = path[0] ?? "";
  // The other path parameters are valid (a uuid where one is expected), so the body is parsed.
  const paramSchema = endpoint.params ? (jsonSchemaOf(endpoint.params) as Schema) : {};
  const params = Object.fromEntries(
    Object.entries(paramSchema.properties ?? {}).map(([name, s]) => [name, s.format === "uuid" ? randomUUID() : "x"]),
  );
  const url =
    where === "params"
      ? concretePath(endpoint, { ...params, [field]: value })
      : `${concretePath(endpoint, params)}${where === "query" ? `?${field}=${encodeAny(value)}` : ""}`;
  const hasBody = endpoint.method !== "GET";
  const body = where === "body" ? nest(path, value) : {};
  return app.inject({
    method: endpoint.method,
    url,
    remoteAddress: randomIp(),
    headers: {
      cookie: cookies.join("; "),
      "x-csrftoken": pair.token,
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    ...(hasBody ? { payload: JSON.stringify(body) } : {}),
  });
}

describe("control characters in text fields", () => {
  it("the request schemas have text fields to check (names, e-mail, messages, worksheets …)", () => {
    const found = targets.map((t) => `${endpointKey(t.endpoint)} ${t.where}.${t.path.join(".")}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "PATCH /me/profile/ body.name",
        "POST /contact/ body.message",
        "POST /login/email body.email",
        "POST /worksheets/:module/rows/ body.values.k",
      ]),
    );
  });

  it.each(targets.map((t) => [`${endpointKey(t.endpoint)} ${t.where}.${t.path.join(".")}`, t] as const))(
    "%s refuses control characters (400, text.control_characters)",
    async (_name, target) => {
      const field = [target.where, ...target.path].join(".");
      await fc.assert(
        fc.asyncProperty(hostileText, async (value) => {
          const response = await send(target, value);
          const where = `${JSON.stringify(value)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBe(400);
          const fields = (response.json() as { fields?: Record<string, string> }).fields ?? {};
          expect(fields[field], where).toBe(CONTROL_CHARACTERS_CODE);
        }),
        // A hunt (FUZZ_SEED=random) draws a seed of its own; a number replays one.
        { seed: propertySeed(2026), numRuns: fuzzRuns(8), endOnFailure: true },
      );
    },
    fuzzTimeout(fuzzRuns(8)),
  );

  it("a NUL in the display name is a 400 on its field, not a 500", async () => {
    const response = await send({ endpoint: endpoints.find((e) => endpointKey(e) === "PATCH /me/profile/") as Endpoint, where: "body", path: ["name"] }, "Kim\u0000");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "request.invalid", fields: { "body.name": CONTROL_CHARACTERS_CODE } });
  });

  it("multi-line fields keep tab and line breaks; one-line fields refuse them", async () => {
    const contact = endpoints.find((e) => endpointKey(e) === "POST /contact/") as Endpoint;
    const message = await send({ endpoint: contact, where: "body", path: ["message"] }, "rad ett\r\n\trad två");
    expect((message.json() as { fields?: Record<string, string> }).fields?.["body.message"]).toBeUndefined();
    const subject = await send({ endpoint: contact, where: "body", path: ["subject"] }, "rad ett\nrad två");
    expect((subject.json() as { fields?: Record<string, string> }).fields?.["body.subject"]).toBe(CONTROL_CHARACTERS_CODE);
  });
});
