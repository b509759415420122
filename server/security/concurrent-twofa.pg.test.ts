import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { recoveryCodes } from "../db/schema/accounts.ts";
import { users } from "../db/schema/users.ts";
import { totpSecretAad } from "../modules/accounts/twofa-service.ts";
import { generateSecret, stepOf, TOTP_PERIOD_SECONDS } from "../modules/twofa/totp.ts";
import { TestAgent } from "../testing/agent.ts";
import { codeFor, randomIp, registerUser, type RegisteredUser } from "../testing/accounts.ts";
import { hold } from "../testing/held-lock.ts";
import { createTestApp, FakeClock, json } from "../testing/test-app.ts";

/**
 * Two-factor writes that two requests of one user make at the same moment (two tabs, a prefetch,
 * a double submit). Each must end as if the requests had come one after the other.
 *
 * One second-factor check of a user is in flight at a time (ADR 016: a lease, across instances);
 * another one at that moment is turned away at once (429), whatever the address it comes from.
 *
 * Two regenerations of recovery codes only overlap where one passes its code check while the
 * other's transaction is still open (checks take the user's lease one at a time, and a used time
 * step closes the earlier ones). The tests hold a lock on a connection of their own to keep that
 * window open: PostgreSQL only (CI's PostgreSQL run), as PGlite runs one transaction at a time.
 */

const BURST = 10;
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const databaseUrl = inject("testDatabaseUrl");
const clock = new FakeClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let app: FastifyInstance;
/** A second connection pool: the lock holder and its observer. */
let holder: Database;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("the concurrent two-factor tests need DATABASE_URL (PostgreSQL)");
  app = await createTestApp({ clock });
  holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  await holder?.close();
  await app?.close();
});

async function idOf(email: string): Promise<string> {
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function lastStep(id: string): Promise<number | null> {
  const [row] = await app.ctx.db.select({ step: users.totpLastStep }).from(users).where(eq(users.id, id));
  return row?.step ?? null;
}

async function unusedRecoveryCodes(id: string): Promise<number> {
  const rows = await app.ctx.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, id), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/** Regenerates with the code `offset` steps from now; again while another check holds the lease (429). */
async function regenerate(user: RegisteredUser, offset: number): Promise<LightMyRequestResponse> {
  let response: LightMyRequestResponse | undefined;
  await vi.waitFor(
    async () => {
      response = await user.agent.post("/api/v1/twofa/recovery-codes/", { code: codeFor(app, user.secret, offset) });
      expect(response.statusCode).not.toBe(429);
    },
    { timeout: 10_000, interval: 5 },
  );
  if (!response) throw new Error("no answer");
  return response;
}

/** Whether a recovery code completes a fresh password login (from an address of its own). */
async function recoveryCodeWorks(user: RegisteredUser, code: string): Promise<boolean> {
  const agent = new TestAgent(app, randomIp());
  const login = await agent.post("/api/v1/login/email", { email: user.email, password: user.password });
  expect(login.statusCode).toBe(200);
  return (await agent.post("/api/v1/twofa/verify/", { code })).statusCode === 200;
}

describe("two-factor set-up requested several times at once", () => {
  it(`answers ${BURST} simultaneous GET /twofa/ with one secret, the one that enabling then accepts`, async () => {
    const { agent } = await registerUser(app, { enable2fa: false });
    const answers = await Promise.all(Array.from({ length: BURST }, () => agent.get("/api/v1/twofa/")));
    expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(BURST).fill(200));
    const secrets = new Set(answers.map((r) => String(json(r).secret)));
    expect(secrets.size).toBe(1);
    const enabled = await agent.post("/api/v1/twofa/", { code: codeFor(app, [...secrets][0] ?? "") });
    expect(enabled.statusCode).toBe(200);
  });

  it("refuses a code for a secret that was replaced while it was being checked", async () => {
    const { agent, email } = await registerUser(app, { enable2fa: false });
    const id = await idOf(email);
    const seen = String(json(await agent.get("/api/v1/twofa/")).secret);
    // An uncommitted replacement: the request reads the secret it saw and waits to write.
    const replacement = app.ctx.cipher.encrypt(generateSecret(), totpSecretAad(id));
    const held = await hold(holder, (tx) => tx.update(users).set({ totpSecret: replacement }).where(eq(users.id, id)));
    const [enabled] = await Promise.all([agent.post("/api/v1/twofa/", { code: codeFor(app, seen) }), held.releaseWhenWaiting(1)]);
    expect(enabled.statusCode).toBe(400);
    expect(json(enabled).code).toBe("auth.code_invalid");
    expect(json(await agent.get("/api/v1/twofa/")).enabled).toBe(false);
  });
});

describe("two second-factor checks of one user at once", () => {
  it("the second, from another device and address, is answered 429 at once while the first is checked; then it passes", async () => {
    const user = await registerUser(app);
    const devices = [new TestAgent(app, randomIp()), new TestAgent(app, randomIp())];
    for (const device of devices) {
      expect((await device.post("/api/v1/login/email", { email: user.email, password: user.password })).statusCode).toBe(200);
    }
    // Enabling used the current step: one step on, this step and the next are unused.
    clock.advance(STEP_MS);
    const id = await idOf(user.email);
    // The first check holds the lease and waits where it records the used step (the user's row).
    const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update"));
    let first, second;
    try {
      first = devices[0]!.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret) });
      await held.whenWaiting(1);
      const checking = devices[1]!.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret, 1) });
      // Without the lease the second check queues behind the first (two waiters), unanswered.
      second = await Promise.race([checking, held.whenWaitingOrSettled(2, checking).then(() => null)]);
      await held.release();
      first = await first;
      await checking;
    } finally {
      await held.release();
    }
    expect(second?.statusCode, "answered while the first check was in flight").toBe(429);
    expect(Number(second?.headers["retry-after"])).toBeGreaterThan(0);
    expect(first.statusCode).toBe(200);
    // Turned away without counting as a guess: once the first is done, the second device passes.
    expect((await devices[1]!.post("/api/v1/twofa/verify/", { code: codeFor(app, user.secret, 1) })).statusCode).toBe(200);
  });
});

describe("recovery codes regenerated twice at once", () => {
  it("leaves exactly one set working", async () => {
    const user = await registerUser(app);
    const id = await idOf(user.email);
    // Enabling used the current step: two steps on, the current and the next one are unused.
    clock.advance(2 * STEP_MS);
    const firstStep = stepOf(clock.now().getTime());
    // The first regeneration's transaction waits on the old codes until the second has passed
    // its check too (or waits behind the first, which is the fix).
    const held = await hold(holder, (tx) => tx.select({ id: recoveryCodes.id }).from(recoveryCodes).where(eq(recoveryCodes.userId, id)).for("update"));
    const [first, second] = await Promise.all([
      regenerate(user, 0),
      vi.waitFor(async () => expect(await lastStep(id)).toBe(firstStep), { timeout: 10_000, interval: 5 }).then(() => regenerate(user, 1)),
      held.releaseWhenWaiting(2),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const answers = [first, second].map((r) => json(r).recovery_codes as string[]);
    expect(await unusedRecoveryCodes(id)).toBe(user.recoveryCodes.length);
    const working: boolean[] = [];
    // One login at a time: second-factor checks of one user take turns (429 otherwise).
    for (const codes of answers) working.push(await recoveryCodeWorks(user, codes[0] ?? ""));
    expect(working.filter(Boolean)).toHaveLength(1);
  });
});
