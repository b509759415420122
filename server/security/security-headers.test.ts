import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NONCE, SECURITY_HEADERS } from "../testing/security-headers.ts";
import { createTestApp, csrfPair } from "../testing/test-app.ts";

/**
 * The security headers of JSON, error and process answers, as one snapshot each (the CSP nonce
 * normalised). HTML and static files are checked against the production build in
 * tests/e2e/security-headers.e2e.ts.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

function securityHeaders(response: LightMyRequestResponse): Record<string, string | undefined> {
  const names = [...Object.keys(SECURITY_HEADERS), "cache-control", "strict-transport-security"];
  return Object.fromEntries(
    names.map((name) => [
      name,
      response.headers[name] === undefined
        ? undefined
        : String(response.headers[name]).replace(NONCE, "'nonce-<nonce>'"),
    ]),
  );
}

const API = {
  ...SECURITY_HEADERS,
  "cache-control": "no-store",
  "strict-transport-security": undefined,
};

describe("security headers snapshot", () => {
  const cases: [string, () => Promise<LightMyRequestResponse>, number][] = [
    ["JSON 200", () => app.inject({ method: "GET", url: "/api/v1/terms/" }), 200],
    ["JSON 401", () => app.inject({ method: "GET", url: "/api/v1/courses/" }), 401],
    [
      "JSON 404 (unknown API path)",
      () => app.inject({ method: "GET", url: "/api/v1/no-such-thing/" }),
      404,
    ],
    ["JSON 405", () => app.inject({ method: "GET", url: "/api/v1/logout/remove" }), 405],
    [
      "JSON 400 (malformed JSON)",
      () => {
        const { cookie, token } = csrfPair();
        return app.inject({
          method: "POST",
          url: "/api/v1/login/email",
          headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
          payload: "{",
        });
      },
      400,
    ],
    [
      "JSON 403 (CSRF)",
      () => app.inject({ method: "POST", url: "/api/v1/login/email", payload: {} }),
      403,
    ],
    [
      "JSON 400 (a path that is not UTF-8)",
      () => app.inject({ method: "GET", url: "/api/v1/pages/%ED%A0%80/" }),
      400,
    ],
  ];

  it.each(cases)("%s", async (_name, call, status) => {
    const response = await call();
    expect(response.statusCode).toBe(status);
    expect(securityHeaders(response)).toEqual(API);
  });

  it("process endpoints carry them too", async () => {
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(securityHeaders(response)).toEqual(API);
  });

  it("the nonce differs per response", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const csp = String(
        (await app.inject({ method: "GET", url: "/api/v1/terms/" })).headers[
          "content-security-policy"
        ],
      );
      const found = [...csp.matchAll(NONCE)].map((m) => m[1]);
      expect(new Set(found).size).toBe(1);
      nonces.add(found[0] ?? "");
    }
    expect(nonces.size).toBe(20);
  });
});
