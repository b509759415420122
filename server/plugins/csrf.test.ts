import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, csrfPair, json } from "../testing/test-app.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({
    extend: (instance) => {
      instance.post("/api/v1/test-echo", async (req) => ({ ok: true, body: req.body }));
    },
  });
});
afterAll(async () => {
  await app.close();
});

function post(headers: Record<string, string>) {
  return app.inject({
    method: "POST",
    url: "/api/v1/test-echo",
    headers: { "content-type": "application/json", host: "localhost:3000", ...headers },
    payload: { hello: "world" },
  });
}

describe("CSRF (Django's rules)", () => {
  it("refuses a POST without the cookie", async () => {
    const response = await post({});
    expect(response.statusCode).toBe(403);
    expect(json(response).detail).toContain("(CSRF Failed: CSRF cookie not set.)");
  });

  it("refuses a POST with the cookie but no header", async () => {
    const { cookie } = csrfPair();
    const response = await post({ cookie });
    expect(response.statusCode).toBe(403);
    expect(json(response).detail).toContain("(CSRF Failed: CSRF token missing.)");
  });

  it("refuses a wrong token, and a token of another cookie", async () => {
    const { cookie } = csrfPair();
    const other = csrfPair();
    const response = await post({ cookie, "x-csrftoken": other.token });
    expect(response.statusCode).toBe(403);
    expect(json(response).detail).toContain("(CSRF Failed: CSRF token incorrect.)");
    const short = await post({ cookie, "x-csrftoken": "abc" });
    expect(json(short).detail).toMatch(/\(CSRF Failed: CSRF token from the 'X-Csrftoken' HTTP header has incorrect length\.\)$/);
  });

  it("refuses a foreign Origin even with a valid pair", async () => {
    const { cookie, token } = csrfPair();
    const response = await post({ cookie, "x-csrftoken": token, origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(json(response).detail).toContain("(CSRF Failed: Origin checking failed - https://evil.example does not match any trusted origins.)");
  });

  it("passes a matching cookie and masked token, also with the same origin", async () => {
    const { cookie, token, secret } = csrfPair();
    const masked = await post({ cookie, "x-csrftoken": token });
    expect(masked.statusCode).toBe(200);
    expect(json(masked)).toEqual({ ok: true, body: { hello: "world" } });
    const plain = await post({ cookie, "x-csrftoken": secret, origin: "http://localhost:3000" });
    expect(plain.statusCode).toBe(200);
  });

  it("checks the Referer over HTTPS when there is no Origin", async () => {
    const { cookie, token } = csrfPair();
    const noReferer = await post({ cookie, "x-csrftoken": token, "x-forwarded-proto": "https" });
    // Without proxy trust the request is plain HTTP, so no Referer is needed.
    expect(noReferer.statusCode).toBe(200);
    const trusted = await createTestApp({
      env: { TRUST_PROXY: "true" },
      extend: (instance) => {
        instance.post("/api/v1/test-echo", async () => ({ ok: true }));
      },
    });
    try {
      const refused = await trusted.inject({
        method: "POST",
        url: "/api/v1/test-echo",
        headers: { cookie, "x-csrftoken": token, "x-forwarded-proto": "https", host: "kbt.test" },
      });
      expect(json(refused).detail).toContain("(CSRF Failed: Referer checking failed - no Referer.)");
      const ok = await trusted.inject({
        method: "POST",
        url: "/api/v1/test-echo",
        headers: {
          cookie,
          "x-csrftoken": token,
          "x-forwarded-proto": "https",
          host: "kbt.test",
          referer: "https://kbt.test/kurser",
        },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await trusted.close();
    }
  });

  it("checks the Referer when the public origin is https, behind a proxy that is not trusted", async () => {
    const { cookie, token } = csrfPair();
    const proxied = await createTestApp({
      env: { TRUST_PROXY: "false", PUBLIC_ORIGIN: "https://kbt.test" },
      extend: (instance) => {
        instance.post("/api/v1/test-echo", async () => ({ ok: true }));
      },
    });
    try {
      // The proxy speaks plain http to the app; the user's browser was on https://kbt.test.
      const send = (extra: Record<string, string>) =>
        proxied.inject({
          method: "POST",
          url: "/api/v1/test-echo",
          headers: { cookie, "x-csrftoken": token, host: "kbt.test", ...extra },
        });
      const foreign = await send({ referer: "https://evil.example/page" });
      expect(foreign.statusCode).toBe(403);
      expect(json(foreign).detail).toContain("(CSRF Failed: Referer checking failed - https://evil.example does not match any trusted origins.)");
      expect(json(await send({})).detail).toContain("(CSRF Failed: Referer checking failed - no Referer.)");
      expect(json(await send({ referer: "http://kbt.test/kurser" })).detail).toContain("(CSRF Failed: Referer checking failed - Referer is insecure while host is secure.)");
      expect((await send({ referer: "https://kbt.test/kurser" })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("lets safe methods through without a token", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/me/" });
    expect(response.statusCode).toBe(200);
  });
});
