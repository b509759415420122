import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/sessions.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { createTestApp, createTestUser, sessionCookieFor, type TestApp } from "../../testing/test-app.ts";
import { endSession, hashSessionId, loadSession, startSession } from "./session-service.ts";

/** Issue 18: sessions start and end from plain data; the caller applies the returned effects. */
describe("session service with plain inputs", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const client: ClientInfo = { ip: "203.0.113.7", userAgent: `agent ${"x".repeat(600)}`, origin: "http://localhost" };

  it("starts a new session, deletes the current one and returns the cookie value to set", async () => {
    const user = await createTestUser(app);
    const oldCookie = (await sessionCookieFor(app, user)).split("=")[1] ?? "";
    const current = await loadSession(app.ctx, oldCookie);
    expect(current).not.toBeNull();
    const effect = await startSession(app.ctx, app.ctx.db, client, current, { userId: user.id, verified: true });
    expect(effect.kind).toBe("start");
    expect(effect.session).toMatchObject({ userId: user.id, verified: true, idHash: hashSessionId(effect.cookieValue) });
    expect(await loadSession(app.ctx, oldCookie)).toBeNull();
    const [row] = await app.ctx.db
      .select({ ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.idHash, effect.session.idHash));
    expect(row).toEqual({ ip: client.ip, userAgent: client.userAgent?.slice(0, 512) });
  });

  it("ends the current session and asks for the cookie to be cleared", async () => {
    const user = await createTestUser(app);
    const cookie = (await sessionCookieFor(app, user)).split("=")[1] ?? "";
    expect(await endSession(app.ctx, await loadSession(app.ctx, cookie))).toEqual([{ kind: "end" }]);
    expect(await loadSession(app.ctx, cookie)).toBeNull();
  });
});
