import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/accounts.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { codeFor, GOOD_PASSWORD, randomIp } from "../../testing/accounts.ts";
import { createTestApp, createTestUser, sessionCookieFor, type TestApp } from "../../testing/test-app.ts";
import { loadSession } from "../sessions/session-service.ts";
import { deleteAccount, loginWithPassword } from "./account-service.ts";
import { hashNewPassword } from "./passwords.ts";
import { confirmSecondFactor, enableTwofa, twofaSetup } from "./twofa-service.ts";
import { findUserById } from "./users-repository.ts";

/** Issue 18: account and two-factor services called without a request; they return the session effects. */
describe("account and two-factor services with plain inputs", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const clientAt = (): ClientInfo => ({ ip: randomIp(), userAgent: "test", origin: "http://localhost" });

  async function sessionOf(user: { id: string; email: string }, verified = true) {
    const session = await loadSession(app.ctx, (await sessionCookieFor(app, user, { verified })).split("=")[1] ?? "");
    if (!session) throw new Error("no session");
    return session;
  }

  it("a password login returns the new session, the theme cookie and a CSRF rotation, in that order", async () => {
    const user = await createTestUser(app, { passwordHash: await hashNewPassword(GOOD_PASSWORD), theme: "green" });
    const client = clientAt();
    const { result, effects } = await loginWithPassword(app.ctx, client, null, user.email, GOOD_PASSWORD);
    expect(effects.map((effect) => effect.kind)).toEqual(["start", "theme", "rotate-csrf"]);
    expect(effects[1]).toEqual({ kind: "theme", theme: "green" });
    const start = effects[0];
    if (start?.kind !== "start") throw new Error("no start");
    expect(start.session).toMatchObject({ userId: user.id, verified: false });
    expect(result).toBeTruthy();
    const rows = await app.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.event, "login.succeeded")));
    expect(rows).toEqual([{ ip: client.ip }]);
  });

  it("a wrong second factor is audited with the client's address", async () => {
    const created = await createTestUser(app);
    const user = await findUserById(app.ctx.db, created.id);
    if (!user) throw new Error("no user");
    const client = clientAt();
    await expect(confirmSecondFactor(app.ctx, client, user, "000000")).rejects.toMatchObject({ code: "auth.code_invalid" });
    const rows = await app.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.event, "twofa.failed")));
    expect(rows).toEqual([{ ip: client.ip }]);
  });

  it("enabling 2FA returns the recovery codes and a new verified session in place of the current one", async () => {
    const user = await createTestUser(app);
    const session = await sessionOf(user, false);
    const setup = await twofaSetup(app.ctx, session, "test");
    if (!setup.secret) throw new Error("no secret");
    const { result, effects } = await enableTwofa(app.ctx, clientAt(), session, codeFor(app, setup.secret));
    expect(result).toHaveLength(10);
    expect(effects).toHaveLength(1);
    expect(effects[0]).toMatchObject({ kind: "start", session: { userId: user.id, verified: true } });
    expect(await app.ctx.db.query.sessions.findFirst({ where: (s, { eq: is }) => is(s.idHash, session.idHash) })).toBeUndefined();
  });

  it("deleting the account ends the session, rotates the CSRF secret and clears the site data", async () => {
    const user = await createTestUser(app, { passwordHash: await hashNewPassword(GOOD_PASSWORD) });
    const effects = await deleteAccount(app.ctx, clientAt(), await sessionOf(user), { password: GOOD_PASSWORD });
    expect(effects).toEqual([{ kind: "end" }, { kind: "rotate-csrf" }, { kind: "clear-site-data" }]);
    expect(await findUserById(app.ctx.db, user.id)).toBeNull();
  });
});
