import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { FakeClock } from "../../testing/test-app.ts";
import { Throttle, throttlePolicies } from "./throttle.ts";
import type { FailurePolicy, ThrottleStore } from "./throttle-store.ts";
import { AppError } from "../../lib/app-error.ts";

const policies = throttlePolicies({ lockAfter: 10, lockMs: 3_600_000 });
/** A small policy with every feature: free attempts, doubling delays, a lock, a way past it. */
const small: FailurePolicy = {
  kind: "failures",
  free: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 4_000,
  lockAfter: 6,
  lockMs: 600_000,
  resetAfterMs: 3_600_000,
  lockedDelayMs: 60_000,
};

async function refusal(fn: () => Promise<unknown>): Promise<AppError | null> {
  try {
    await fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** The behaviour every throttling store must have (PostgreSQL and Redis run the same tests). */
export function throttleStoreContract(name: string, makeStore: () => Promise<ThrottleStore>): void {
  describe(`throttling on ${name}`, () => {
    const key = () => `test:${randomUUID()}`;
    const start = Date.UTC(2026, 0, 1);
    // The first store may have to create and migrate the worker's database: not inside a test's time.
    beforeAll(async () => {
      await makeStore();
    }, 120_000);

    it("lets the free attempts through, then asks to wait with a doubling delay (Retry-After)", async () => {
      const clock = new FakeClock(start);
      const throttle = new Throttle(await makeStore(), clock, policies);
      const k = { key: key(), policy: policies.pairFailures };
      for (let i = 0; i < 5; i++) await throttle.reserve([k]);
      const first = await refusal(() => throttle.reserve([k]));
      expect(first?.code).toBe("request.rate_limited");
      expect(first?.headers?.["Retry-After"]).toBe("1");
      clock.advance(1_000);
      await throttle.reserve([k]);
      expect((await refusal(() => throttle.reserve([k])))?.headers?.["Retry-After"]).toBe("2");
    });

    it("reserves atomically: of 200 simultaneous attempts exactly the free ones pass", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 200 }, () => store.consume(k, clock.now(), small, false)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(small.free);
      expect((await store.read(k))?.count).toBe(small.free);
      expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 0)).toBe(true);
    });

    it("locks on the attempt that reaches the limit; a burst at the lock cannot reset it", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const k = key();
      for (let i = 0; i < small.lockAfter; i++) {
        expect((await store.consume(k, clock.now(), small, false)).allowed).toBe(true);
        clock.advance(small.maxDelayMs);
      }
      const burst = await Promise.all(Array.from({ length: 50 }, () => store.consume(k, clock.now(), small, false)));
      expect(burst.every((r) => !r.allowed && r.locked)).toBe(true);
      const state = await store.read(k);
      expect(state?.lockedUntil?.getTime()).toBeGreaterThan(clock.now().getTime());
      clock.advance(small.lockMs);
      expect((await store.consume(k, clock.now(), small, false)).allowed).toBe(true);
      expect((await store.read(k))?.count).toBe(1);
    });

    it("while locked, a clean source gets one attempt per locked delay, and only one of a burst", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const k = key();
      for (let i = 0; i < small.lockAfter; i++) {
        await store.consume(k, clock.now(), small, false);
        clock.advance(small.maxDelayMs);
      }
      // Too soon after the last attempt: even a clean source waits.
      const early = await store.consume(k, clock.now(), small, true);
      expect(early.allowed).toBe(false);
      expect(early.retryAfterMs).toBe(small.lockedDelayMs! - small.maxDelayMs);
      clock.advance(small.lockedDelayMs!);
      const burst = await Promise.all(Array.from({ length: 50 }, () => store.consume(k, clock.now(), small, true)));
      expect(burst.filter((r) => r.allowed)).toHaveLength(1);
      expect((await store.consume(k, clock.now(), small, false)).locked).toBe(true);
    });

    it("refund gives an unchecked attempt back; a success resets", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const throttle = new Throttle(store, clock, policies);
      const a = { key: key(), policy: small };
      const b = { key: key(), policy: { ...small, free: 1 } };
      await throttle.reserve([a, b]);
      // b now refuses: a's attempt was never checked, so it is given back.
      expect(await refusal(() => throttle.reserve([a, b]))).not.toBeNull();
      expect((await store.read(a.key))?.count).toBe(1);
      const attempt = await throttle.reserve([a], [a.key]);
      await attempt.succeeded();
      expect(await store.read(a.key)).toBeNull();
    });

    it("a refunded attempt (a success) delays nobody: the last attempt's time goes back too", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const k = key();
      for (let i = 0; i < small.free; i++) await store.consume(k, clock.now(), small, false);
      clock.advance(small.baseDelayMs);
      // Allowed after the delay, then a success gives it back…
      expect((await store.consume(k, clock.now(), small, false)).allowed).toBe(true);
      await store.refund(k);
      // …so the next attempt waits for the last failure's delay only, not for the success's.
      expect((await store.consume(k, clock.now(), small, false)).allowed).toBe(true);
      expect((await store.read(k))?.count).toBe(small.free + 1);
    });

    it("a guess from a clean source still gets through an account lock after the delay", async () => {
      const clock = new FakeClock(start);
      const throttle = new Throttle(await makeStore(), clock, policies);
      const account = `acct-${randomUUID()}`;
      // Ten sources, one failure each: the account (lock after 10) locks.
      for (let i = 0; i < 10; i++) await throttle.reserveGuess("login", account, `198.51.100.${i}`);
      const dirty = await refusal(() => throttle.reserveGuess("login", account, "198.51.100.1"));
      expect(dirty?.code).toBe("auth.locked");
      expect(Number(dirty?.headers?.["Retry-After"])).toBe(3_600);
      const clean = await refusal(() => throttle.reserveGuess("login", account, "203.0.113.7"));
      expect(clean?.code).toBe("auth.locked");
      expect(Number(clean?.headers?.["Retry-After"])).toBe(300);
      clock.advance(300_000);
      const attempt = await throttle.reserveGuess("login", account, "203.0.113.7");
      await attempt.succeeded();
      // The owner's success lifted the lock for everybody.
      await throttle.reserveGuess("login", account, "198.51.100.1");
    });

    it("a lease admits one holder at a time and frees on release or expiry", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const k = key();
      const taken = await Promise.all(Array.from({ length: 20 }, () => store.acquire(k, clock.now(), 10_000)));
      expect(taken.filter(Boolean)).toHaveLength(1);
      await store.release(k, clock.now());
      clock.advance(1);
      expect(await store.acquire(k, clock.now(), 10_000)).toBe(true);
    });

    it("limits request rates per window, and counts simultaneous hits one by one", async () => {
      const clock = new FakeClock(start);
      const store = await makeStore();
      const throttle = new Throttle(store, clock, policies);
      const k = { key: key(), policy: policies.emailRate };
      for (let i = 0; i < 5; i++) await throttle.hit([k]);
      const over = await refusal(() => throttle.hit([k]));
      expect(over?.code).toBe("request.rate_limited");
      expect(Number(over?.headers?.["Retry-After"])).toBe(3_600);
      clock.advance(3_600_000);
      await throttle.hit([k]);
      const burst = { key: key(), policy: policies.emailRate };
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => refusal(() => throttle.hit([burst]))));
      expect(outcomes.filter((o) => o === null)).toHaveLength(policies.emailRate.limit);
    });
  });
}
