import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../api/endpoints.ts";
import { randomIp } from "../testing/accounts.ts";
import { concretePath, endpointKey } from "../testing/endpoint-subjects.ts";
import { createTestApp, createTestUser, csrfPair, json, sessionCookieFor } from "../testing/test-app.ts";

/**
 * A session that has logged in with its password but not passed its second factor reaches the
 * second factor's own set-up and the terms, and nothing else that needs a session: every other
 * endpoint for logged-in sessions answers 403 `auth.forbidden` (health data lives there). The
 * endpoints come from the endpoint list, so a new one is covered without editing this file; the
 * few open before the second factor are named here, so moving an endpoint to them is a decision
 * this suite makes visible. (A visitor's 401 on every endpoint that needs a session:
 * server/api/openapi.test.ts.)
 */

const BEFORE_SECOND_FACTOR = ["GET /twofa/", "POST /twofa/", "POST /twofa/verify/", "POST /me/accept-terms/"];

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Well-formed path parameters: a refusal is then the session check's, not the validator's. */
const PARAMS = { slug: "stress", module: "00000000-0000-4000-8000-000000000000", row: "00000000-0000-4000-8000-000000000000" };

async function asUnverified(endpoint: (typeof endpoints)[number]) {
  const pair = csrfPair();
  const session = await sessionCookieFor(app, await createTestUser(app), { verified: false });
  return app.inject({
    method: endpoint.method,
    url: concretePath(endpoint, PARAMS),
    remoteAddress: randomIp(),
    headers: {
      cookie: `${session}; ${pair.cookie}`,
      ...(endpoint.method === "GET" ? {} : { "x-csrftoken": pair.token, "content-type": "application/json" }),
    },
    ...(endpoint.method === "GET" ? {} : { payload: "{}" }),
  });
}

/**
 * The endpoints open without a session, pinned like the list above: `openapi.test.ts` refuses a
 * visitor on every endpoint that declares a session, so an endpoint moved to "public" would pass
 * there; here it fails until it is added on purpose. The screening's calls take the visitor's
 * onboarding token instead of a session (`onboardingToken: "instead-of-session"`).
 */
const PUBLIC = [
  "GET /course-categories/",
  "GET /csrftoken/",
  "GET /featured-content/",
  "GET /logout",
  "GET /me/",
  "GET /openapi.json",
  "GET /pages/:slug/",
  "GET /privacy/notice/",
  "GET /public/courses/",
  "GET /public/courses/:slug/",
  "GET /recommended-courses/",
  "GET /screening-extended/",
  "GET /screening/",
  "GET /screening/stats/",
  "GET /terms/",
  "POST /coderequest",
  "POST /contact/",
  "POST /login",
  "POST /login/cancel",
  "POST /login/email",
  "POST /login/status",
  "POST /logout",
  "POST /onboarding/",
  "POST /onboarding/complete",
  "POST /onboarding/register",
  "POST /onboarding/register/email",
  "POST /onboarding/valid",
  "POST /onboarding/validate-token",
  "POST /password/reset",
  "POST /password/reset/complete",
  "POST /screening-extended/",
  "POST /screening/",
];

it("opens only these endpoints without a session", () => {
  expect(endpoints.filter((e) => e.auth === "public").map(endpointKey).sort()).toEqual([...PUBLIC].sort());
});

it("opens only the second factor's set-up and the terms before the second factor", () => {
  expect(endpoints.filter((e) => e.auth === "user").map(endpointKey).sort()).toEqual([...BEFORE_SECOND_FACTOR].sort());
});

describe.each(endpoints.filter((e) => e.auth === "verified").map((e) => [endpointKey(e), e] as const))("%s", (_key, endpoint) => {
  it("refuses a session before its second factor (403 auth.forbidden)", async () => {
    const response = await asUnverified(endpoint);
    expect(response.statusCode, response.body).toBe(403);
    expect(json(response).code).toBe("auth.forbidden");
  });
});

describe.each(endpoints.filter((e) => e.auth === "user").map((e) => [endpointKey(e), e] as const))("%s", (_key, endpoint) => {
  it("is open to a session before its second factor (no 401, no auth.forbidden)", async () => {
    const response = await asUnverified(endpoint);
    expect(response.statusCode, response.body).not.toBe(401);
    expect(response.body).not.toContain("auth.forbidden");
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});
