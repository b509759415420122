import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_COOKIE } from "../lib/csrf-cookie.ts";
import {
  createTestApp,
  createTestUser,
  csrfPair,
  json,
  sessionCookieFor,
} from "../testing/test-app.ts";
import { concretePath, endpointKey, unsafeEndpoints } from "../testing/endpoint-subjects.ts";

/**
 * Django's CSRF rules over EVERY state-changing endpoint of the endpoint list (so a new endpoint is
 * covered without touching this file). The plugin's own cases are in server/plugins/csrf.test.ts;
 * this matrix proves that no route opts out.
 */

let app: FastifyInstance;
let session: string;
beforeAll(async () => {
  app = await createTestApp();
  session = await sessionCookieFor(app, await createTestUser(app));
});
afterAll(async () => {
  await app.close();
});

const FOREIGN = "https://evil.example";

function call(method: string, url: string, headers: Record<string, string>) {
  return app.inject({
    method: method as "POST",
    url,
    headers: { "content-type": "application/json", host: "localhost:3000", ...headers },
    payload: "{}",
  });
}

const subjects = unsafeEndpoints();

it("the matrix has subjects (the endpoint list has state-changing endpoints)", () => {
  expect(subjects.length).toBeGreaterThan(10);
});

describe.each(subjects.map((e) => [endpointKey(e), e] as const))("%s", (_key, endpoint) => {
  const url = concretePath(endpoint);
  const cases: [string, () => Record<string, string>, string][] = [
    ["no cookie", () => ({ "x-csrftoken": csrfPair().token }), "CSRF cookie not set."],
    ["no header", () => ({ cookie: `${session}; ${csrfPair().cookie}` }), "CSRF token missing."],
    [
      "a wrong token",
      () => ({ cookie: `${session}; ${csrfPair().cookie}`, "x-csrftoken": "A".repeat(64) }),
      "CSRF token incorrect.",
    ],
    [
      "another session's token",
      () => ({ cookie: `${session}; ${csrfPair().cookie}`, "x-csrftoken": csrfPair().token }),
      "CSRF token incorrect.",
    ],
    [
      "a foreign Origin",
      () => {
        const pair = csrfPair();
        return { cookie: `${session}; ${pair.cookie}`, "x-csrftoken": pair.token, origin: FOREIGN };
      },
      `Origin checking failed - ${FOREIGN} does not match any trusted origins.`,
    ],
  ];

  it.each(cases)("refuses %s with 403 and Django's reason", async (_name, headers, reason) => {
    const response = await call(endpoint.method, url, headers());
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: "csrf.failed", detail: expect.stringContaining(`(CSRF Failed: ${reason})`) });
  });

  it("passes the CSRF check with a valid cookie and token pair (masked and plain)", async () => {
    for (const useSecret of [false, true]) {
      const pair = csrfPair();
      const response = await call(endpoint.method, url, {
        cookie: `${CSRF_COOKIE}=${pair.secret}`,
        "x-csrftoken": useSecret ? pair.secret : pair.token,
        origin: "http://localhost:3000",
      });
      expect(response.json()).not.toMatchObject({ code: "csrf.failed" });
    }
  });
});
