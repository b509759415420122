import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { sessions } from "../db/schema/sessions.ts";
import { users } from "../db/schema/users.ts";
import { hashSessionId } from "../modules/sessions/session-service.ts";
import { TOTP_PERIOD_SECONDS } from "../modules/twofa/totp.ts";
import { TestAgent } from "../testing/agent.ts";
import { codeFor, randomIp, registerUser, type RegisteredUser } from "../testing/accounts.ts";
import { hold } from "../testing/held-lock.ts";
import { FakeClock, createTestApp, json, sessionCookieFor } from "../testing/test-app.ts";

/**
 * Ending a person's other sessions ("log out other devices", a password change) while one of those
 * sessions is in use. A second factor passed replaces that session with a new one, which must not
 * outlive the logout that ended its predecessor (docs/security.md: a password change ends the other
 * sessions); whichever comes first, the other must see it. A deletion or a password change from an
 * ended session changes nothing. An ordinary write already authorised completes (authorisation is decided as a request
 * arrives); the session's next request is refused. A held row lock, on a connection of the test's
 * own, decides which request queues first. PostgreSQL only; PGlite runs one transaction at a time.
 */

const databaseUrl = inject("testDatabaseUrl");
const clock = new FakeClock(Date.UTC(2026, 10, 30, 10, 0, 0));
const NEW_PASSWORD = "en annan mening för natten 7";
let app: FastifyInstance;
let holder: Database;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("the concurrent session tests need DATABASE_URL (PostgreSQL)");
  app = await createTestApp({ clock });
  holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app?.close();
});

interface TwoDevices {
  user: RegisteredUser;
  id: string;
  /** A second device that has given the password and not yet the second factor. */
  second: TestAgent;
  secondHash: string;
}

async function twoDevices(): Promise<TwoDevices> {
  const user = await registerUser(app);
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (!row) throw new Error("no user");
  const second = new TestAgent(app, randomIp());
  expect((await second.post("/api/v1/login/email", { email: user.email, password: user.password })).statusCode).toBe(200);
  // Enabling used the current time step: the next one is the second device's.
  clock.advance(TOTP_PERIOD_SECONDS * 1000);
  return { user, id: row.id, second, secondHash: hashSessionId(second.cookies.get("sessionid") ?? "") };
}

/** `first` queues for the second device's session row, `then` behind it (or behind `first`). */
async function inOrder(devices: TwoDevices, first: () => Promise<LightMyRequestResponse>, then: () => Promise<LightMyRequestResponse>) {
  const held = await hold(holder, (tx) => tx.select().from(sessions).where(eq(sessions.idHash, devices.secondHash)).for("update"));
  try {
    const a = first();
    await held.whenWaiting(1);
    const b = then();
    await held.releaseWhenWaiting(2);
    return [await a, await b] as const;
  } finally {
    await held.release();
  }
}

const sessionsOf = async (id: string) => (await app.ctx.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, id))).length;

describe("the other sessions ended while one of them is in use", () => {
  it("verified first: the logout of the other devices ends the new session too", async () => {
    const devices = await twoDevices();
    const [verify, logout] = await inOrder(
      devices,
      () => devices.second.post("/api/v1/twofa/verify/", { code: codeFor(app, devices.user.secret) }),
      () => devices.user.agent.post("/api/v1/me/sessions/logout-others/"),
    );
    expect([verify.statusCode, logout.statusCode]).toEqual([200, 200]);
    expect(json(logout).ended).toBe(1);
    expect((await devices.second.get("/api/v1/me/profile/")).statusCode).toBe(401);
    expect(await sessionsOf(devices.id)).toBe(1);
  });

  it("the password changed first: the ended session's second factor is refused, and no session for it starts", async () => {
    const devices = await twoDevices();
    const [change, verify] = await inOrder(
      devices,
      () => devices.user.agent.post("/api/v1/password/change", { current_password: devices.user.password, new_password: NEW_PASSWORD }),
      () => devices.second.post("/api/v1/twofa/verify/", { code: codeFor(app, devices.user.secret) }),
    );
    expect(change.statusCode).toBe(200);
    expect([verify.statusCode, json(verify).code]).toEqual([401, "auth.not_authenticated"]);
    expect((await devices.second.get("/api/v1/me/profile/")).statusCode).toBe(401);
    expect(await sessionsOf(devices.id)).toBe(1);
  });

  it("the other devices logged out first: a deletion sent from one of them deletes nothing (401)", async () => {
    const devices = await twoDevices();
    // A verified session of the second device (as if it had passed its second factor before).
    const deleting = new TestAgent(app, randomIp());
    deleting.cookies.set("sessionid", (await sessionCookieFor(app, { id: devices.id, email: devices.user.email })).split("=")[1] ?? "");
    const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, devices.id)).for("update"));
    let logout, deletion;
    try {
      const ending = devices.user.agent.post("/api/v1/me/sessions/logout-others/");
      await held.whenWaiting(1);
      const deleted = deleting.delete("/api/v1/me/", { password: devices.user.password });
      await held.releaseWhenWaiting(2);
      [logout, deletion] = [await ending, await deleted];
    } finally {
      await held.release();
    }
    expect(logout.statusCode).toBe(200);
    expect([deletion.statusCode, json(deletion).code]).toEqual([401, "auth.not_authenticated"]);
    expect(await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, devices.id))).toHaveLength(1);
    expect((await devices.user.agent.get("/api/v1/me/profile/")).statusCode).toBe(200);
  });

  it("the other devices logged out first: a password change sent from one of them changes nothing (401)", async () => {
    const devices = await twoDevices();
    // A verified session of the second device (as if it had passed its second factor before).
    const changing = new TestAgent(app, randomIp());
    changing.cookies.set("sessionid", (await sessionCookieFor(app, { id: devices.id, email: devices.user.email })).split("=")[1] ?? "");
    const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, devices.id)).for("update"));
    let logout, change;
    try {
      const ending = devices.user.agent.post("/api/v1/me/sessions/logout-others/");
      await held.whenWaiting(1);
      const changed = changing.post("/api/v1/password/change", { current_password: devices.user.password, new_password: NEW_PASSWORD });
      await held.releaseWhenWaiting(2);
      [logout, change] = [await ending, await changed];
    } finally {
      await held.release();
    }
    expect(logout.statusCode).toBe(200);
    expect([change.statusCode, json(change).code]).toEqual([401, "auth.not_authenticated"]);
    // The device that logged the others out is still in, with the password it knows.
    expect((await devices.user.agent.get("/api/v1/me/profile/")).statusCode).toBe(200);
    const login = await new TestAgent(app, randomIp()).post("/api/v1/login/email", { email: devices.user.email, password: devices.user.password });
    expect(login.statusCode).toBe(200);
  });

  it("a write in flight when the other devices are logged out completes (it was authorised first); the session's next request is refused", async () => {
    const devices = await twoDevices();
    const other = new TestAgent(app, randomIp());
    other.cookies.set("sessionid", (await sessionCookieFor(app, { id: devices.id, email: devices.user.email })).split("=")[1] ?? "");
    const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, devices.id)).for("update"));
    let logout, change;
    try {
      const ending = devices.user.agent.post("/api/v1/me/sessions/logout-others/");
      await held.whenWaiting(1);
      const changing = other.request("PATCH", "/api/v1/me/profile/", { name: "Efter" });
      await held.releaseWhenWaiting(2);
      [logout, change] = [await ending, await changing];
    } finally {
      await held.release();
    }
    expect([logout.statusCode, change.statusCode]).toEqual([200, 200]);
    expect(json(await devices.user.agent.get("/api/v1/me/profile/")).name).toBe("Efter");
    expect((await other.get("/api/v1/me/profile/")).statusCode).toBe(401);
  });
});
