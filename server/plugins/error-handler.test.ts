import en from "../../common/i18n/locales/en.json";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineEndpoint, registerEndpoints, type Endpoint } from "../api/endpoint.ts";
import { createTestApp, csrfPair, json } from "../testing/test-app.ts";

let app: FastifyInstance;
const { cookie, token } = csrfPair();
const headers = { cookie, "x-csrftoken": token, "content-type": "application/json" };

const echo = defineEndpoint({
  method: "POST",
  url: "/test-validate/:slug/",
  summary: "test",
  auth: "public",
  params: z.strictObject({ slug: z.string().regex(/^[a-z]+$/) }),
  body: z.strictObject({ name: z.string().min(2), age: z.number().int().min(0) }),
  response: z.object({ ok: z.literal(true) }),
  async handler() {
    return { ok: true as const };
  },
});

beforeAll(async () => {
  app = await createTestApp({
    extend: (instance) => {
      registerEndpoints(instance, [echo as Endpoint]);
      instance.get("/api/v1/test-boom", async () => {
        throw new Error("secret internal detail");
      });
    },
  });
});
afterAll(async () => {
  await app.close();
});

describe("API error conventions", () => {
  it("answers unknown /api/v1 paths with JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/nope", headers: { "accept-language": "en" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(json(response)).toMatchObject({ detail: en.errors.codes.request.not_found, code: "request.not_found" });
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const response = await app.inject({
      method: "PUT",
      url: "/api/v1/me/",
      headers: { cookie, "x-csrftoken": token },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, DELETE");
  });

  it("answers 413 for a body over 1 MB", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-validate/abc/",
      headers,
      payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), age: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(json(response).code).toBe("request.body_too_large");
  });

  it("answers 415 for text/plain", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-validate/abc/",
      headers: { ...headers, "content-type": "text/plain" },
      payload: "hello",
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).code).toBe("request.unsupported_media_type");
  });

  it("answers 400 with a code for malformed JSON", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-validate/abc/",
      headers,
      payload: '{"name": "x",',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe("request.malformed_json");
  });

  it("answers 400 with the failing fields, unknown fields included", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-validate/ABC/",
      headers,
      payload: { name: "x", isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    const body = json(response);
    expect(body.code).toBe("request.invalid");
    expect(body.fields).toEqual({
      "params.slug": "invalid_format",
    });
    const bodyErrors = await app.inject({
      method: "POST",
      url: "/api/v1/test-validate/abc/",
      headers,
      payload: { name: "x", isAdmin: true },
    });
    expect(json(bodyErrors).fields).toEqual({
      "body.name": "too_small",
      "body.age": "required",
      "body.isAdmin": "unknown_field",
    });
  });

  it("passes valid input", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/test-validate/abc",
      headers,
      payload: { name: "Alva", age: 30 },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ ok: true });
  });

  it("answers 500 without a stack trace or internal detail", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/test-boom", headers: { "accept-language": "en" } });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({ detail: en.errors.codes.server.error, code: "server.error" });
    expect(response.body).not.toContain("secret internal detail");
  });
});
