import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeClock, createTestApp, json, runRedis } from "../../testing/test-app.ts";
import { TestAgent } from "../../testing/agent.ts";
import { latestMailTo, mailCountTo, registerUser, uniqueEmail } from "../../testing/accounts.ts";
import { ACCOUNT_AGREEMENTS } from "../../testing/consent.ts";

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 22, 12, 0, 0));
beforeAll(async () => {
  // CI's PostgreSQL run: the counters in its Redis, as in production.
  app = await createTestApp({ clock, env: runRedis() });
});
afterAll(async () => {
  await app.close();
});

describe("login throttling", () => {
  it("makes an account wait after five failures, with Retry-After", async () => {
    const user = await registerUser(app, { ip: "10.1.0.1" });
    const agent = new TestAgent(app, "10.1.0.2");
    for (let i = 0; i < 5; i++) {
      expect((await agent.post("/api/v1/login/email", { email: user.email, password: "fel lösenord här" })).statusCode).toBe(400);
    }
    const waiting = await agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    expect(waiting.statusCode).toBe(429);
    expect(json(waiting).code).toBe("request.rate_limited");
    expect(Number(waiting.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    clock.advance(2_000);
    expect((await agent.post("/api/v1/login/email", { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it("locks the account for an hour after 100 consecutive failures: the 101st attempt is refused", async () => {
    const user = await registerUser(app, { ip: "10.2.0.1" });
    for (let i = 0; i < 100; i++) {
      const agent = new TestAgent(app, `10.2.${Math.floor(i / 20)}.${(i % 20) + 10}`);
      const response = await agent.post("/api/v1/login/email", { email: user.email, password: `fel-${i}-lösenord` });
      expect(response.statusCode).toBe(400);
      clock.advance(31_000);
    }
    // A source that has guessed against the account waits out the lock…
    const locked = await new TestAgent(app, "10.2.0.10").post("/api/v1/login/email", { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(json(locked).code).toBe("auth.locked");
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(3_000);
    // …while a source with no failures against it (the owner at home) waits five minutes at most.
    const owner = new TestAgent(app, "10.2.9.9");
    const waiting = await owner.post("/api/v1/login/email", { email: user.email, password: user.password });
    expect(waiting.statusCode).toBe(429);
    expect(json(waiting).code).toBe("auth.locked");
    expect(Number(waiting.headers["retry-after"])).toBeLessThanOrEqual(300);
    clock.advance(Number(waiting.headers["retry-after"]) * 1_000);
    expect((await owner.post("/api/v1/login/email", { email: user.email, password: user.password })).statusCode).toBe(200);
  }, 120_000);

  it("the e-mailed reset link lifts an account lock at once", async () => {
    const user = await registerUser(app, { ip: "10.4.0.1" });
    for (let i = 0; i < 100; i++) {
      const agent = new TestAgent(app, `10.4.${Math.floor(i / 20)}.${(i % 20) + 10}`);
      await agent.post("/api/v1/login/email", { email: user.email, password: `fel-${i}-lösenord` });
      clock.advance(31_000);
    }
    const owner = new TestAgent(app, "10.4.9.9");
    expect(json(await owner.post("/api/v1/login/email", { email: user.email, password: user.password })).code).toBe("auth.locked");
    expect((await owner.post("/api/v1/password/reset", { email: user.email })).statusCode).toBe(202);
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMailTo(app, user.email)).text)?.[1] ?? "";
    const newPassword = "ett helt nytt lösenord 42";
    expect((await owner.post("/api/v1/password/reset/complete", { token, password: newPassword })).statusCode).toBe(200);
    expect((await owner.post("/api/v1/login/email", { email: user.email, password: newPassword })).statusCode).toBe(200);
  }, 120_000);

  it("slows down one IP trying many accounts", async () => {
    const agent = new TestAgent(app, "10.3.0.1");
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const response = await agent.post("/api/v1/login/email", { email: uniqueEmail("spray"), password: "gissning nummer ett" });
      limited = response.statusCode === 429;
    }
    expect(limited).toBe(true);
    clock.advance(60_000);
  });
});

describe("no account enumeration", () => {
  it("login: the same answer for an unknown address and a wrong password", async () => {
    const user = await registerUser(app, { ip: "10.4.0.1" });
    const wrong = await new TestAgent(app, "10.4.0.2").post("/api/v1/login/email", { email: user.email, password: "inte rätt lösen alls" });
    const unknown = await new TestAgent(app, "10.4.0.3").post("/api/v1/login/email", { email: uniqueEmail(), password: "inte rätt lösen alls" });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(wrong.body);
  });

  it("registration and reset: 202 with the same body for known and unknown addresses; the e-mail tells the owner", async () => {
    const user = await registerUser(app, { ip: "10.5.0.1" });
    const stranger = uniqueEmail();
    // Registration names the new account's language; a reset's mail language is the request's.
    for (const [url, extra] of [["/api/v1/onboarding/register/email", { locale: "sv" }], ["/api/v1/password/reset", {}]] as const) {
      const known = await new TestAgent(app, "10.5.0.2").post(url, { email: user.email, ...extra });
      const unknown = await new TestAgent(app, "10.5.0.3").post(url, { email: stranger, ...extra });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
    }
    const note = await latestMailTo(app, user.email);
    expect(note.text).not.toMatch(/[?&]code=/);
    expect(await mailCountTo(app, stranger)).toBe(2);
  });

  it("limits e-mails to one address to five an hour (429 with Retry-After)", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) {
      expect((await new TestAgent(app, `10.6.0.${i + 1}`).post("/api/v1/coderequest", { email })).statusCode).toBe(202);
    }
    const sixth = await new TestAgent(app, "10.6.0.9").post("/api/v1/coderequest", { email });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(await mailCountTo(app, email)).toBe(5);
  });
});

describe("codes and links", () => {
  it("a registration link expires after 24 hours", async () => {
    const email = uniqueEmail();
    await new TestAgent(app, "10.7.0.1").post("/api/v1/onboarding/register/email", { email, locale: "da" });
    const link = (await latestMailTo(app, email)).text;
    expect(link).toContain("/da/register?code=");
    const code = /code=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? "";
    clock.advance(24 * 3_600_000 + 1_000);
    const response = await new TestAgent(app, "10.7.0.1").post("/api/v1/onboarding/validate-token", { code });
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe("auth.link_invalid");
  });

  it("a reset link works once and within an hour", async () => {
    const user = await registerUser(app, { ip: "10.8.0.1" });
    await new TestAgent(app, "10.8.0.2").post("/api/v1/password/reset", { email: user.email });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestMailTo(app, user.email)).text)?.[1] ?? "";
    clock.advance(3_600_000 + 1_000);
    const late = await new TestAgent(app, "10.8.0.2").post("/api/v1/password/reset/complete", { token, password: "sent men lugnt ändå" });
    expect(json(late).code).toBe("auth.link_invalid");

    await new TestAgent(app, "10.8.0.2").post("/api/v1/password/reset", { email: user.email });
    const fresh = /token=([A-Za-z0-9_-]+)/.exec((await latestMailTo(app, user.email)).text)?.[1] ?? "";
    expect((await new TestAgent(app, "10.8.0.2").post("/api/v1/password/reset/complete", { token: fresh, password: "sent men lugnt ändå" })).statusCode).toBe(200);
    expect((await new TestAgent(app, "10.8.0.2").post("/api/v1/password/reset/complete", { token: fresh, password: "en gång till ja" })).statusCode).toBe(400);
  });
});

describe("password policy", () => {
  it("explains why a new password is refused, on its field", async () => {
    const email = uniqueEmail("policy");
    const agent = new TestAgent(app, "10.9.0.1");
    await agent.post("/api/v1/onboarding/register/email", { email, locale: "sv" });
    const code = /code=([A-Za-z0-9_-]+)/.exec((await latestMailTo(app, email)).text)?.[1] ?? "";
    const base = { code, terms_version: "2026-11-01", accept_terms: true, consent_health_data: true, ...ACCOUNT_AGREEMENTS };
    const cases: [string, string][] = [
      ["kort", "password.too_short"],
      ["password123", "password.common"],
      [`${email.split("@")[0]}!x`, "password.contains_email"],
    ];
    for (const [password, reason] of cases) {
      const response = await agent.post("/api/v1/onboarding/complete", { ...base, password });
      expect(response.statusCode).toBe(400);
      expect((json(response).fields as Record<string, string>)["body.password"]).toBe(reason);
    }
    // The code survives refused attempts: the person can try again with a better password.
    expect((await agent.post("/api/v1/onboarding/complete", { ...base, password: "tre lugna andetag i kväll" })).statusCode).toBe(201);
  });

  it("refuses outdated terms", async () => {
    const email = uniqueEmail();
    const agent = new TestAgent(app, "10.9.0.2");
    await agent.post("/api/v1/onboarding/register/email", { email, locale: "sv" });
    const code = /code=([A-Za-z0-9_-]+)/.exec((await latestMailTo(app, email)).text)?.[1] ?? "";
    const response = await agent.post("/api/v1/onboarding/complete", {
      code,
      password: "tre lugna andetag i kväll",
      terms_version: "2001-01-01",
      accept_terms: true,
      consent_health_data: true, ...ACCOUNT_AGREEMENTS,
    });
    expect((json(response).fields as Record<string, string>)["body.terms_version"]).toBe("terms.outdated");
  });
});
