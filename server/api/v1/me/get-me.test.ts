import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FakeClock,
  createTestApp,
  createTestUser,
  json,
  sessionCookieFor,
} from "../../../testing/test-app.ts";

const clock = new FakeClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

const VISITOR = {
  logged_in: false,
  has_logged_in_before: false,
  terms_accepted: false,
  auth_type: null,
  verified: false,
  requires2fa: false,
  user_data: null,
};

describe("GET /api/v1/me/", () => {
  it("answers a visitor's status with the seven fields", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/me/" });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual(VISITOR);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers the same without the trailing slash", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/me" });
    expect(json(response)).toEqual(VISITOR);
  });

  it("answers a logged-in user's own status", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user, { verified: true });
    const body = json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie } }));
    expect(body.logged_in).toBe(true);
    expect(body.verified).toBe(true);
    expect(body.auth_type).toBe("email");
    expect(body.user_data).toEqual({ id: user.id, email: user.email, locale: "sv" });
  });

  it("shows one user's session never another user's data", async () => {
    const a = await createTestUser(app);
    const b = await createTestUser(app);
    const cookieB = await sessionCookieFor(app, b);
    const body = json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: cookieB } }));
    expect((body.user_data as { id: string }).id).toBe(b.id);
    expect(JSON.stringify(body)).not.toContain(a.email);
  });

  it("treats an unknown or malformed session cookie as a visitor and clears it", async () => {
    for (const value of ["x".repeat(43), "bad", ""]) {
      const response = await app.inject({
        method: "GET",
        url: "/api/v1/me/",
        headers: { cookie: `sessionid=${value}` },
      });
      expect(json(response)).toEqual(VISITOR);
    }
  });

  it("ends a session after 30 idle minutes and after 12 hours in all", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user);
    clock.advance(29 * 60_000);
    expect(json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie } })).logged_in).toBe(true);
    clock.advance(30 * 60_000);
    expect(json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie } }))).toEqual(VISITOR);

    const active = await sessionCookieFor(app, user);
    for (let i = 0; i < 24; i++) {
      clock.advance(29 * 60_000);
      const body = json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: active } }));
      expect(body.logged_in).toBe(i < 24 && (i + 1) * 29 < 12 * 60);
    }
  });
});
