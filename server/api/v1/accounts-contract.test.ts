import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json } from "../../testing/test-app.ts";
import { TestAgent } from "../../testing/agent.ts";
import { registerUser } from "../../testing/accounts.ts";
import { ACCOUNT_AGREEMENTS } from "../../testing/consent.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Method = "POST" | "DELETE";
interface Case {
  method: Method;
  url: string;
  /** A body that fails validation, and the field the 400 must name. */
  bad: unknown;
  field: string;
  auth: "public" | "user" | "verified";
}

const CASES: Case[] = [
  { method: "POST", url: "/api/v1/onboarding/register/email", bad: { email: "not-an-address", locale: "sv" }, field: "body.email", auth: "public" },
  { method: "POST", url: "/api/v1/coderequest", bad: { email: 42 }, field: "body.email", auth: "public" },
  { method: "POST", url: "/api/v1/onboarding/validate-token", bad: { code: "short" }, field: "body.code", auth: "public" },
  { method: "POST", url: "/api/v1/onboarding/complete", bad: { code: "x".repeat(43), password: "lugn och ro 123", terms_version: "1", accept_terms: false, consent_health_data: true, ...ACCOUNT_AGREEMENTS }, field: "body.accept_terms", auth: "public" },
  { method: "POST", url: "/api/v1/login/email", bad: { email: "a@b.se" }, field: "body.password", auth: "public" },
  { method: "POST", url: "/api/v1/password/reset", bad: { email: "" }, field: "body.email", auth: "public" },
  { method: "POST", url: "/api/v1/password/reset/complete", bad: { token: "x".repeat(43), password: "" }, field: "body.password", auth: "public" },
  { method: "POST", url: "/api/v1/password/change", bad: { current_password: "abc", new_password: 5 }, field: "body.new_password", auth: "verified" },
  { method: "POST", url: "/api/v1/twofa/", bad: { code: "12" }, field: "body.code", auth: "user" },
  { method: "POST", url: "/api/v1/twofa/verify/", bad: { code: "<script>" }, field: "body.code", auth: "user" },
  { method: "POST", url: "/api/v1/twofa/disable/", bad: { code: "123456" }, field: "body.password", auth: "verified" },
  { method: "POST", url: "/api/v1/twofa/recovery-codes/", bad: {}, field: "body.code", auth: "verified" },
  { method: "POST", url: "/api/v1/me/accept-terms/", bad: { version: "" }, field: "body.version", auth: "user" },
  { method: "POST", url: "/api/v1/logout/remove", bad: {}, field: "body.password", auth: "verified" },
  { method: "DELETE", url: "/api/v1/me/", bad: { password: "x", extra: true }, field: "body.extra", auth: "verified" },
  { method: "POST", url: "/api/v1/me/email/", bad: { email: "inte-en-adress", password: "x" }, field: "body.email", auth: "verified" },
  { method: "POST", url: "/api/v1/me/email/confirm/", bad: { code: "short" }, field: "body.code", auth: "verified" },
  { method: "POST", url: "/api/v1/onboarding/", bad: { consent: true, adult: true, consent_version: 5, locale: "sv" }, field: "body.consent_version", auth: "public" },
  { method: "POST", url: "/api/v1/onboarding/valid", bad: { token: 42 }, field: "body.token", auth: "public" },
];

describe.each(CASES)("$method $url", (c) => {
  it("answers 400 with the failing field for bad input", async () => {
    const agent = c.auth === "public" ? new TestAgent(app) : (await registerUser(app)).agent;
    const response = await agent.request(c.method, c.url, c.bad);
    expect(response.statusCode).toBe(400);
    const body = json(response) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("request.invalid");
    expect(Object.keys(body.fields)).toContain(c.field);
  });

  it("is refused without the CSRF token (403)", async () => {
    const response = await app.inject({ method: c.method, url: c.url, payload: c.bad as object });
    expect(response.statusCode).toBe(403);
    expect(String(json(response).detail)).toMatch(/\(CSRF Failed: /);
  });

  if (c.auth !== "public") {
    it("is refused for a visitor (401)", async () => {
      const response = await new TestAgent(app).request(c.method, c.url, c.bad);
      expect(response.statusCode).toBe(401);
    });
  }
});

describe("endpoints for verified sessions", () => {
  it("refuse a logged-in session that has not passed the second factor (403)", async () => {
    const user = await registerUser(app, { enable2fa: false });
    const response = await user.agent.post("/api/v1/password/change", { current_password: user.password, new_password: "ett annat lugnt lösen" });
    expect(response.statusCode).toBe(403);
    // Knowing the password is not enough to delete the account: the second factor is needed too.
    expect((await user.agent.delete("/api/v1/me/", { password: user.password })).statusCode).toBe(403);
    expect((await user.agent.post("/api/v1/logout/remove", { password: user.password })).statusCode).toBe(403);
    expect((await user.agent.get("/api/v1/me/")).json().logged_in).toBe(true);
  });
});

describe("GET /api/v1/twofa/", () => {
  it("needs a session", async () => {
    expect((await new TestAgent(app).get("/api/v1/twofa/")).statusCode).toBe(401);
  });

  it("keeps the same secret until enrolment is confirmed, and never shows another user's", async () => {
    const a = await registerUser(app, { enable2fa: false });
    const b = await registerUser(app, { enable2fa: false });
    const first = json(await a.agent.get("/api/v1/twofa/"));
    const second = json(await a.agent.get("/api/v1/twofa/"));
    const other = json(await b.agent.get("/api/v1/twofa/"));
    expect(first.secret).toBe(second.secret);
    expect(other.secret).not.toBe(first.secret);
  });
});

describe("GET /api/v1/terms/", () => {
  it("answers the current version", async () => {
    const response = await new TestAgent(app).get("/api/v1/terms/");
    expect(response.statusCode).toBe(200);
    expect(json(response).version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
