import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import type { FastifyInstance } from "fastify";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../testing/test-app.ts";
// Generated from the OpenAPI description by openapi-typescript (`npm run openapi:types`, which
// `npm run typecheck` and `npm test` run first): this file compiles against it in the typecheck.
import type { paths } from "./generated/openapi-types.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** `fetch` over Fastify's inject, keeping cookies like a browser. */
function injectFetch(jar: Map<string, string>) {
  return async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const headers: Record<string, string> = {};
    input.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const body = input.body ? await input.text() : undefined;
    const response = await app.inject({
      method: input.method as "GET" | "POST",
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body !== undefined ? { payload: body } : {}),
    });
    for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { "content-type": String(response.headers["content-type"] ?? "application/json") },
    });
  };
}

describe("a client generated from the OpenAPI description", () => {
  it("calls three endpoints with typed requests and answers", async () => {
    const jar = new Map<string, string>();
    const api = createClient<paths>({ baseUrl: "http://localhost", fetch: injectFetch(jar) });

    const csrf = await api.GET("/api/v1/csrftoken/");
    const token: string = csrf.data?.csrfToken ?? "";
    expect(token).toHaveLength(64);

    const onboarding = await api.POST("/api/v1/onboarding/", {
      body: { consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale: "en" },
      headers: { "X-CSRFToken": token, "Accept-Language": "en" },
    });
    expect(onboarding.response.status).toBe(201);
    const visitorToken: string = onboarding.data?.token ?? "";
    expect(visitorToken.length).toBeGreaterThan(20);

    const recommended = await api.GET("/api/v1/recommended-courses/", { headers: { token: visitorToken } });
    expect(recommended.error).toBeUndefined();
    const courses: { slug: string; rank: number }[] = recommended.data?.courses ?? [];
    expect(Array.isArray(courses)).toBe(true);

    // The error answers are typed too: {detail, code}.
    const missing = await api.GET("/api/v1/courses/{slug}/", { params: { path: { slug: "no-such-course" } } });
    expect(missing.response.status).toBe(401);
    const code: string | undefined = missing.error?.code;
    expect(code).toBe("auth.not_authenticated");
  });

  it("refuses, at compile time, a path, a body or a field the description does not have", () => {
    const api = createClient<paths>({ baseUrl: "http://localhost", fetch: injectFetch(new Map()) });
    const calls = [
      // @ts-expect-error: no such path
      () => api.GET("/api/v1/no-such-thing/"),
      // @ts-expect-error: consent must be `true`
      () => api.POST("/api/v1/onboarding/", { body: { consent: false, locale: "en" } }),
      // @ts-expect-error: locale is sv, en, no or da
      () => api.POST("/api/v1/onboarding/", { body: { consent: true, locale: "fi" } }),
    ];
    expect(calls).toHaveLength(3);
  });
});
