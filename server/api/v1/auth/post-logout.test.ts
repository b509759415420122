import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, csrfPair, json, sessionCookieFor } from "../../../testing/test-app.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe("POST /api/v1/logout", () => {
  it("ends the session: the old cookie no longer works, the CSRF secret rotates", async () => {
    const user = await createTestUser(app);
    const session = await sessionCookieFor(app, user);
    const { cookie, token, secret } = csrfPair();
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/logout",
      headers: { cookie: `${session}; ${cookie}`, "x-csrftoken": token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["clear-site-data"]).toBe('"cache", "storage"');
    const cleared = response.cookies.find((c) => c.name === "sessionid");
    expect(cleared?.value).toBe("");
    const rotated = response.cookies.find((c) => c.name === "csrftoken");
    expect(rotated?.value).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(rotated?.value).not.toBe(secret);
    const me = await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: session } });
    expect(json(me).logged_in).toBe(false);
  });

  it("logs out only the session that asked, not the user's other sessions", async () => {
    const user = await createTestUser(app);
    const first = await sessionCookieFor(app, user);
    const second = await sessionCookieFor(app, user);
    const { cookie, token } = csrfPair();
    await app.inject({ method: "POST", url: "/api/v1/logout", headers: { cookie: `${first}; ${cookie}`, "x-csrftoken": token } });
    const me = await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: second } });
    expect(json(me).logged_in).toBe(true);
  });

  it("is refused without the CSRF token", async () => {
    const user = await createTestUser(app);
    const session = await sessionCookieFor(app, user);
    const response = await app.inject({ method: "POST", url: "/api/v1/logout", headers: { cookie: session } });
    expect(response.statusCode).toBe(403);
    const me = await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: session } });
    expect(json(me).logged_in).toBe(true);
  });

  it("is refused on GET from another site (GET /logout: server/api/language.test.ts)", async () => {
    const user = await createTestUser(app);
    const session = await sessionCookieFor(app, user);
    const response = await app.inject({ method: "GET", url: "/api/v1/logout", headers: { cookie: session, "sec-fetch-site": "cross-site" } });
    expect(response.statusCode).toBe(403);
    const me = await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: session } });
    expect(json(me).logged_in).toBe(true);
  });

  it("answers a visitor calmly", async () => {
    const { cookie, token } = csrfPair();
    const response = await app.inject({ method: "POST", url: "/api/v1/logout", headers: { cookie, "x-csrftoken": token } });
    expect(response.statusCode).toBe(200);
  });
});
