import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getInstrument, lightScreening } from "../../common/instruments/registry.ts";
import { openDatabase, type Database, type Tx } from "../db/client.ts";
import { contentModules, courseParts, courses } from "../db/schema/content.ts";
import { auditLog } from "../db/schema/accounts.ts";
import { bankidIdentities } from "../db/schema/bankid.ts";
import { reminderSettings } from "../db/schema/ops.ts";
import { sessions } from "../db/schema/sessions.ts";
import { users } from "../db/schema/users.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { hashPassword } from "../modules/accounts/password-hash.ts";
import { personalNumberHash } from "../modules/bankid/personal-number.ts";
import { USER_TABLES, tableNameOf } from "../modules/privacy/user-tables.ts";
import { giveScreening } from "../modules/screening/fixture-screening.ts";
import { TestAgent } from "../testing/agent.ts";
import { TOTP_PERIOD_SECONDS } from "../modules/twofa/totp.ts";
import { GOOD_PASSWORD, codeFor, mailCountTo, randomIp, registerUser } from "../testing/accounts.ts";
import { unlockModule, worksheetModuleIdOf } from "../testing/courses.ts";
import { approvedOrder, registerWithBankId } from "../testing/bankid.ts";
import { hold } from "../testing/held-lock.ts";
import { FakeClock, createTestApp, createTestUser, json, sessionCookieFor } from "../testing/test-app.ts";

/**
 * An account deleted (or a consent withdrawn, ADR 011) while another request of the same person
 * writes or logs in: a second tab, a second device. The request that loses must get the answer it
 * would get a moment later (401 with its session gone; for a login, a reset or a registration, the
 * answer for an address without an account), never a 500 (a foreign-key violation, a deadlock), and
 * nothing of the person may outlive the deletion: no row, no session, no second farewell mail.
 *
 * Timing alone rarely lines these up, so the tests hold the user's row on a connection of their
 * own (testing/held-lock.ts): the deletion queues for it first, the other request behind the
 * deletion. PostgreSQL only; PGlite runs one transaction at a time.
 */

const databaseUrl = inject("testDatabaseUrl");
const clock = new FakeClock(Date.UTC(2026, 10, 30, 9, 0, 0));
let app: FastifyInstance;
let holder: Database;
let passwordHash: string;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("the concurrent deletion tests need DATABASE_URL (PostgreSQL)");
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
  holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
  passwordHash = await hashPassword(GOOD_PASSWORD);
});
afterAll(async () => {
  await holder?.close();
  await app?.close();
});

interface Person {
  id: string;
  email: string;
  agent: TestAgent;
}

/** A password account with a verified session (a fixture: no registration ceremony). */
async function person(): Promise<Person> {
  const user = await createTestUser(app, { passwordHash });
  const agent = new TestAgent(app, randomIp());
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return { ...user, agent };
}

/** Another tab of the same session (its own cookie jar, so the deletion's cleared cookie stays in its own). */
function otherTab(of: Person): TestAgent {
  const tab = new TestAgent(app, of.agent.ip);
  for (const [name, value] of of.agent.cookies) tab.cookies.set(name, value);
  return tab;
}

const deleteAccount = (of: Person, body: Record<string, unknown> = {}) => of.agent.delete("/api/v1/me/", { password: GOOD_PASSWORD, ...body });

/**
 * Deletes `of`'s account while `race` runs: the user's row is held (or `holding` locks something
 * the deletion reaches later), the deletion queues for it, `race` starts and queues behind the
 * deletion, then the lock is let go.
 */
async function deletionThen(
  of: Person,
  race: () => Promise<LightMyRequestResponse>,
  body: Record<string, unknown> = {},
  holding: (tx: Tx) => Promise<unknown> = (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, of.id)).for("update"),
) {
  const held = await hold(holder, holding);
  try {
    const deletion = deleteAccount(of, body);
    await held.whenWaiting(1);
    const other = race();
    await held.releaseWhenWaiting(2);
    return { deletion: await deletion, other: await other };
  } finally {
    await held.release();
  }
}

/** Every row of every user table that still names the user (docs/retention.md: none). */
async function leftOf(id: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {};
  for (const entry of USER_TABLES) {
    const [row] = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(entry.table).where(eq(entry.userColumn, id));
    if (row && row.n > 0) left[tableNameOf(entry.table)] = row.n;
  }
  return left;
}

function worksheetModule(worksheet: string): Promise<string> {
  return worksheetModuleIdOf(app, worksheet);
}

/** The first module of a course's first part. */
async function firstModule(courseKey: string): Promise<string> {
  const [row] = await app.ctx.db
    .select({ id: contentModules.id })
    .from(contentModules)
    .innerJoin(courseParts, eq(courseParts.id, contentModules.partId))
    .innerJoin(courses, eq(courses.id, contentModules.courseId))
    .where(and(eq(courses.key, courseKey), eq(contentModules.archived, false)))
    .orderBy(courseParts.position, contentModules.position)
    .limit(1);
  if (!row) throw new Error(`no module in ${courseKey}`);
  return row.id;
}

describe("account deletion racing a write of the same person", () => {
  it("a worksheet row saved meanwhile: 401, and no row outlives the account", async () => {
    const p = await person();
    const module = await worksheetModule("worry-log");
    await unlockModule(app, p.id, module);
    const { deletion, other } = await deletionThen(p, () =>
      otherTab(p).post(`/api/v1/worksheets/${module}/rows/`, { values: { date: "2026-11-30", worry: "allt", anxiety: 5 } }),
    );
    expect(deletion.statusCode).toBe(200);
    expect(other.statusCode).toBe(401);
    expect(json(other).code).toBe("auth.not_authenticated");
    expect(await leftOf(p.id)).toEqual({});
  });

  it("a screening saved while the health-data consent is withdrawn: 401, nothing stored", async () => {
    const p = await person();
    const answers = Object.fromEntries(lightScreening.map((q) => [q.id, 0]));
    const { deletion, other } = await deletionThen(p, () => otherTab(p).post("/api/v1/screening/", { answers }), { withdraw_consent: "health_data" });
    expect(deletion.statusCode).toBe(200);
    expect([other.statusCode, json(other).code]).toEqual([401, "auth.not_authenticated"]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("another course started meanwhile (the unfinished one cleared): no deadlock, 401", async () => {
    const p = await person();
    await giveScreening(app, p.id);
    await unlockModule(app, p.id, await firstModule("anxiety"));
    const { deletion, other } = await deletionThen(p, () => otherTab(p).post("/api/v1/course-progress/clear-unfinished/", { course: "sleep" }));
    expect([deletion.statusCode, other.statusCode, json(other).code]).toEqual([200, 401, "auth.not_authenticated"]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("the other sessions logged out meanwhile: no deadlock, 401", async () => {
    const p = await person();
    await sessionCookieFor(app, p);
    const { deletion, other } = await deletionThen(p, () => otherTab(p).post("/api/v1/me/sessions/logout-others/"));
    expect([deletion.statusCode, other.statusCode, json(other).code]).toEqual([200, 401, "auth.not_authenticated"]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("an extended screening group saved meanwhile: 401, no score outlives the account", async () => {
    const p = await person();
    const group = (id: "phq9" | "gad7") => ({ answers: Object.fromEntries(getInstrument(id).items.filter((i) => !i.unscored).map((i) => [i.id, 1])) });
    expect((await p.agent.post("/api/v1/screening-extended/", { groups: { phq9: group("phq9") } })).statusCode).toBe(200);
    await app.ctx.db.insert(reminderSettings).values({ userId: p.id, enabled: false, timeOfDay: "09:00", timezone: "Europe/Stockholm", updatedAt: clock.now() });
    // Held where the deletion's cascade arrives after the screenings (the foreign keys cascade in the
    // order they were made): the screening in progress is deleted, not yet committed.
    const { deletion, other } = await deletionThen(p, () => otherTab(p).post("/api/v1/screening-extended/", { groups: { gad7: group("gad7") } }), {}, (tx) =>
      tx.select().from(reminderSettings).where(eq(reminderSettings.userId, p.id)).for("update"),
    );
    expect([deletion.statusCode, other.statusCode, json(other).code]).toEqual([200, 401, "auth.not_authenticated"]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("a profile change meanwhile: 401", async () => {
    const p = await person();
    const { deletion, other } = await deletionThen(p, () => otherTab(p).request("PATCH", "/api/v1/me/profile/", { name: "Ny" }));
    expect([deletion.statusCode, other.statusCode, json(other).code]).toEqual([200, 401, "auth.not_authenticated"]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("recovery codes regenerated meanwhile: 401, no code outlives the account", async () => {
    const registered = await registerUser(app);
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, registered.email));
    const p: Person = { id: row?.id ?? "", email: registered.email, agent: registered.agent };
    clock.advance(TOTP_PERIOD_SECONDS * 1000);
    const { deletion, other } = await deletionThen(p, () => otherTab(p).post("/api/v1/twofa/recovery-codes/", { code: codeFor(app, registered.secret) }));
    expect([deletion.statusCode, other.statusCode, json(other).code]).toEqual([200, 401, "auth.not_authenticated"]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("sent twice at once (a double submit): one deletion and one farewell mail; the other 401", async () => {
    const p = await person();
    const { deletion, other } = await deletionThen(p, () => otherTab(p).delete("/api/v1/me/", { password: GOOD_PASSWORD }));
    expect([deletion.statusCode, other.statusCode, json(other).code]).toEqual([200, 401, "auth.not_authenticated"]);
    expect(await mailCountTo(app, p.email)).toBe(1);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("a BankID login meanwhile: no account (as a moment later), no deadlock, and no session outlives the account", async () => {
    const registered = await registerWithBankId(app);
    const [identity] = await app.ctx.db
      .select({ id: bankidIdentities.userId })
      .from(bankidIdentities)
      .where(eq(bankidIdentities.personalNumberHash, personalNumberHash(app.ctx, registered.personalNumber)));
    const p: Person = { id: identity?.id ?? "", email: "", agent: registered.agent };
    const login = await approvedOrder(app, "login", { personalNumber: registered.personalNumber });
    const { deletion, other } = await deletionThen(p, () => login.agent.post("/api/v1/login/status", { order: login.order }), { password: undefined, bankid: true });
    expect(deletion.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(json(other)).toMatchObject({ status: "failed", hintCode: "noAccount" });
    expect(await leftOf(p.id)).toEqual({});
  });

  it.each([
    ["a password reset", "/api/v1/password/reset", {}],
    ["a registration", "/api/v1/onboarding/register/email", { locale: "sv" }],
  ])("%s asked for the address meanwhile: 202, as for an address without an account", async (_, url, body) => {
    const p = await person();
    const visitor = new TestAgent(app, randomIp());
    const { deletion, other } = await deletionThen(p, () => visitor.post(url, { email: p.email, ...body }));
    expect([deletion.statusCode, other.statusCode]).toEqual([200, 202]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("a wrong password meanwhile: refused as for an unknown address, its failure recorded without the account (not a 500)", async () => {
    const p = await person();
    const login = new TestAgent(app, randomIp());
    const { deletion, other } = await deletionThen(p, () => login.post("/api/v1/login/email", { email: p.email, password: `${GOOD_PASSWORD}-wrong` }));
    expect(deletion.statusCode).toBe(200);
    expect([other.statusCode, json(other).code]).toEqual([400, "auth.invalid_credentials"]);
    const failures = await app.ctx.db.select({ userId: auditLog.userId }).from(auditLog).where(and(eq(auditLog.ip, login.ip), eq(auditLog.event, "login.failed")));
    expect(failures).toEqual([{ userId: null }]);
    expect(await leftOf(p.id)).toEqual({});
  });

  it("a login meanwhile: refused as for an unknown address, and no session outlives the account", async () => {
    const p = await person();
    const login = new TestAgent(app, randomIp());
    const { deletion, other } = await deletionThen(p, () => login.post("/api/v1/login/email", { email: p.email, password: GOOD_PASSWORD }));
    expect(deletion.statusCode).toBe(200);
    expect([other.statusCode, json(other).code]).toEqual([400, "auth.invalid_credentials"]);
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, p.id))).toEqual([]);
    expect(await leftOf(p.id)).toEqual({});
  });
});
