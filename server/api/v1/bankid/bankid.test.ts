import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../../../common/auth/terms.ts";
import { auditLog, consents } from "../../../db/schema/accounts.ts";
import { bankidEvidence, bankidIdentities, bankidOrders } from "../../../db/schema/bankid.ts";
import { users } from "../../../db/schema/users.ts";
import { personalNumberAad } from "../../../modules/bankid/personal-number.ts";
import { BankIdRpError } from "../../../modules/bankid/rp-errors.ts";
import { startBankIdSimulator } from "../../../plugins/bankid-simulator-server.ts";
import { randomTestPersonalNumber } from "../../../modules/bankid/simulator/test-identities.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { randomIp, registerUser } from "../../../testing/accounts.ts";
import { registerWithBankId, scan } from "../../../testing/bankid.ts";
import { FakeClock, createTestApp, json, testEnv } from "../../../testing/test-app.ts";
import { ACCOUNT_AGREEMENTS } from "../../../testing/consent.ts";
import { CURRENT_CONSENT_VERSION } from "../../../../common/auth/consent.ts";

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 23, 9, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

const QR = /^bankid\.[0-9a-f-]{36}\.(\d+)\.[0-9a-f]{64}$/;
const tOf = (qrData: unknown) => Number(QR.exec(String(qrData))?.[1]);

async function startLogin(device: "same" | "other" = "other") {
  const agent = new TestAgent(app, randomIp());
  const response = await agent.post("/api/v1/login", { device });
  expect(response.statusCode).toBe(200);
  const body = json(response) as { order: string; autoStartToken: string; qrData: string };
  return { agent, ...body };
}

describe("BankID login over HTTP", () => {
  it("start → approve in the simulator → complete: /me/ is logged in, verified, auth_type bankid", async () => {
    const { personalNumber } = await registerWithBankId(app);
    const { agent, order, qrData, autoStartToken } = await startLogin("other");
    expect(order).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(qrData).toMatch(QR);
    expect(autoStartToken).toMatch(/^[0-9a-f-]{36}$/);
    // The handle is ours, not BankID's orderRef.
    const rows = await app.ctx.db.select({ orderRef: bankidOrders.orderRef }).from(bankidOrders);
    expect(rows.map((r) => r.orderRef)).not.toContain(order);

    const first = json(await agent.post("/api/v1/login/status", { order }));
    expect(first).toMatchObject({ status: "pending", hintCode: "outstandingTransaction" });
    expect(first["qrData"]).toMatch(QR);
    clock.advance(1000);
    const second = json(await agent.post("/api/v1/login/status", { order }));
    expect(tOf(second["qrData"])).toBeGreaterThan(tOf(first["qrData"]));
    expect(second["qrData"]).not.toBe(first["qrData"]);

    expect((await scan(app, { qrData: String(second["qrData"]), personalNumber, action: "open" })).statusCode).toBe(200);
    expect(json(await agent.post("/api/v1/login/status", { order }))).toMatchObject({ status: "pending", hintCode: "started" });
    await scan(app, { qrData: String(second["qrData"]), personalNumber, action: "sign" });
    expect(json(await agent.post("/api/v1/login/status", { order }))).toMatchObject({ status: "pending", hintCode: "userSign" });
    await scan(app, { qrData: String(second["qrData"]), personalNumber, action: "approve" });
    const done = await agent.post("/api/v1/login/status", { order });
    expect(json(done)).toEqual({ status: "complete", hintCode: null, qrData: null });

    const me = json(await agent.get("/api/v1/me/"));
    expect(me).toMatchObject({ logged_in: true, verified: true, auth_type: "bankid", requires2fa: false, terms_accepted: true });
    expect(me["has_logged_in_before"]).toBe(true);
    // A completed order logs in once: polling again starts no second session.
    const other = new TestAgent(app, randomIp());
    other.cookies.set("bankid_order", agent.cookies.get("bankid_order") ?? "gone");
    expect(json(await other.post("/api/v1/login/status", { order }))["status"]).not.toBe("pending");
    expect(json(await other.get("/api/v1/me/"))["logged_in"]).toBe(false);
  });

  it("this device: the autostart token opens the order", async () => {
    const { personalNumber } = await registerWithBankId(app);
    const { agent, order, autoStartToken } = await startLogin("same");
    expect((await scan(app, { autoStartToken, personalNumber, action: "approve" })).statusCode).toBe(200);
    expect(json(await agent.post("/api/v1/login/status", { order }))["status"]).toBe("complete");
    expect(json(await agent.get("/api/v1/me/"))).toMatchObject({ logged_in: true, verified: true, auth_type: "bankid" });
  });

  it("a BankID without an account fails with hintCode noAccount and no session", async () => {
    const { agent, order, qrData } = await startLogin();
    await scan(app, { qrData, personalNumber: randomTestPersonalNumber(), action: "approve" });
    expect(json(await agent.post("/api/v1/login/status", { order }))).toEqual({ status: "failed", hintCode: "noAccount", qrData: null });
    expect(json(await agent.get("/api/v1/me/"))["logged_in"]).toBe(false);
  });

  it("cancel in the app → userCancel; cancel here → cancelled; expiry → expiredTransaction", async () => {
    const personalNumber = randomTestPersonalNumber();
    const a = await startLogin();
    await scan(app, { qrData: a.qrData, personalNumber, action: "cancel" });
    expect(json(await a.agent.post("/api/v1/login/status", { order: a.order }))).toEqual({
      status: "failed",
      hintCode: "userCancel",
      qrData: null,
    });

    const b = await startLogin();
    const cancelled = await b.agent.post("/api/v1/login/cancel", { order: b.order });
    expect(json(cancelled)).toEqual({ status: "failed", hintCode: "cancelled", qrData: null });
    // The order is gone at BankID too: the app cannot approve it any more.
    expect((await scan(app, { qrData: b.qrData, personalNumber, action: "approve" })).statusCode).toBe(409);

    const c = await startLogin();
    clock.advance(181_000);
    expect(json(await c.agent.post("/api/v1/login/status", { order: c.order }))).toEqual({
      status: "failed",
      hintCode: "expiredTransaction",
      qrData: null,
    });
    const failures = await app.ctx.db.select().from(auditLog).where(eq(auditLog.event, "login.failed"));
    const hints = failures.map((f) => f.detail?.["hint"]);
    expect(hints).toEqual(expect.arrayContaining(["userCancel", "cancelled", "expiredTransaction"]));
  });

  it("the simulator's other failures reach the client with their hint codes", async () => {
    for (const [action, hintCode] of [
      ["startFailed", "startFailed"],
      ["certificateErr", "certificateErr"],
      ["expire", "expiredTransaction"],
    ] as const) {
      const { agent, order, qrData } = await startLogin();
      await scan(app, { qrData, personalNumber: randomTestPersonalNumber(), action });
      expect(json(await agent.post("/api/v1/login/status", { order }))).toMatchObject({ status: "failed", hintCode });
    }
  });

  it("another browser cannot poll or cancel my order (404)", async () => {
    const { order } = await startLogin();
    const stranger = new TestAgent(app, randomIp());
    const polled = await stranger.post("/api/v1/login/status", { order });
    expect(polled.statusCode).toBe(404);
    expect(json(polled)["code"]).toBe("request.not_found");
    expect((await stranger.post("/api/v1/login/cancel", { order })).statusCode).toBe(404);
  });

  it("another browser with a live order of its own can neither poll nor cancel mine (404); mine goes on and logs in only me", async () => {
    const { personalNumber } = await registerWithBankId(app);
    const mine = await startLogin();
    const theirs = await startLogin();
    // The stranger holds a binding cookie too, just not the one my order was started with.
    expect(theirs.agent.cookies.get("bankid_order")).toBeTruthy();
    expect(theirs.agent.cookies.get("bankid_order")).not.toBe(mine.agent.cookies.get("bankid_order"));
    for (const url of ["/api/v1/login/status", "/api/v1/login/cancel"]) {
      const refused = await theirs.agent.post(url, { order: mine.order });
      expect(refused.statusCode, url).toBe(404);
      expect(json(refused)).toMatchObject({ code: "request.not_found" });
    }
    // My order is still pending, here and at BankID: approved in the app, it completes for me.
    expect(json(await mine.agent.post("/api/v1/login/status", { order: mine.order }))).toMatchObject({ status: "pending", hintCode: "outstandingTransaction" });
    expect((await scan(app, { qrData: mine.qrData, personalNumber, action: "approve" })).statusCode).toBe(200);
    expect(json(await mine.agent.post("/api/v1/login/status", { order: mine.order }))).toEqual({ status: "complete", hintCode: null, qrData: null });
    expect(json(await mine.agent.get("/api/v1/me/"))).toMatchObject({ logged_in: true, auth_type: "bankid" });
    expect(json(await theirs.agent.get("/api/v1/me/"))["logged_in"]).toBe(false);
    // And theirs is untouched by its refused calls.
    expect(json(await theirs.agent.post("/api/v1/login/status", { order: theirs.order }))).toMatchObject({ status: "pending" });
  });

  it("cancel: bad input answers 400 with the failing field", async () => {
    const agent = new TestAgent(app, randomIp());
    for (const [body, field] of [
      [{ order: "not-an-order" }, "body.order"],
      [{}, "body.order"],
      [{ order: "A".repeat(43), extra: 1 }, "body.extra"],
    ] as const) {
      const response = await agent.post("/api/v1/login/cancel", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = json(response) as { code: string; fields: Record<string, string> };
      expect(answer.code).toBe("request.invalid");
      expect(Object.keys(answer.fields)).toEqual([field]);
    }
  });

  it("bad input answers 400 with the failing fields", async () => {
    const agent = new TestAgent(app, randomIp());
    const device = await agent.post("/api/v1/login", { device: "phone" });
    expect(device.statusCode).toBe(400);
    expect(json(device)).toMatchObject({ code: "request.invalid", fields: { "body.device": expect.any(String) } });
    const extra = await agent.post("/api/v1/login", { device: "same", personalNumber: "198112289874" });
    expect(extra.statusCode).toBe(400);
    const order = await agent.post("/api/v1/login/status", { order: "not-an-order" });
    expect(json(order)).toMatchObject({ code: "request.invalid", fields: { "body.order": "order.invalid" } });
    const consent = await agent.post("/api/v1/onboarding/register", {
      device: "other",
      locale: "sv",
      terms_version: CURRENT_TERMS_VERSION,
      accept_terms: true,
      consent_health_data: false, ...ACCOUNT_AGREEMENTS,
    });
    expect(json(consent)).toMatchObject({ code: "request.invalid", fields: { "body.consent_health_data": "consent.required" } });
    const outdated = await agent.post("/api/v1/onboarding/register", {
      device: "other",
      locale: "sv",
      terms_version: "2001-01-01",
      accept_terms: true,
      consent_health_data: true, ...ACCOUNT_AGREEMENTS,
    });
    expect(json(outdated)).toMatchObject({ fields: { "body.terms_version": "terms.outdated" } });
    const unknown = await agent.post("/api/v1/login/status", { order: "A".repeat(43) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("BankID registration and data", () => {
  it("creates the account with consents, the personal number encrypted and found by HMAC, evidence and audit", async () => {
    const { agent, personalNumber } = await registerWithBankId(app, { headers: { token: "onboarding-token-0123456789" } });
    const me = json(await agent.get("/api/v1/me/")) as { user_data: { id: string; email: string | null } };
    expect(me).toMatchObject({ logged_in: true, verified: true, auth_type: "bankid", terms_accepted: true });
    expect(me.user_data.email).toBeNull();
    const userId = me.user_data.id;
    const given = await app.ctx.db.select().from(consents).where(eq(consents.userId, userId));
    expect(given.map((c) => [c.kind, c.version, c.locale]).sort()).toEqual([
      ["age", CURRENT_CONSENT_VERSION, "sv"],
      ["health_data", CURRENT_CONSENT_VERSION, "sv"],
      ["terms", CURRENT_TERMS_VERSION, "sv"],
    ]);
    const [identity] = await app.ctx.db.select().from(bankidIdentities).where(eq(bankidIdentities.userId, userId));
    expect(identity?.personalNumber).not.toContain(personalNumber);
    expect(identity?.personalNumberHash).not.toContain(personalNumber);
    expect(app.ctx.cipher.decrypt(identity?.personalNumber ?? "", personalNumberAad(userId))).toBe(personalNumber);
    expect(identity?.name).toMatch(/\S+ \S+/);
    const evidence = await app.ctx.db.select().from(bankidEvidence).where(eq(bankidEvidence.userId, userId));
    expect(evidence).toHaveLength(1);
    expect(evidence[0]?.signature.length).toBeGreaterThan(10);
    expect(evidence[0]?.ocspResponse.length).toBeGreaterThan(10);
    const [order] = await app.ctx.db.select().from(bankidOrders).where(eq(bankidOrders.userId, userId));
    expect(order?.onboardingToken).toBe("onboarding-token-0123456789");
    expect(order?.qrStartSecret).toMatch(/^v1\./);
    const entries = await app.ctx.db.select().from(auditLog).where(eq(auditLog.userId, userId));
    expect(entries.map((e) => e.event)).toEqual(expect.arrayContaining(["account.created", "consent.given", "login.succeeded"]));
    expect(JSON.stringify(entries)).not.toContain(personalNumber);
    const [user] = await app.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ authType: "bankid", email: null, passwordHash: null });
  });

  it("registering again with the same BankID logs in to the same account", async () => {
    const first = await registerWithBankId(app);
    const again = await registerWithBankId(app, { personalNumber: first.personalNumber });
    const a = json(await first.agent.get("/api/v1/me/")) as { user_data: { id: string } };
    const b = json(await again.agent.get("/api/v1/me/")) as { user_data: { id: string } };
    expect(b.user_data.id).toBe(a.user_data.id);
  });
});

describe("the simulator speaks the RP API v6 contract", () => {
  it("refuses a missing endUserIp with invalidParameters", async () => {
    const error = await app.ctx.bankid.auth({} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdRpError);
    expect((error as BankIdRpError).errorCode).toBe("invalidParameters");
    expect((error as BankIdRpError).httpStatus).toBe(400);
  });

  it("a second order for the same personal number is alreadyInProgress and aborts the first", async () => {
    const personalNumber = randomTestPersonalNumber();
    const first = await app.ctx.bankid.auth({ endUserIp: "192.0.2.1", requirement: { personalNumber } });
    const error = await app.ctx.bankid
      .auth({ endUserIp: "192.0.2.1", requirement: { personalNumber } })
      .catch((e: unknown) => e);
    expect((error as BankIdRpError).errorCode).toBe("alreadyInProgress");
    expect(await app.ctx.bankid.collect(first.orderRef)).toMatchObject({ status: "failed", hintCode: "cancelled" });
  });

  it("completion data carries user, device, issue date, signature and OCSP answer", async () => {
    const personalNumber = randomTestPersonalNumber();
    const order = await app.ctx.bankid.sign({ endUserIp: "192.0.2.7", userVisibleData: Buffer.from("Godkänn").toString("base64") });
    expect(await app.ctx.bankid.collect(order.orderRef)).toMatchObject({ status: "pending", hintCode: "outstandingTransaction" });
    await scan(app, { autoStartToken: order.autoStartToken, personalNumber, action: "approve" });
    const collected = await app.ctx.bankid.collect(order.orderRef);
    expect(collected).toMatchObject({
      status: "complete",
      completionData: {
        user: { personalNumber, name: expect.any(String), givenName: "Test", surname: expect.any(String) },
        device: { ipAddress: "192.0.2.7", uhi: expect.any(String) },
        bankIdIssueDate: expect.any(String),
        signature: expect.any(String),
        ocspResponse: expect.any(String),
      },
    });
  });

  it("the dev scan refuses bad input and QR codes that are not the order's", async () => {
    const bad = await scan(app, { qrData: "bankid.x", personalNumber: "123" });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: "request.invalid", fields: { "body.personalNumber": "personal_number.invalid" } });
    const { qrData } = await startLogin();
    const forged = qrData.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    expect((await scan(app, { qrData: forged, personalNumber: randomTestPersonalNumber() })).statusCode).toBe(400);
  });
});

describe("the simulator in production", () => {
  it("refuses to start, whatever the configuration says", async () => {
    const env = { ...testEnv(), NODE_ENV: "production" as const, isProduction: true };
    await expect(startBankIdSimulator(env, { db: app.ctx.db, clock })).rejects.toThrow(/refused/);
  });
});

describe("deleting a BankID account", () => {
  it("is confirmed by a BankID login of the last ten minutes; an older one must log in again", async () => {
    const fresh = await registerWithBankId(app);
    const deleted = await fresh.agent.delete("/api/v1/me/", { bankid: true });
    expect(deleted.statusCode).toBe(200);
    expect(json(await fresh.agent.get("/api/v1/me/"))["logged_in"]).toBe(false);

    const old = await registerWithBankId(app);
    const missing = await old.agent.delete("/api/v1/me/", {});
    expect(json(missing)).toMatchObject({ code: "request.invalid" });
    clock.advance(11 * 60_000);
    await old.agent.get("/api/v1/me/");
    const stale = await old.agent.delete("/api/v1/me/", { bankid: true });
    // 409, not 401/403: those log a client out (spec §8), and the person would never read why.
    expect(stale.statusCode).toBe(409);
    expect(json(stale)["code"]).toBe("bankid.reauth_required");
    expect(json(await old.agent.get("/api/v1/me/"))["logged_in"]).toBe(true);
    // Only the BankID confirmation counts for a BankID account; a password account needs its password.
    const someone = await registerWithBankId(app);
    expect(json(await someone.agent.delete("/api/v1/me/", { password: "x" }))).toMatchObject({ fields: { "body.bankid": "required" } });
    const withPassword = await registerUser(app);
    expect(json(await withPassword.agent.delete("/api/v1/me/", { bankid: true }))).toMatchObject({ fields: { "body.password": "required" } });
  });
});

describe("two instances on one database", () => {
  it("an order started through one instance is scanned and polled through another", async () => {
    const other = await createTestApp({ clock });
    try {
      const { personalNumber } = await registerWithBankId(app);
      const { agent, order, qrData } = await startLogin();
      // The phone reaches instance B's simulator; the browser's next poll lands on instance B.
      expect((await scan(other, { qrData, personalNumber, action: "approve" })).statusCode).toBe(200);
      const moved = new TestAgent(other, agent.ip);
      for (const [name, value] of agent.cookies) moved.cookies.set(name, value);
      expect(json(await moved.post("/api/v1/login/status", { order }))["status"]).toBe("complete");
      expect(json(await moved.get("/api/v1/me/"))).toMatchObject({ logged_in: true, auth_type: "bankid" });
    } finally {
      await other.close();
    }
  });
});
