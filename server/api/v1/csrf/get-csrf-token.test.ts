import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unmaskToken } from "../../../lib/csrf-token.ts";
import { createTestApp, csrfPair, json } from "../../../testing/test-app.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("GET /api/v1/csrftoken/", () => {
  it("answers a token and sets the csrftoken cookie it unmasks to", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/csrftoken/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { csrfToken } = json(response) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[A-Za-z0-9]{64}$/);
    const cookie = response.cookies.find((c) => c.name === "csrftoken");
    expect(cookie?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    expect(unmaskToken(csrfToken)).toBe(cookie?.value);
  });

  it("keeps an existing cookie and answers a new mask of its secret", async () => {
    const { cookie, secret } = csrfPair();
    const response = await app.inject({ method: "GET", url: "/api/v1/csrftoken", headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === "csrftoken")).toBeUndefined();
    expect(unmaskToken((json(response) as { csrfToken: string }).csrfToken)).toBe(secret);
  });

  it("replaces a malformed cookie", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/csrftoken/",
      headers: { cookie: "csrftoken=short" },
    });
    expect(response.cookies.find((c) => c.name === "csrftoken")?.value).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("refuses a body-carrying method", async () => {
    const response = await app.inject({ method: "POST", url: "/api/v1/csrftoken/" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET");
  });
});
