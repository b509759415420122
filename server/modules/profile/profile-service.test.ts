import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/accounts.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { randomIp } from "../../testing/accounts.ts";
import { createTestApp, createTestUser, sessionCookieFor, type TestApp } from "../../testing/test-app.ts";
import { screenLink } from "../accounts/links.ts";
import { exportUserData } from "../privacy/export-service.ts";
import { loadSession } from "../sessions/session-service.ts";
import { logoutOtherSessions, updateProfile } from "./profile-service.ts";

/** Issue 18: the services take the client as plain data, so they are called here without a request. */
describe("profile services with a plain client", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  async function sessionOf(user: { id: string; email: string }) {
    const cookie = await sessionCookieFor(app, user);
    const session = await loadSession(app.ctx, cookie.split("=")[1] ?? "");
    if (!session) throw new Error("no session");
    return session;
  }

  it("ends the other sessions and audits the client's address", async () => {
    const user = await createTestUser(app);
    const session = await sessionOf(user);
    await sessionOf(user);
    const client: ClientInfo = { ip: randomIp(), userAgent: "test", origin: "http://localhost" };
    expect(await logoutOtherSessions(app.ctx, client, session)).toBe(1);
    const rows = await app.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.event, "sessions.ended_others")));
    expect(rows).toEqual([{ ip: client.ip }]);
  });

  it("updates the profile and leaves the theme cookie to the caller", async () => {
    const user = await createTestUser(app);
    const profile = await updateProfile(app.ctx, await sessionOf(user), { name: "Ada", theme: "green" });
    expect(profile).toMatchObject({ name: "Ada", theme: "green" });
  });

  it("exports a user's data and audits the client's address", async () => {
    const user = await createTestUser(app);
    const client: ClientInfo = { ip: randomIp(), userAgent: undefined, origin: "http://localhost" };
    const document = await exportUserData(app.ctx, client, await sessionOf(user));
    expect(document.user_id).toBe(user.id);
    const rows = await app.ctx.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.event, "data.exported")));
    expect(rows).toEqual([{ ip: client.ip }]);
  });

  it("links to a screen on the request's origin when PUBLIC_ORIGIN is not set", () => {
    const link = screenLink(app.ctx, { origin: "http://example.test:8080" }, "profile", "en", { email_code: "abc" });
    expect(link.startsWith("http://example.test:8080/")).toBe(true);
    expect(link.endsWith("?email_code=abc")).toBe(true);
  });
});
