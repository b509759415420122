import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "./api/endpoints.ts";
import { createTestApp, json } from "./testing/test-app.ts";
import { EXAMPLE_PRIVACY_ENV } from "./testing/privacy-env.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("process endpoints and headers", () => {
  it("answers /healthz and /readyz when migrations are applied", async () => {
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ status: "ready" });
  });

  it("sends the security headers on API answers, with a fresh CSP nonce each time", async () => {
    const a = await app.inject({ method: "GET", url: "/api/v1/me/" });
    const b = await app.inject({ method: "GET", url: "/api/v1/nope" });
    for (const response of [a, b]) {
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("same-origin");
      expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(response.headers["permissions-policy"]).toContain("camera=()");
      expect(response.headers["cache-control"]).toBe("no-store");
      const csp = String(response.headers["content-security-policy"]);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "'strict-dynamic'"]) {
        expect(csp).toContain(directive);
      }
    }
    const nonce = (r: typeof a) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
    expect(a.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS in production", async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://unused/db",
        SMTP_URL: "smtp://localhost:25",
        PUBLIC_ORIGIN: "https://kbt.example.se",
        BANKID_BASE_URL: "https://appapi2.bankid.com/rp/v6.0",
        BANKID_PFX_PATH: "/nonexistent/bankid.p12",
        BANKID_PFX_PASSPHRASE: "unused",
        BANKID_CA_PATH: "/nonexistent/bankid-ca.pem",
        ...EXAMPLE_PRIVACY_ENV,
      },
    });
    try {
      const response = await prod.inject({ method: "GET", url: "/healthz" });
      expect(response.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    } finally {
      await prod.close();
    }
  });

  it("serves an OpenAPI document listing every endpoint", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = json(response) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const endpoint of endpoints) {
      const path = `/api/v1${endpoint.url}`.replace(/:([A-Za-z_]+)/g, "{$1}");
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()]).toBeDefined();
    }
  });
});
