import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../modules/accounts/password-hash.ts";
import { GOOD_PASSWORD } from "../testing/accounts.ts";
import { TestAgent } from "../testing/agent.ts";
import { privateRedis, type PrivateRedis } from "../testing/private-redis.ts";
import { createTestApp, createTestUser, json } from "../testing/test-app.ts";

/**
 * Redis killed (SIGKILL) under an app that keeps its throttling counters there, and started again;
 * then Redis paused (SIGSTOP: connections stay open, nothing answers) and resumed (ADR 020). A
 * private redis-server of this test's own; CI's PostgreSQL run (REDIS_URL set, so the machine has
 * Redis). Promises, with numbers: a correct login answers 200 within 2 s; a burst of wrong
 * passwords gets no more checks than the policy allows; /readyz says "degraded" with 200; after
 * Redis returns, new counts land in Redis.
 */

const LOCK_AFTER = 20;
let redis: PrivateRedis;
let app: FastifyInstance;
const prefix = `outage:${process.pid}:`;

beforeAll(async () => {
  redis = await privateRedis();
  await redis.start();
  app = await createTestApp({
    env: {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: prefix,
      REDIS_COMMAND_TIMEOUT_MS: "300",
      REDIS_RECHECK_MS: "200",
      THROTTLE_LOCK_AFTER: String(LOCK_AFTER),
      METRICS_ENABLED: "true",
    },
  });
}, 60_000);
afterAll(async () => {
  // Redis first: a test that timed out may have left it paused, and a client saying goodbye to a
  // paused Redis waits for its answer.
  await redis?.kill();
  await app?.close();
});

let ipSeq = 0;
const nextIp = () => {
  ipSeq += 1;
  return `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
};

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

/** Waits (at most 5 s: a few rechecks) until the throttle counts in Redis again. */
async function backOnRedis(): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (app.ctx.services.isDown("redis") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(app.ctx.services.isDown("redis")).toBe(false);
}

describe("Redis killed and restarted under the throttle", () => {
  it("logins keep working within 2 s, guessing stays limited, and Redis counts again once it is back", async () => {
    const owner = await createTestUser(app, { passwordHash: await hashPassword(GOOD_PASSWORD) });
    // Before: a failure is counted in Redis.
    const first = await new TestAgent(app, nextIp()).post("/api/v1/login/email", { email: owner.email, password: "not the password 1" });
    expect(first.statusCode).toBe(400);
    expect((await redis.keys(`${prefix}login:*`)).length).toBeGreaterThan(0);

    await redis.kill();

    // The owner logs in: the first command times out or fails at once, the database takes over.
    const login = await timed(() => new TestAgent(app, nextIp()).post("/api/v1/login/email", { email: owner.email, password: GOOD_PASSWORD }));
    expect(login.value.statusCode).toBe(200);
    expect(login.ms).toBeLessThan(2_000);

    // One address guessing at the account: 5 guesses are free, the rest wait (pair policy).
    const guesser = new TestAgent(app, nextIp());
    const burst = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => timed(() => guesser.post("/api/v1/login/email", { email: owner.email, password: `guess ${i} here` }))),
    );
    const checkedFromOne = burst.filter((r) => r.value.statusCode === 400).length;
    expect(checkedFromOne).toBeLessThanOrEqual(5);
    expect(checkedFromOne).toBeGreaterThan(0);
    // Many addresses at the account: at most THROTTLE_LOCK_AFTER checked in all (the account locks).
    const spread = await Promise.all(
      Array.from({ length: 60 }, async (_, i) =>
        timed(() => new TestAgent(app, nextIp()).post("/api/v1/login/email", { email: owner.email, password: `spread ${i} here` })),
      ),
    );
    const checkedFromMany = spread.filter((r) => r.value.statusCode === 400).length;
    expect(checkedFromOne + checkedFromMany).toBeLessThanOrEqual(LOCK_AFTER);
    // Every request had its answer (checked, refused, or busy at the bounded hash queue); none hung.
    // (The 2 s promise is the owner's login above; 100 simultaneous guesses queue for the CPU.)
    const all = [...burst, ...spread];
    expect(all.every((r) => [400, 429, 503].includes(r.value.statusCode))).toBe(true);
    expect(Math.max(...all.map((r) => r.ms))).toBeLessThan(15_000);

    // The instance stays ready and says what is degraded.
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toMatchObject({ status: "ready", degraded: [{ service: "redis" }] });
    const metrics = await app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toMatch(/^outside_service_degraded\{service="redis"\} 1$/m);

    // Redis returns (empty: it kept nothing). Within a few rechecks the throttle uses it again.
    await redis.start();
    await backOnRedis();
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    const after = await new TestAgent(app, nextIp()).post("/api/v1/login/email", { email: `nobody-${ipSeq}@example.test`, password: "not the password 2" });
    expect(after.statusCode).toBe(400);
    expect((await redis.keys(`${prefix}login:*`)).length).toBeGreaterThanOrEqual(3);
    expect(json(await app.inject({ method: "GET", url: "/readyz" }))).toEqual({ status: "ready" });
    console.info(
      `redis outage: login ${Math.round(login.ms)} ms; checked ${checkedFromOne} of 40 from one address, ` +
        `${checkedFromMany} of 60 from many (policy 5 / ${LOCK_AFTER}); slowest answer ${Math.round(Math.max(...all.map((r) => r.ms)))} ms`,
    );
  }, 60_000);
});

describe("Redis that stops answering (paused) under the throttle", () => {
  it("logins answer within 2 s, the guessing limit holds, and Redis counts again once it answers", async () => {
    // Independent of the test above: a Redis that runs and that the throttle uses.
    await redis.start();
    await backOnRedis();
    const owner = await createTestUser(app, { passwordHash: await hashPassword(GOOD_PASSWORD) });
    redis.pause();
    try {
      // No error to fail over on, only silence: the command time limit (300 ms) is what ends the wait.
      const login = await timed(() => new TestAgent(app, nextIp()).post("/api/v1/login/email", { email: owner.email, password: GOOD_PASSWORD }));
      expect(login.value.statusCode).toBe(200);
      expect(login.ms).toBeLessThan(2_000);
      expect(app.ctx.services.isDown("redis")).toBe(true);
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(json(ready)).toMatchObject({ status: "ready", degraded: [{ service: "redis", reason: "ETIMEDOUT" }] });

      // One address guessing, one after another: 5 guesses are checked, then the wait (1 s, doubling) refuses.
      const guesser = new TestAgent(app, nextIp());
      const guesses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const guess = await timed(() => guesser.post("/api/v1/login/email", { email: owner.email, password: `silent ${i} guess` }));
        expect(guess.ms).toBeLessThan(2_000);
        guesses.push(guess.value.statusCode);
      }
      expect(guesses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    } finally {
      redis.resume();
    }

    // Redis answers again (what waited in it included): the throttle uses it again within a few rechecks.
    await backOnRedis();
    const before = new Set(await redis.keys(`${prefix}login:*`));
    const after = await new TestAgent(app, nextIp()).post("/api/v1/login/email", { email: `nobody-${ipSeq}@example.test`, password: "not the password 3" });
    expect(after.statusCode).toBe(400);
    expect((await redis.keys(`${prefix}login:*`)).filter((key) => !before.has(key)).length).toBeGreaterThanOrEqual(3);
    expect(json(await app.inject({ method: "GET", url: "/readyz" }))).toEqual({ status: "ready" });
  }, 15_000);
});
