import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../server/testing/test-app.ts";
import { ApiClient, ApiError, memoryTokenStore } from "./client.ts";
import { createForcedLogout } from "./forced-logout.ts";
import type { ApiRequest, ApiTransport } from "../../../common/contract/api-transport.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({
    extend: (instance) => {
      instance.get("/api/v1/test-denied", async (_req, reply) =>
        reply.code(403).send({ detail: "You do not have permission.", code: "auth.forbidden" }),
      );
    },
  });
});
afterAll(async () => {
  await app.close();
});

/** A same-origin browser's fetch over inject, with one session cookie. */
function browserTransport(cookie: string, seen: ApiRequest[]): ApiTransport {
  return async (request) => {
    seen.push(request);
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: { ...request.headers, cookie, "sec-fetch-site": "same-origin" },
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    return { status: response.statusCode, headers: {}, body: response.body };
  };
}

function page(pathname: string) {
  const visits: string[] = [];
  let reloads = 0;
  return {
    visits,
    reloads: () => reloads,
    options: { home: () => "/en", locale: () => "en", pathname: () => pathname, assign: (url: string) => visits.push(url), reload: () => reloads++ },
  };
}

describe("§8: a 401/403 with a detail that is not about CSRF logs the user out", () => {
  it("calls the logout endpoint, so a session that was still valid ends; clears the token; goes home", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user);
    const seen: ApiRequest[] = [];
    const transport = browserTransport(cookie, seen);
    const csrf = memoryTokenStore("x".repeat(64));
    const where = page("/en/courses");
    const client = new ApiClient({ transport, locale: () => "en", csrf, onLogout: () => void logout() });
    const logout = createForcedLogout({ transport, csrf, ...where.options });
    expect((await client.get<{ logged_in: boolean }>("/me/")).logged_in).toBe(true);

    await expect(client.get("/test-denied")).rejects.toBeInstanceOf(ApiError);
    await logout();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toContain("GET /api/v1/logout");
    // §7: every request says the page's language.
    expect(seen.find((r) => r.path === "/api/v1/logout")?.headers["Accept-Language"]).toBe("en");
    expect(csrf.get()).toBeNull();
    expect(where.visits).toEqual(["/en"]);
    // Before issue 24 the session lived on and "/" sent the person back to the dashboard.
    expect((await client.get<{ logged_in: boolean }>("/me/")).logged_in).toBe(false);
  });

  it("logs out once when several calls fail together", async () => {
    const seen: ApiRequest[] = [];
    const transport = browserTransport("", seen);
    const where = page("/kurser");
    const logout = createForcedLogout({ transport, csrf: memoryTokenStore(), ...where.options });
    await Promise.all([logout(), logout(), logout()]);
    expect(seen.filter((r) => r.path === "/api/v1/logout")).toHaveLength(1);
    expect(where.visits).toEqual(["/en"]);
  });

  it("already home: loads home again once the server ended the session, not when it could not be reached", async () => {
    const ok = page("/en");
    await createForcedLogout({ transport: browserTransport("", []), csrf: memoryTokenStore(), ...ok.options })();
    expect(ok.visits).toEqual([]);
    expect(ok.reloads()).toBe(1);

    const offline = page("/en");
    const failing: ApiTransport = () => Promise.reject(new TypeError("Failed to fetch"));
    const csrf = memoryTokenStore("y".repeat(64));
    await createForcedLogout({ transport: failing, csrf, ...offline.options })();
    expect(offline.reloads()).toBe(0);
    expect(csrf.get()).toBeNull();
  });
});
