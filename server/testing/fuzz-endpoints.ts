import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { errorResponseSchema } from "../../common/schemas/error.ts";
import type { Endpoint } from "../api/endpoint.ts";
import { randomIp } from "./accounts.ts";
import {
  STACK_TRACE,
  bodyTexts,
  concretePath,
  declaredStatuses,
  headerSets,
  paramValues,
  queryStrings,
} from "./endpoint-subjects.ts";
import { createTestUser, csrfPair, sessionCookieFor } from "./test-app.ts";

export type FuzzRole = "visitor" | "verified";

/**
 * The seed of one endpoint's fuzzing: fixed by default, so `npm test` is reproducible; set
 * `FUZZ_SEED` to another number to replay or vary it, or to `random` for a hunt (with `FUZZ_RUNS`).
 * fast-check prints the seed and the path of a failing case, which replays it.
 */
export function fuzzSeed(endpoint: Endpoint, role: FuzzRole): number {
  const base = propertySeed(20_261_124);
  let hash = 0;
  for (const char of `${role} ${endpoint.method} ${endpoint.url}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (base ^ hash) | 0;
}

/** Runs per endpoint: 20 in `npm test`, `FUZZ_RUNS` in a hunt. */
export function fuzzRuns(fallback = 20): number {
  return Number(process.env.FUZZ_RUNS ?? fallback);
}

/**
 * A property test's time limit that grows with its runs: a hunt of 2,000 runs of an endpoint that
 * hashes a password or writes a large body takes minutes, not the suite's 20 s.
 */
export function fuzzTimeout(runs: number): number {
  return 20_000 + runs * 100;
}

/** A hunt's or a replay's seed for a property test that keeps one seed of its own otherwise. */
export function propertySeed(fixed: number): number {
  const setting = process.env.FUZZ_SEED;
  if (setting === "random") return Math.floor(Math.random() * 2 ** 31);
  return setting === undefined ? fixed : Number(setting);
}

/**
 * One fast-check property for one endpoint: generated valid and hostile path parameters, query,
 * body and headers; the answer is never a 5xx, never shows a stack trace, uses only the statuses
 * the endpoint declares, and matches the endpoint's response schema (2xx) or the error schema.
 */
export async function fuzzEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  role: FuzzRole,
  samples: Record<string, fc.Arbitrary<string>>,
  numRuns: number,
): Promise<void> {
  const allowed = declaredStatuses(endpoint);
  const input = fc.record({
    params: paramValues(endpoint, samples),
    query: queryStrings(endpoint),
    body: endpoint.method === "GET" ? fc.constant(undefined) : bodyTexts(endpoint),
    headers: headerSets,
  });
  await fc.assert(
    fc.asyncProperty(input, async ({ params, query, body, headers }) => {
      const pair = csrfPair();
      const cookies = [pair.cookie];
      if (role === "verified") cookies.push(await sessionCookieFor(app, await createTestUser(app)));
      const url = `${concretePath(endpoint, params)}${query ? `?${query}` : ""}`;
      const response = await app.inject({
        method: endpoint.method,
        url,
        remoteAddress: randomIp(),
        headers: {
          ...headers,
          cookie: cookies.join("; "),
          "x-csrftoken": pair.token,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        ...(body !== undefined ? { payload: body } : {}),
      });
      const where = `${endpoint.method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      expect(response.body, where).not.toMatch(STACK_TRACE);
      expect([...allowed], where).toContain(response.statusCode);
      const parsed: unknown = response.body === "" ? undefined : JSON.parse(response.body);
      if (response.statusCode < 300) {
        const checked = endpoint.response.safeParse(parsed);
        expect(checked.success, `${where}\n${checked.error?.message ?? ""}`).toBe(true);
      } else {
        expect(errorResponseSchema.safeParse(parsed).success, where).toBe(true);
      }
    }),
    { numRuns, endOnFailure: true, seed: fuzzSeed(endpoint, role) },
  );
}
