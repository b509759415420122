import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema/sessions.ts";
import { parseEnv } from "../env.ts";
import { TestAgent } from "../testing/agent.ts";
import { codeFor, registerUser, type RegisteredUser } from "../testing/accounts.ts";
import { FakeClock, createTestApp, json } from "../testing/test-app.ts";
import { EXAMPLE_PRIVACY_ENV } from "../testing/privacy-env.ts";

/**
 * Session cookies and life cycle (security baseline). Already covered elsewhere and not repeated
 * here: logout invalidation and Clear-Site-Data (auth/post-logout.test.ts), idle and absolute
 * expiry with a fake clock (me/get-me.test.ts), a new id at 2FA verification
 * (accounts-journey.test.ts).
 */

const clock = new FakeClock(Date.UTC(2026, 10, 23, 9, 0, 0));
let app: FastifyInstance;
let secureApp: FastifyInstance;
let user: RegisteredUser;
beforeAll(async () => {
  app = await createTestApp({ clock });
  secureApp = await createTestApp({ clock, env: { SECURE_COOKIES: "true" } });
  user = await registerUser(app);
});
afterAll(async () => {
  await app.close();
  await secureApp.close();
});

function setCookie(response: LightMyRequestResponse, name: string): string {
  const raw = response.headers["set-cookie"];
  const all = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no Set-Cookie for ${name} in ${JSON.stringify(all)}`);
  return found;
}

async function login(agent: TestAgent): Promise<LightMyRequestResponse> {
  const response = await agent.post("/api/v1/login/email", {
    email: user.email,
    password: user.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe("session cookie attributes", () => {
  it("HttpOnly, SameSite=Lax, Path=/, no Secure over plain HTTP in development and tests", async () => {
    const agent = new TestAgent(app, "10.77.0.1");
    const cookie = setCookie(await login(agent), "sessionid");
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    // At least 128 random bits (32 bytes, base64url).
    expect(agent.cookies.get("sessionid")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("production turns Secure on by default, for the session and the CSRF cookie", async () => {
    const production = parseEnv({
      NODE_ENV: "production",
      SECRET_KEY: "x".repeat(40),
      FIELD_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
      DATABASE_URL: "postgres://localhost/x",
      SMTP_URL: "smtp://localhost",
      PUBLIC_ORIGIN: "https://kbt.example",
      DATA_DIR: "./data/test",
      BANKID_MODE: "live",
      BANKID_BASE_URL: "https://appapi2.bankid.com/rp/v6.0",
      BANKID_PFX_PATH: "/etc/kbt/bankid.pfx",
      BANKID_PFX_PASSPHRASE: "secret",
      BANKID_CA_PATH: "/etc/kbt/bankid-ca.pem",
      ...EXAMPLE_PRIVACY_ENV,
    });
    expect(production.SECURE_COOKIES).toBe(true);
    const agent = new TestAgent(secureApp, "10.77.0.2");
    const csrf = setCookie(await agent.get("/api/v1/csrftoken/"), "csrftoken");
    expect(csrf).toMatch(/; Secure/);
    const cookie = setCookie(
      await agent.post("/api/v1/login/email", { email: user.email, password: user.password }),
      "sessionid",
    );
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  });

  it("production names both cookies __Host- (Secure, Path=/, no Domain); elsewhere the Django names stay", async () => {
    const production = {
      NODE_ENV: "production",
      SECRET_KEY: "x".repeat(40),
      FIELD_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
      DATABASE_URL: "postgres://localhost/x",
      SMTP_URL: "smtp://localhost",
      PUBLIC_ORIGIN: "https://kbt.example",
      DATA_DIR: "./data/test",
      BANKID_MODE: "live",
      BANKID_BASE_URL: "https://appapi2.bankid.com/rp/v6.0",
      BANKID_PFX_PATH: "/etc/kbt/bankid.pfx",
      BANKID_PFX_PASSPHRASE: "secret",
      BANKID_CA_PATH: "/etc/kbt/bankid-ca.pem",
      ...EXAMPLE_PRIVACY_ENV,
    };
    expect(parseEnv(production).HOST_COOKIES).toBe(true);
    // Plain-http production (a local trial) keeps the plain names: __Host- needs Secure.
    expect(parseEnv({ ...production, SECURE_COOKIES: "false" }).HOST_COOKIES).toBe(false);
    expect(() => parseEnv({ ...production, SECURE_COOKIES: "false", HOST_COOKIES: "true" })).toThrow(/HOST_COOKIES/);
    expect(app.ctx.env.HOST_COOKIES).toBe(false);

    const hostApp = await createTestApp({ clock, env: { SECURE_COOKIES: "true", HOST_COOKIES: "true" } });
    try {
      const agent = new TestAgent(hostApp, "10.77.0.9");
      const csrf = setCookie(await agent.get("/api/v1/csrftoken/"), "__Host-csrftoken");
      const login = await agent.post("/api/v1/login/email", { email: user.email, password: user.password });
      expect(login.statusCode).toBe(200);
      const session = setCookie(login, "__Host-sessionid");
      for (const cookie of [csrf, session]) {
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; Path=\/(;|$)/);
        expect(cookie).not.toMatch(/Domain=/i);
      }
      expect(login.cookies.map((c) => c.name)).not.toContain("sessionid");
      expect(json(await agent.get("/api/v1/me/")).logged_in).toBe(true);
      // The unprefixed name is not read: a cookie planted by a sibling subdomain does nothing.
      const id = agent.cookies.get("__Host-sessionid") ?? "";
      const planted = await hostApp.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: `sessionid=${id}` } });
      expect(json(planted).logged_in).toBe(false);
      const unprefixedCsrf = await hostApp.inject({
        method: "POST",
        url: "/api/v1/logout",
        headers: { cookie: `__Host-sessionid=${id}; csrftoken=${agent.cookies.get("__Host-csrftoken") ?? ""}`, "x-csrftoken": "x".repeat(64) },
      });
      expect(json(unprefixedCsrf).detail).toContain("(CSRF Failed: CSRF cookie not set.)");
    } finally {
      await hostApp.close();
    }
  });

  it("the database keeps only a hash of the session id", async () => {
    const agent = new TestAgent(app, "10.77.0.3");
    await login(agent);
    const id = agent.cookies.get("sessionid") ?? "";
    const rows = await app.ctx.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.idHash === id || r.idHash.includes(id))).toBe(false);
  });
});

describe("session ids change with privilege", () => {
  it("a new id at login (the earlier session of the browser ends) and another at 2FA verification", async () => {
    const agent = new TestAgent(app, "10.77.0.4");
    await login(agent);
    const first = agent.cookies.get("sessionid");
    clock.advance(1_000);
    await login(agent);
    const second = agent.cookies.get("sessionid");
    expect(second).not.toBe(first);
    const old = await app.inject({
      method: "GET",
      url: "/api/v1/me/",
      headers: { cookie: `sessionid=${first}` },
    });
    expect(json(old).logged_in).toBe(false);

    clock.advance(31_000);
    expect(
      (await agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) })).statusCode,
    ).toBe(200);
    const third = agent.cookies.get("sessionid");
    expect(third).not.toBe(second);
    const stale = await app.inject({
      method: "GET",
      url: "/api/v1/me/",
      headers: { cookie: `sessionid=${second}` },
    });
    expect(json(stale).logged_in).toBe(false);
    expect(json(await agent.get("/api/v1/me/")).logged_in).toBe(true);
  });

  it("a request still carrying the id a rotation replaced leaves the browser's cookie alone, at any moment", async () => {
    // Issue 19's CI run of 2026-11-28: React Router's route discovery (/__manifest) went out with
    // the old id while 2FA was confirmed; its answer, arriving after the confirmation's, cleared
    // the new cookie, and the next page said "that page is for people with an account".
    const agent = new TestAgent(app, "10.77.0.8");
    await login(agent);
    const before = agent.cookies.get("sessionid") ?? "";
    clock.advance(31_000);
    const old = { cookie: `sessionid=${before}` };
    const urls = ["/api/v1/me/", "/api/v1/me/profile/", "/api/v1/active-course/", "/api/v1/courses/", "/api/v1/csrftoken/"];
    const stale = () => Promise.all(urls.map((url) => app.inject({ method: "GET", url, headers: old })));
    // At once: the confirmation and the old id's calls, some sent before it and some while it runs.
    const verify = agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) });
    const during = await Promise.all([stale(), new Promise((r) => setImmediate(r)).then(stale), verify.then(stale)]);
    expect((await verify).statusCode).toBe(200);
    const after = agent.cookies.get("sessionid");
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const cleared = during.flat().filter((r) => r.cookies.some((c) => c.name === "sessionid"));
    expect(cleared.map((r) => `${r.raw.req.url} ${r.statusCode}`)).toEqual([]);
    // The old id is no one's: anonymous, its calls refused, and the browser is still logged in.
    expect(json((await stale())[0]!).logged_in).toBe(false);
    expect((await stale())[2]!.statusCode).toBe(401);
    expect(json(await agent.get("/api/v1/me/"))).toMatchObject({ logged_in: true, verified: true });
  });

  it("the CSRF secret rotates at login", async () => {
    const agent = new TestAgent(app, "10.77.0.5");
    await agent.get("/api/v1/csrftoken/");
    const before = agent.cookies.get("csrftoken");
    await login(agent);
    expect(agent.cookies.get("csrftoken")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(agent.cookies.get("csrftoken")).not.toBe(before);
  });
});

describe("expiry with a fake clock, after a real login", () => {
  it("29 quiet minutes keep a session, 30 end it; logout ends it at once", async () => {
    const agent = new TestAgent(app, "10.77.0.6");
    await login(agent);
    clock.advance(31_000);
    await agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) });
    const cookie = `sessionid=${agent.cookies.get("sessionid") ?? ""}`;
    const me = () => app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie } });
    clock.advance(29 * 60_000);
    expect(json(await me()).logged_in).toBe(true);
    clock.advance(30 * 60_000 + 1);
    expect(json(await me()).logged_in).toBe(false);

    const again = new TestAgent(app, "10.77.0.7");
    await login(again);
    const cookie2 = `sessionid=${again.cookies.get("sessionid") ?? ""}`;
    expect((await again.post("/api/v1/logout")).statusCode).toBe(200);
    const after = await app.inject({
      method: "GET",
      url: "/api/v1/me/",
      headers: { cookie: cookie2 },
    });
    expect(json(after).logged_in).toBe(false);
  });
});
