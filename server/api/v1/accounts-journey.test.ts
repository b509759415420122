import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock, createTestApp, json } from "../../testing/test-app.ts";
import { TestAgent } from "../../testing/agent.ts";
import { GOOD_PASSWORD, codeFor, latestMailTo, linkParam, registerUser, uniqueEmail } from "../../testing/accounts.ts";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { ACCOUNT_AGREEMENTS } from "../../testing/consent.ts";

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 22, 9, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

function status(response: { body: string }) {
  return JSON.parse(response.body) as { logged_in: boolean; verified: boolean; requires2fa: boolean; terms_accepted: boolean };
}

describe("the account journey over HTTP alone", () => {
  it("register → 2FA → logout → login → verify → reset → login asks 2FA again → delete → login fails", async () => {
    const agent = new TestAgent(app);
    const email = uniqueEmail("journey");

    expect((await agent.post("/api/v1/onboarding/register/email", { email, locale: "en" })).statusCode).toBe(202);
    const welcome = await latestMailTo(app, email);
    expect(welcome.text).toContain("/en/register?code=");
    const code = linkParam(welcome.text, "code");

    const validated = await agent.post("/api/v1/onboarding/validate-token", { code });
    expect(validated.statusCode).toBe(200);
    expect(json(validated)).toEqual({ email });

    const completed = await agent.post("/api/v1/onboarding/complete", {
      code,
      password: GOOD_PASSWORD,
      terms_version: CURRENT_TERMS_VERSION,
      accept_terms: true,
      consent_health_data: true, ...ACCOUNT_AGREEMENTS,
    });
    expect(completed.statusCode).toBe(201);
    let me = status(await agent.get("/api/v1/me/"));
    expect(me).toMatchObject({ logged_in: true, requires2fa: true, verified: false, terms_accepted: true });

    // The code was single use.
    expect((await agent.post("/api/v1/onboarding/validate-token", { code })).statusCode).toBe(400);

    const setup = json(await agent.get("/api/v1/twofa/")) as { enabled: boolean; secret: string; otpauth_url: string; qr_svg: string };
    expect(setup.enabled).toBe(false);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_svg).toContain("<svg");
    const enabled = await agent.post("/api/v1/twofa/", { code: codeFor(app, setup.secret) });
    expect(enabled.statusCode).toBe(200);
    const recovery = (json(enabled) as { recovery_codes: string[] }).recovery_codes;
    expect(recovery).toHaveLength(10);
    me = status(await agent.get("/api/v1/me/"));
    expect(me).toMatchObject({ verified: true, requires2fa: false });
    expect(json(await agent.get("/api/v1/twofa/"))).toEqual({ enabled: true, secret: null, otpauth_url: null, qr_svg: null });

    expect((await agent.post("/api/v1/logout")).statusCode).toBe(200);
    expect(status(await agent.get("/api/v1/me/")).logged_in).toBe(false);

    const login = await agent.post("/api/v1/login/email", { email, password: GOOD_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(status(login)).toMatchObject({ logged_in: true, verified: false, requires2fa: false });
    clock.advance(30_000);
    const verified = await agent.post("/api/v1/twofa/verify/", { code: codeFor(app, setup.secret) });
    expect(verified.statusCode).toBe(200);
    expect(status(verified).verified).toBe(true);

    // Reset the password through the e-mailed link: every session ends.
    expect((await new TestAgent(app).post("/api/v1/password/reset", { email })).statusCode).toBe(202);
    const token = linkParam((await latestMailTo(app, email)).text, "token");
    const newPassword = "en ny och lugn morgon 7";
    const reset = await new TestAgent(app).post("/api/v1/password/reset/complete", { token, password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(status(await agent.get("/api/v1/me/")).logged_in).toBe(false);

    const again = await agent.post("/api/v1/login/email", { email, password: newPassword });
    expect(status(again)).toMatchObject({ logged_in: true, verified: false });
    expect((await agent.get("/api/v1/csrftoken/")).statusCode).toBe(200);
    // Health data needs the second factor: a verified-only call is refused until then.
    expect((await agent.post("/api/v1/password/change", { current_password: newPassword, new_password: "x" })).statusCode).toBe(403);
    clock.advance(30_000);
    expect((await agent.post("/api/v1/twofa/verify/", { code: codeFor(app, setup.secret) })).statusCode).toBe(200);

    const deleted = await agent.delete("/api/v1/me/", { password: newPassword });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.headers["clear-site-data"]).toBe('"cache", "storage"');
    expect(status(await agent.get("/api/v1/me/")).logged_in).toBe(false);
    const failed = await agent.post("/api/v1/login/email", { email, password: newPassword });
    expect(failed.statusCode).toBe(400);
    expect(json(failed).code).toBe("auth.invalid_credentials");
  });
});

describe("second factor", () => {
  it("refuses the same TOTP code a second time, and accepts a recovery code once", async () => {
    const user = await registerUser(app);
    await user.agent.post("/api/v1/logout");
    clock.advance(30_000);
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    const code = codeFor(app, user.secret);
    expect((await user.agent.post("/api/v1/twofa/verify/", { code })).statusCode).toBe(200);

    await user.agent.post("/api/v1/logout");
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    const replay = await user.agent.post("/api/v1/twofa/verify/", { code });
    expect(replay.statusCode).toBe(400);
    expect(json(replay).code).toBe("auth.code_invalid");

    const recovery = user.recoveryCodes[0] ?? "";
    clock.advance(60_000);
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: recovery })).statusCode).toBe(200);
    await user.agent.post("/api/v1/logout");
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    clock.advance(60_000);
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: recovery })).statusCode).toBe(400);
  });

  it("accepts a code from the previous and the next time step, not two steps away", async () => {
    const user = await registerUser(app);
    await user.agent.post("/api/v1/logout");
    clock.advance(120_000);
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret, -2) })).statusCode).toBe(400);
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret, -1) })).statusCode).toBe(200);
    await user.agent.post("/api/v1/logout");
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret, 1) })).statusCode).toBe(200);
  });

  it("changes the session id at login and at verification; the old cookie stops working", async () => {
    const user = await registerUser(app);
    await user.agent.post("/api/v1/logout");
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    const afterLogin = user.agent.cookies.get("sessionid");
    clock.advance(30_000);
    await user.agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) });
    const afterVerify = user.agent.cookies.get("sessionid");
    expect(afterLogin).toBeTruthy();
    expect(afterVerify).toBeTruthy();
    expect(afterVerify).not.toBe(afterLogin);
    const stale = await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: `sessionid=${afterLogin}` } });
    expect(status(stale).logged_in).toBe(false);
  });

  it("disabling 2FA puts a password account back to requires2fa", async () => {
    const user = await registerUser(app);
    clock.advance(30_000);
    const disabled = await user.agent.post("/api/v1/twofa/disable/", { code: codeFor(app, user.secret), password: user.password });
    expect(disabled.statusCode).toBe(200);
    expect(status(disabled)).toMatchObject({ requires2fa: true, verified: false });
    expect(json(await user.agent.get("/api/v1/twofa/")).enabled).toBe(false);
  });
});
