import { and, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, consents } from "../../../db/schema/accounts.ts";
import { sessions } from "../../../db/schema/sessions.ts";
import { countQueries } from "../../../db/client.ts";
import { users } from "../../../db/schema/users.ts";
import { utcDay } from "../../../modules/audit/audit.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { latestMailTo, linkParam, mailCountTo, registerUser, uniqueEmail } from "../../../testing/accounts.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function userAgent(verified = true) {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified })).split("=")[1] ?? "");
  return { agent, user };
}

describe("GET and PATCH /api/v1/me/profile/", () => {
  it("shows the account and saves name, language and theme; the theme also goes into its cookie", async () => {
    const { agent, user } = await userAgent();
    const before = (await agent.get("/api/v1/me/profile/")).json() as Record<string, unknown>;
    expect(before).toMatchObject({ name: null, email: user.email, locale: "sv", theme: null, auth_type: "email", twofa_enabled: false });
    const changed = await agent.request("PATCH", "/api/v1/me/profile/", { name: "  Kim  ", locale: "da", theme: "black" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Kim", locale: "da", theme: "black" });
    const cookie = changed.cookies.find((c) => c.name === "theme");
    expect(cookie).toMatchObject({ value: "black", path: "/" });
    expect(cookie?.httpOnly).toBeFalsy();
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ displayName: "Kim", locale: "da", theme: "black" });
    // An empty name clears it.
    expect(((await agent.request("PATCH", "/api/v1/me/profile/", { name: "" })).json() as { name: unknown }).name).toBeNull();
  });

  it("refuses bad input with the fields named (400), and an empty change", async () => {
    const { agent } = await userAgent();
    const bad = await agent.request("PATCH", "/api/v1/me/profile/", { theme: "purple", locale: "fr", name: "x".repeat(81), extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("request.invalid");
    expect(Object.keys(bad.json().fields as object).sort()).toEqual(expect.arrayContaining(["body.theme", "body.locale", "body.name"]));
    expect((await agent.request("PATCH", "/api/v1/me/profile/", {})).statusCode).toBe(400);
  });

  it("needs a verified session (401 for visitors, 403 before the second factor) and CSRF", async () => {
    const visitor = new TestAgent(app);
    expect((await visitor.get("/api/v1/me/profile/")).statusCode).toBe(401);
    expect((await visitor.request("PATCH", "/api/v1/me/profile/", { theme: "black" })).statusCode).toBe(401);
    const { agent } = await userAgent(false);
    expect((await agent.get("/api/v1/me/profile/")).statusCode).toBe(403);
    const { agent: verified } = await userAgent();
    const noCsrf = await app.inject({ method: "PATCH", url: "/api/v1/me/profile/", headers: { cookie: verified.cookieHeader() }, payload: { theme: "black" } });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("only ever shows and changes the caller's own account", async () => {
    const a = await userAgent();
    const b = await userAgent();
    await a.agent.request("PATCH", "/api/v1/me/profile/", { name: "Alex" });
    expect(((await b.agent.get("/api/v1/me/profile/")).json() as { name: unknown; email: unknown })).toMatchObject({ name: null, email: b.user.email });
  });
});

describe("e-mail change", () => {
  it("sends a link to the new address, changes nothing until it is confirmed, then tells the old address", async () => {
    const { agent, email, password } = await registerUser(app);
    const next = uniqueEmail("new");
    const asked = await agent.post("/api/v1/me/email/", { email: next, password });
    expect(asked.statusCode).toBe(202);
    expect(((await agent.get("/api/v1/me/profile/")).json() as { email: string }).email).toBe(email);
    const code = linkParam((await latestMailTo(app, next)).text, "email_code");

    // Another user cannot use the code: refused like an unknown one, nothing changes.
    const other = await userAgent();
    expect((await other.agent.post("/api/v1/me/email/confirm/", { code })).json().code).toBe("auth.link_invalid");

    const confirmed = await agent.post("/api/v1/me/email/confirm/", { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: next });
    expect(((await agent.get("/api/v1/me/profile/")).json() as { email: string }).email).toBe(next);
    expect((await latestMailTo(app, email)).subject).toMatch(/ändrats/);
    // Single use.
    expect((await agent.post("/api/v1/me/email/confirm/", { code })).statusCode).toBe(400);
  });

  it("asks for the password, refuses a wrong one and the current address", async () => {
    const { agent, email, password } = await registerUser(app);
    const missing = await agent.post("/api/v1/me/email/", { email: uniqueEmail() });
    expect(missing.json().fields).toEqual({ "body.password": "required" });
    const wrong = await agent.post("/api/v1/me/email/", { email: uniqueEmail(), password: "fel lösenord helt och hållet" });
    expect(wrong.json().fields).toEqual({ "body.password": "password.incorrect" });
    const same = await agent.post("/api/v1/me/email/", { email, password });
    expect(same.json().fields).toEqual({ "body.email": "email.same" });
    const bad = await agent.post("/api/v1/me/email/", { email: "inte-en-adress", password });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("body.email");
  });

  it("does not reveal that the new address has an account: that address is told instead", async () => {
    const { agent, password } = await registerUser(app);
    const taken = await userAgent();
    const before = await mailCountTo(app, taken.user.email);
    expect((await agent.post("/api/v1/me/email/", { email: taken.user.email, password })).statusCode).toBe(202);
    expect(await mailCountTo(app, taken.user.email)).toBe(before + 1);
    expect((await latestMailTo(app, taken.user.email)).text).not.toMatch(/email_code=/);
  });

  it("needs a verified session", async () => {
    const visitor = new TestAgent(app);
    expect((await visitor.post("/api/v1/me/email/", { email: uniqueEmail(), password: "x" })).statusCode).toBe(401);
    expect((await visitor.post("/api/v1/me/email/confirm/", { code: "a".repeat(43) })).statusCode).toBe(401);
    const { agent } = await userAgent(false);
    expect((await agent.post("/api/v1/me/email/", { email: uniqueEmail(), password: "x" })).statusCode).toBe(403);
    const { agent: verified } = await userAgent();
    expect((await verified.post("/api/v1/me/email/confirm/", { code: "short" })).json().fields).toEqual({ "body.code": "code.invalid" });
  });
});

describe("the profile's statement", () => {
  it("reads the user, the consents and the live sessions in one statement after the session, every instant to the millisecond", async () => {
    const { agent, user } = await userAgent();
    const now = app.ctx.clock.now().getTime();
    const at = (ms: number) => new Date(now - ms);
    await app.ctx.db.insert(consents).values([
      { userId: user.id, kind: "health_data", version: "2", locale: "en", givenAt: at(5_000_123), withdrawnAt: at(1_000_457) },
      { userId: user.id, kind: "age", version: "1", locale: "sv", givenAt: at(9_000_001), withdrawnAt: null },
    ]);
    const session = (idHash: string, lastSeen: number, expires: number, userAgent: string | null) => ({
      idHash,
      userId: user.id,
      verified: true,
      createdAt: at(lastSeen + 60_789),
      lastSeenAt: at(lastSeen),
      expiresAt: new Date(now + expires),
      ip: null,
      userAgent,
    });
    await app.ctx.db.insert(sessions).values([
      session(`${user.id}-a`, 120_555, 3_600_000, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15"),
      session(`${user.id}-b`, 30_042, 3_600_000, null),
      // Past its absolute expiry: not listed.
      session(`${user.id}-c`, 10_000, -1, null),
    ]);
    const { result, queries } = await countQueries(() => agent.get("/api/v1/me/profile/"));
    expect(result.statusCode).toBe(200);
    // The session, then the profile.
    expect(queries).toBe(2);
    const profile = result.json() as { consents: { kind: string; version: string; locale: string; given_at: string; withdrawn_at: string | null }[]; sessions: { current: boolean; created_at: string; last_seen_at: string }[] };
    const extra = profile.consents.filter((c) => c.kind !== "terms");
    expect(extra).toEqual([
      { kind: "age", version: "1", locale: "sv", given_at: at(9_000_001).toISOString(), withdrawn_at: null },
      { kind: "health_data", version: "2", locale: "en", given_at: at(5_000_123).toISOString(), withdrawn_at: at(1_000_457).toISOString() },
    ]);
    // Most recently used first; this request's session is the newest.
    expect(profile.sessions.map((s) => [s.current, s.last_seen_at, s.created_at])).toEqual([
      [true, expect.any(String), expect.any(String)],
      [false, at(30_042).toISOString(), at(30_042 + 60_789).toISOString()],
      [false, at(120_555).toISOString(), at(120_555 + 60_789).toISOString()],
    ]);
  });
});

describe("sessions", () => {
  it("lists the live sessions with this one marked, and logs out the others", async () => {
    const { agent, user } = await userAgent();
    const second = new TestAgent(app);
    second.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const stranger = await userAgent();
    const listed = (await agent.get("/api/v1/me/profile/")).json() as { sessions: { current: boolean }[] };
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(agent.cookies.get("sessionid"));

    const ended = await agent.post("/api/v1/me/sessions/logout-others/");
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await second.get("/api/v1/me/profile/")).statusCode).toBe(401);
    expect((await agent.get("/api/v1/me/profile/")).statusCode).toBe(200);
    // Another user's sessions are untouched.
    expect((await stranger.agent.get("/api/v1/me/profile/")).statusCode).toBe(200);
  });

  it("needs a verified session", async () => {
    expect((await new TestAgent(app).post("/api/v1/me/sessions/logout-others/")).statusCode).toBe(401);
    const { agent } = await userAgent(false);
    expect((await agent.post("/api/v1/me/sessions/logout-others/")).statusCode).toBe(403);
  });
});

describe("withdrawing a consent (ADR 011)", () => {
  it("deletes the account like DELETE /me/ and records the withdrawal in an audit entry that names no one", async () => {
    const { agent, password } = await registerUser(app);
    const id = ((await agent.get("/api/v1/me/")).json() as { user_data: { id: string } }).user_data.id;
    const bad = await agent.delete("/api/v1/me/", { password, withdraw_consent: "newsletter" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty("body.withdraw_consent");
    const day = utcDay(app.ctx.clock.now());
    expect((await agent.delete("/api/v1/me/", { password, withdraw_consent: "health_data" })).statusCode).toBe(200);
    expect(await app.ctx.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await app.ctx.db.select().from(auditLog).where(eq(auditLog.userId, id))).toEqual([]);
    const entries = await app.ctx.db.select().from(auditLog).where(and(eq(auditLog.event, "consent.withdrawn"), gte(auditLog.at, day)));
    expect(entries.find((e) => e.detail?.kind === "health_data")).toMatchObject({ userId: null, onboardingId: null, ip: null });
    expect(entries.every((e) => e.userId === null && e.ip === null)).toBe(true);
  });
});
