import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { bankidIdentities } from "../db/schema/bankid.ts";
import { sessions } from "../db/schema/sessions.ts";
import { users } from "../db/schema/users.ts";
import { hashPassword } from "../modules/accounts/password-hash.ts";
import { personalNumberHash } from "../modules/bankid/personal-number.ts";
import { randomTestPersonalNumber } from "../modules/bankid/simulator/test-identities.ts";
import { TestAgent } from "../testing/agent.ts";
import { GOOD_PASSWORD, latestMailTo, linkParam, randomIp, uniqueEmail } from "../testing/accounts.ts";
import { approvedOrder } from "../testing/bankid.ts";
import { REGISTRATION_AGREEMENTS } from "../testing/consent.ts";
import { hold } from "../testing/held-lock.ts";
import { FakeClock, createTestApp, createTestUser, json, sessionCookieFor } from "../testing/test-app.ts";

/**
 * Single-use things used several times at the same moment: e-mailed codes, an address that two
 * requests both found free, a person's first BankID login, a password that a reset replaces while
 * a login checks it. Of each race exactly one request wins and the others get the answer they
 * would get one by one; a deadlock or a unique violation must never surface as a 500. On
 * PostgreSQL the requests really run in parallel on the pool; PGlite runs one transaction at a
 * time, so the checks made outside a transaction are what it exercises. A race is caught in some
 * rounds only, so the cases that need it run a few.
 */

const clock = new FakeClock(Date.UTC(2026, 10, 25, 9, 0, 0));
const NEW_PASSWORD = "ett helt nytt lösen i kväll";
let app: FastifyInstance;
let passwordHash: string;
let dataDir: string;
/** On PostgreSQL, a second pool that holds a row lock to line racing requests up (testing/held-lock.ts). */
let holder: Database | null = null;
beforeAll(async () => {
  // An outbox of the file's own: reading the newest mail reads the whole outbox, every round.
  dataDir = await mkdtemp(path.join(tmpdir(), "kbt-single-use-"));
  app = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
  passwordHash = await hashPassword(GOOD_PASSWORD);
  const databaseUrl = inject("testDatabaseUrl");
  if (databaseUrl) holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every caller from an address of its own: per-address limits are not what these tests are about. */
const visitor = () => new TestAgent(app, randomIp());

/**
 * An account with a verified session, without the registration ceremony (no hashing), and
 * without a password unless asked for: an address change then needs none either.
 */
async function verifiedUser(password: "password" | "none" = "none"): Promise<{ id: string; email: string; agent: TestAgent }> {
  const user = await createTestUser(app, password === "password" ? { passwordHash } : {});
  const agent = visitor();
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return { ...user, agent };
}

async function mailedCode(to: string, param: string): Promise<string> {
  return linkParam((await latestMailTo(app, to)).text, param);
}

async function resetToken(email: string): Promise<string> {
  expect((await visitor().post("/api/v1/password/reset", { email })).statusCode).toBe(202);
  return mailedCode(email, "token");
}

async function registrationCode(email: string): Promise<string> {
  expect((await visitor().post("/api/v1/onboarding/register/email", { email, locale: "sv" })).statusCode).toBe(202);
  return mailedCode(email, "code");
}

async function emailChangeCode(agent: TestAgent, email: string, password?: string): Promise<string> {
  expect((await agent.post("/api/v1/me/email/", { email, ...(password ? { password } : {}) })).statusCode).toBe(202);
  return mailedCode(email, "email_code");
}

const useReset = (token: string, password = NEW_PASSWORD) => visitor().post("/api/v1/password/reset/complete", { token, password });
const completeRegistration = (code: string) => visitor().post("/api/v1/onboarding/complete", { code, password: GOOD_PASSWORD, ...REGISTRATION_AGREEMENTS });
const confirmChange = (agent: TestAgent, code: string) => agent.post("/api/v1/me/email/confirm/", { code });

/** One request got `ok`; every other one the answer of a used link (400 auth.link_invalid). */
function expectOneWinner(responses: LightMyRequestResponse[], ok: number): void {
  const statuses = responses.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === ok), `statuses: ${statuses.join(", ")}`).toHaveLength(1);
  for (const lost of responses.filter((r) => r.statusCode !== ok)) {
    expect([lost.statusCode, lost.json().code]).toEqual([400, "auth.link_invalid"]);
  }
}

async function accountsWith(email: string): Promise<number> {
  return (await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
}

async function rounds(count: number, round: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < count; i += 1) await round(i);
}

const SAME_CODE_TIMES = 6;

/**
 * Two requests that write the account's row, at once: on PostgreSQL the row is held until both
 * wait (at the row, or behind the other), so they go on together, in either order, every round.
 */
async function together(userId: string, requests: () => Promise<LightMyRequestResponse>[]): Promise<LightMyRequestResponse[]> {
  if (!holder) return Promise.all(requests());
  const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update"));
  const [responses] = await Promise.all([Promise.all(requests()), held.releaseWhenWaiting(2)]);
  return responses;
}

describe("one code sent several times at once", () => {
  it("a password-reset link: one reset, the others refused as used", async () => {
    const user = await verifiedUser("password");
    const token = await resetToken(user.email);
    expectOneWinner(await Promise.all(Array.from({ length: SAME_CODE_TIMES }, () => useReset(token))), 200);
  });

  it("a registration link: one account, the others refused as used", async () => {
    const email = uniqueEmail("same-code");
    const code = await registrationCode(email);
    expectOneWinner(await Promise.all(Array.from({ length: SAME_CODE_TIMES }, () => completeRegistration(code))), 201);
    expect(await accountsWith(email)).toBe(1);
  });

  it("an e-mail change link: one change, the others refused as used", async () => {
    const user = await verifiedUser();
    const email = uniqueEmail("same-change");
    const code = await emailChangeCode(user.agent, email);
    expectOneWinner(await Promise.all(Array.from({ length: SAME_CODE_TIMES }, () => confirmChange(user.agent, code))), 200);
    expect(await accountsWith(email)).toBe(1);
  });
});

describe("two different live codes of one account (or address) used at once", () => {
  // Each use deletes the other's row too: in opposite order, without a lock, a deadlock (40P01).
  it("two reset links of one account: one reset, the other refused", async () => {
    await rounds(6, async () => {
      const user = await verifiedUser("password");
      const [older, newer] = [await resetToken(user.email), await resetToken(user.email)];
      expectOneWinner(await Promise.all([useReset(older), useReset(newer, "ett annat nytt lösen här")]), 200);
    });
  });

  it("two pending address changes of one account: one change, the other refused", async () => {
    await rounds(10, async () => {
      const user = await verifiedUser();
      const codes = [await emailChangeCode(user.agent, uniqueEmail("one")), await emailChangeCode(user.agent, uniqueEmail("two"))];
      expectOneWinner(await Promise.all(codes.map((code) => confirmChange(user.agent, code))), 200);
    });
  });

  it("two registration links of one address: one account, the other refused", async () => {
    await rounds(6, async () => {
      const email = uniqueEmail("two-codes");
      const codes = [await registrationCode(email), await registrationCode(email)];
      expectOneWinner(await Promise.all(codes.map(completeRegistration)), 201);
      expect(await accountsWith(email)).toBe(1);
    });
  });
});

describe("two requests that both found an address free", () => {
  // Both checked "not taken" before either wrote: the loser meets users_email_unique (23505).
  it("two accounts confirming a change to the same address: one gets it, the other is refused", async () => {
    await rounds(4, async () => {
      const email = uniqueEmail("contested");
      const [a, b] = [await verifiedUser(), await verifiedUser()];
      const codes = [await emailChangeCode(a.agent, email), await emailChangeCode(b.agent, email)];
      expectOneWinner(await Promise.all([confirmChange(a.agent, codes[0] ?? ""), confirmChange(b.agent, codes[1] ?? "")]), 200);
      expect(await accountsWith(email)).toBe(1);
    });
  });

  it("a registration and an address change to the same address: one gets it, the other is refused", async () => {
    // The registration hashes its password before its transaction; the change does not. The
    // change starts 0–10 ms later, by turns, so that some rounds land inside that transaction.
    await rounds(18, async (i) => {
      const email = uniqueEmail("reg-or-change");
      const user = await verifiedUser();
      const changeCode = await emailChangeCode(user.agent, email);
      const registerCode = await registrationCode(email);
      const delayedChange = sleep((i % 6) * 2).then(() => confirmChange(user.agent, changeCode));
      const responses = await Promise.all([completeRegistration(registerCode), delayedChange]);
      expect(responses.filter((r) => r.statusCode < 300)).toHaveLength(1);
      for (const lost of responses.filter((r) => r.statusCode >= 300)) {
        expect([lost.statusCode, lost.json().code]).toEqual([400, "auth.link_invalid"]);
      }
      expect(await accountsWith(email)).toBe(1);
    });
  });
});

describe("a person's first BankID login, twice at once", () => {
  // Both find no account and both create one: the loser meets the personal number's unique
  // constraint (23505), and logs in to the winner's account instead, as it would a moment later.
  it("ends with one account and both browsers logged in to it", async () => {
    await rounds(4, async () => {
      const personalNumber = randomTestPersonalNumber();
      const registrations = [await approvedOrder(app, "register", { personalNumber }), await approvedOrder(app, "register", { personalNumber })];
      const polls = await Promise.all(registrations.map(({ agent, order }) => agent.post("/api/v1/login/status", { order })));
      expect(polls.map((r) => [r.statusCode, json(r)["status"]])).toEqual([[200, "complete"], [200, "complete"]]);
      const ids = await Promise.all(registrations.map(async ({ agent }) => (json(await agent.get("/api/v1/me/"))["user_data"] as { id: string }).id));
      expect(ids[0]).toBe(ids[1]);
      const hash = personalNumberHash(app.ctx, personalNumber);
      expect(await app.ctx.db.select().from(bankidIdentities).where(eq(bankidIdentities.personalNumberHash, hash))).toHaveLength(1);
    });
  });
});

describe("a reset link used while the account changes its password or address", () => {
  // Each deletes the account's reset codes and writes its row: in opposite orders, the two
  // transactions deadlocked (40P01, a 500). Whichever comes first wins; the other answers as it
  // would a moment later. On PostgreSQL the user's row is held until both wait (together).
  it("a password change at the same moment: one of them wins, the other is refused (no 500)", async () => {
    // Reset first, the change was refused too (401 once its session had gone); at once, it used to
    // replace the password the reset had just set (both 200), with the current password it had.
    await rounds(8, async () => {
      const user = await verifiedUser("password");
      const token = await resetToken(user.email);
      const change = { current_password: GOOD_PASSWORD, new_password: `${NEW_PASSWORD} too` };
      const responses = await together(user.id, () => [useReset(token), user.agent.post("/api/v1/password/change", change)]);
      const [reset, changed] = responses.map((r) => [r.statusCode, r.statusCode === 200 ? null : r.json().code]);
      expect(responses.filter((r) => r.statusCode === 200), JSON.stringify([reset, changed])).toHaveLength(1);
      if (reset?.[0] !== 200) expect(reset).toEqual([400, "auth.link_invalid"]);
      if (changed?.[0] !== 200) expect([[400, "auth.invalid_credentials"], [401, "auth.not_authenticated"]]).toContainEqual(changed);
      // The winner's password is the account's.
      const password = reset?.[0] === 200 ? NEW_PASSWORD : change.new_password;
      expect((await visitor().post("/api/v1/login/email", { email: user.email, password })).statusCode).toBe(200);
    });
  });

  it("an address change confirmed at the same moment: no 500", async () => {
    await rounds(8, async () => {
      const user = await verifiedUser("password");
      const code = await emailChangeCode(user.agent, uniqueEmail("moving"), GOOD_PASSWORD);
      const token = await resetToken(user.email);
      const responses = await together(user.id, () => [useReset(token), confirmChange(user.agent, code)]);
      expect(responses.map((r) => r.statusCode)).toEqual([expect.any(Number), 200]);
      expect([200, 400]).toContain(responses[0]?.statusCode);
    });
  });
});

describe("a login with the old password while a reset replaces it", () => {
  // The login checked the old hash before the reset committed; a session it starts after the
  // reset's revocation would outlive the reset. It is refused instead, or revoked with the rest.
  it("leaves no session for the old password", async () => {
    await rounds(8, async () => {
      const user = await verifiedUser("password");
      const token = await resetToken(user.email);
      const login = visitor();
      const [loggedIn, reset] = await Promise.all([
        login.post("/api/v1/login/email", { email: user.email, password: GOOD_PASSWORD }),
        useReset(token),
      ]);
      expect(reset.statusCode).toBe(200);
      expect([200, 400]).toContain(loggedIn.statusCode);
      expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      expect(json(await login.get("/api/v1/me/"))["logged_in"]).toBe(false);
    });
  });
});

describe("two password changes of one account at once", () => {
  // Each checked the current password before either wrote. One by one, the later one is refused:
  // the password it gives is no longer the current one (or, from another device, its session was
  // ended by the first). At once, it must not replace the password the first has just set.
  async function changeTwice(sameSession: boolean): Promise<void> {
    const user = await verifiedUser("password");
    const other = sameSession ? user.agent : visitor();
    if (!sameSession) other.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const next = [`${NEW_PASSWORD} ett`, `${NEW_PASSWORD} två`];
    const responses = await together(user.id, () =>
      [user.agent, other].map((agent, i) => agent.post("/api/v1/password/change", { current_password: GOOD_PASSWORD, new_password: next[i] })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200), `statuses: ${statuses.join(", ")}`).toHaveLength(1);
    const lost = responses.find((r) => r.statusCode !== 200);
    expect([[400, "auth.invalid_credentials"], [401, "auth.not_authenticated"]]).toContainEqual([lost?.statusCode, lost?.json().code]);
    // The winner's new password is the account's; the loser's is not.
    const winner = statuses.indexOf(200);
    const logins = await Promise.all(next.map((password) => visitor().post("/api/v1/login/email", { email: user.email, password })));
    expect(logins.map((r) => r.statusCode)).toEqual(next.map((_, i) => (i === winner ? 200 : 400)));
  }

  it("from two devices: one change, the other refused", async () => {
    await rounds(3, () => changeTwice(false));
  });

  it("twice from one session (two tabs): one change, the other refused", async () => {
    await rounds(3, () => changeTwice(true));
  });
});
