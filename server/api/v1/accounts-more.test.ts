import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { auditLog, consents } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { FakeClock, createTestApp, json } from "../../testing/test-app.ts";
import { codeFor, registerUser } from "../../testing/accounts.ts";

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
    const outdated = await user.agent.post("/api/v1/me/accept-terms/", { version: "2020-01-01" });
    expect(outdated.statusCode).toBe(400);
    const accepted = await user.agent.post("/api/v1/me/accept-terms/", { version: CURRENT_TERMS_VERSION });
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
  it("deletes the account after the password, keeps a pseudonymous audit entry, and logs out", async () => {
    const user = await registerUser(app);
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    const wrong = await user.agent.post("/api/v1/logout/remove", { password: "inte mitt lösenord" });
    expect(wrong.statusCode).toBe(400);
    const removed = await user.agent.post("/api/v1/logout/remove", { password: user.password });
    expect(removed.statusCode).toBe(200);
    expect(json(await user.agent.get("/api/v1/me/")).logged_in).toBe(false);
    expect(await app.ctx.db.select().from(users).where(eq(users.id, row?.id ?? ""))).toEqual([]);
    const entries = await app.ctx.db.select().from(auditLog).where(eq(auditLog.event, "account.deleted"));
    const mine = entries.filter((e) => e.subject !== null && e.userId === null);
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(user.email);
  });
});
