import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRequest, ApiResponse } from "../../common/contract/api-transport.ts";
import { CURRENT_TERMS_VERSION } from "../../common/auth/terms.ts";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import { concretePath, endpointKey, pathParamNames } from "../testing/endpoint-subjects.ts";
import { paramSamples } from "../testing/param-samples.ts";
import { createTestApp, createTestUser, csrfPair, sessionCookieFor } from "../testing/test-app.ts";
import { injectTransport, inProcessTransport } from "../web.ts";
import { matchInProcess, type Endpoint } from "./endpoint.ts";
import { endpoints } from "./endpoints.ts";

/**
 * Server renders call the API's GET endpoints in process (web.ts inProcessTransport) instead of
 * through HTTP (inject). Every answer must be the one HTTP gives: the same status, body, language
 * and error, for visitors and users, valid and invalid parameters, in every language.
 */

let app: FastifyInstance;
let samples: Record<string, fc.Arbitrary<string>>;
const PROBE = "/__in-process-probe";

beforeAll(async () => {
  app = await createTestApp({
    extend: (instance) => {
      // A page request as the web face sees it (session resolved by the hooks), which then calls
      // the API both ways.
      instance.get(PROBE, async (req) => {
        const request = JSON.parse(String(req.headers["x-api-request"])) as ApiRequest;
        const http = await injectTransport(instance, req)(request);
        const direct = await inProcessTransport(instance, req)(request);
        return { http, direct };
      });
    },
  });
  samples = await paramSamples(app);
});
afterAll(async () => {
  await app.close();
});

const getEndpoints = () => endpoints.filter((e) => e.method === "GET") as Endpoint[];

async function bothWays(cookie: string | null, request: ApiRequest): Promise<{ http: ApiResponse; direct: ApiResponse }> {
  const response = await app.inject({
    method: "GET",
    url: PROBE,
    headers: { "x-api-request": JSON.stringify(request), ...(cookie ? { cookie } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body) as { http: ApiResponse; direct: ApiResponse };
}

function expectSameAnswer(http: ApiResponse, direct: ApiResponse, what: string): void {
  expect(direct.status, what).toBe(http.status);
  expect(direct.body, what).toBe(http.body);
  expect(direct.headers["content-language"], what).toBe(http.headers["content-language"]);
  expect(direct.headers["retry-after"], what).toBe(http.headers["retry-after"]);
}

describe("API calls of server renders, in process", () => {
  it("answer every GET endpoint exactly as HTTP does, for visitors and users, in every language", async () => {
    const verified = await createTestUser(app, { termsVersion: CURRENT_TERMS_VERSION, consentVersion: CURRENT_CONSENT_VERSION, totpEnabledAt: new Date() });
    const unverified = await createTestUser(app, { termsVersion: CURRENT_TERMS_VERSION, consentVersion: CURRENT_CONSENT_VERSION });
    const csrf = csrfPair().cookie;
    const who = {
      visitor: null,
      verified: `${await sessionCookieFor(app, verified)}; ${csrf}`,
      unverified: `${await sessionCookieFor(app, unverified, { verified: false })}; ${csrf}`,
      "unknown session": `sessionid=${"z".repeat(43)}`,
    };
    const subjects = getEndpoints().filter((e) => e.inProcess !== false);
    const generated = fc.oneof(fc.constantFrom("x", "%E4", "a".repeat(201), "ä b"), fc.string({ maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...subjects),
        fc.constantFrom(...(Object.keys(who) as (keyof typeof who)[])),
        fc.constantFrom("sv", "en", "nb-NO", "da-DK", "fr", ""),
        fc.constantFrom("", "?locale=en", "?x=1", "?locale=zz"),
        fc.dictionary(fc.constantFrom("slug", "module", "key", "id", "row", "course"), fc.oneof(fc.constantFrom("stress", "somn"), generated)),
        async (endpoint, person, language, query, raw) => {
          const params: Record<string, string> = {};
          for (const name of pathParamNames(endpoint)) params[name] = raw[name] ?? fc.sample(samples[name] ?? generated, 1)[0] ?? "x";
          const path = `${concretePath(endpoint, params)}${query}`;
          const request: ApiRequest = { method: "GET", path, headers: { Accept: "application/json", ...(language ? { "Accept-Language": language } : {}) } };
          const { http, direct } = await bothWays(who[person], request);
          expectSameAnswer(http, direct, `${endpointKey(endpoint)} ${path} as ${person} in '${language}'`);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answer with the user's own data: the same course detail and status as over HTTP", async () => {
    const user = await createTestUser(app, { termsVersion: CURRENT_TERMS_VERSION, consentVersion: CURRENT_CONSENT_VERSION, totpEnabledAt: new Date() });
    const cookie = await sessionCookieFor(app, user);
    for (const path of ["/api/v1/me/", "/api/v1/me/profile/", "/api/v1/courses/", "/api/v1/courses/stress/", "/api/v1/active-course/", "/api/v1/me/evaluation-history/", "/api/v1/recommended-courses/"]) {
      const { http, direct } = await bothWays(cookie, { method: "GET", path, headers: { "Accept-Language": "da" } });
      expectSameAnswer(http, direct, path);
      if (path === "/api/v1/me/") expect(JSON.parse(direct.body)).toMatchObject({ logged_in: true });
    }
  });

  it("go through HTTP for what an in-process call cannot answer the same way", () => {
    expect(matchInProcess(app, "/api/v1/logout")).toBeNull();
    expect(matchInProcess(app, "/api/v1/csrftoken/")).toBeNull();
    expect(matchInProcess(app, "/api/v1/me/export/")).toBeNull();
    expect(matchInProcess(app, `/api/v1/courses/${"a".repeat(201)}/`)).toBeNull();
    expect(matchInProcess(app, "/api/v1/courses/%E4/")).toBeNull();
    expect(matchInProcess(app, "/api/v1/no-such-endpoint/")).toBeNull();
    expect(matchInProcess(app, "/api/v1/courses/stress/?locale=en")).toMatchObject({ params: { slug: "stress" }, query: { locale: "en" } });
  });

  it("answer in process every GET endpoint that does not use the reply (one GET route per path, whatever other methods share it)", () => {
    const inProcess = getEndpoints().filter((e) => e.inProcess !== false);
    const missed = inProcess.filter((e) => matchInProcess(app, concretePath(e, Object.fromEntries(pathParamNames(e).map((n) => [n, "x"]))))?.endpoint !== e);
    expect(missed.map(endpointKey)).toEqual([]);
    expect(matchInProcess(app, "/api/v1/me/")?.endpoint.url).toBe("/me/");
  });

  it("every GET endpoint whose handler uses the reply is marked inProcess: false, and only those", () => {
    const usesReply = (e: Endpoint) => /\breply\b/.test(e.handler.toString());
    expect(getEndpoints().filter((e) => usesReply(e) !== (e.inProcess === false)).map(endpointKey)).toEqual([]);
  });
});
