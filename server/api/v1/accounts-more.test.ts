import { and, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { auditLog, consents } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { utcDay } from "../../modules/audit/audit.ts";
import { FakeClock, createTestApp, json } from "../../testing/test-app.ts";
import { codeFor, registerUser } from "../../testing/accounts.ts";
import { ACCOUNT_AGREEMENTS } from "../../testing/consent.ts";

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 23, 9, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

describe("terms", () => {
  it("a user on older terms gets terms_accepted false until they accept the current version", async () => {
    const user = await registerUser(app);
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await app.ctx.db.update(users).set({ termsVersion: "2020-01-01" }).where(eq(users.id, row?.id ?? ""));
    expect(json(await user.agent.get("/api/v1/me/")).terms_accepted).toBe(false);
    const outdated = await user.agent.post("/api/v1/me/accept-terms/", { version: "2020-01-01", consent_health_data: true, ...ACCOUNT_AGREEMENTS });
    expect(outdated.statusCode).toBe(400);
    const accepted = await user.agent.post("/api/v1/me/accept-terms/", { version: CURRENT_TERMS_VERSION, consent_health_data: true, ...ACCOUNT_AGREEMENTS });
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted).terms_accepted).toBe(true);
    expect(json(await user.agent.get("/api/v1/me/")).terms_accepted).toBe(true);
    const given = await app.ctx.db.select().from(consents).where(eq(consents.userId, row?.id ?? ""));
    expect(given.filter((c) => c.kind === "terms").map((c) => c.version)).toContain(CURRENT_TERMS_VERSION);
  });
});

describe("recovery codes", () => {
  it("regenerating needs a current code; the old codes stop working, the new ones work", async () => {
    const user = await registerUser(app);
    clock.advance(30_000);
    const response = await user.agent.post("/api/v1/twofa/recovery-codes/", { code: codeFor(app, user.secret) });
    expect(response.statusCode).toBe(200);
    const fresh = (json(response) as { recovery_codes: string[] }).recovery_codes;
    expect(fresh).toHaveLength(10);
    await user.agent.post("/api/v1/logout");
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: user.recoveryCodes[0] })).statusCode).toBe(400);
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: fresh[0] })).statusCode).toBe(200);
  });
});

describe("second-factor throttling", () => {
  it("makes the account wait after five wrong codes (429 with Retry-After)", async () => {
    const user = await registerUser(app);
    await user.agent.post("/api/v1/logout");
    await user.agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    for (let i = 0; i < 5; i++) {
      expect((await user.agent.post("/api/v1/twofa/verify/", { code: "000000" })).statusCode).toBe(400);
    }
    const waiting = await user.agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers["retry-after"])).toBeGreaterThan(0);
    clock.advance(31_000);
    expect((await user.agent.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) })).statusCode).toBe(200);
  });
});

describe("POST /api/v1/logout/remove", () => {
  it("deletes the account after the password, its audit entries too, leaves an entry naming no one, and logs out", async () => {
    const user = await registerUser(app);
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const id = row?.id ?? "";
    expect((await app.ctx.db.select().from(auditLog).where(eq(auditLog.userId, id))).length).toBeGreaterThan(0);
    const wrong = await user.agent.post("/api/v1/logout/remove", { password: "inte mitt lösenord" });
    expect(wrong.statusCode).toBe(400);
    const day = utcDay(app.ctx.clock.now());
    const removed = await user.agent.post("/api/v1/logout/remove", { password: user.password });
    expect(removed.statusCode).toBe(200);
    expect(json(await user.agent.get("/api/v1/me/")).logged_in).toBe(false);
    expect(await app.ctx.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await app.ctx.db.select().from(auditLog).where(eq(auditLog.userId, id))).toEqual([]);
    const entries = await app.ctx.db.select().from(auditLog).where(and(eq(auditLog.event, "account.deleted"), gte(auditLog.at, day)));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry).toMatchObject({ userId: null, onboardingId: null, ip: null, detail: null });
      expect(entry.at.getTime() % 86_400_000).toBe(0);
    }
    expect(JSON.stringify(entries)).not.toContain(user.email);
  });
});
