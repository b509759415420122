import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../testing/smtp-relay.ts";
import { testDatabase } from "../../testing/test-database.ts";
import { FallbackThrottleStore } from "./fallback-throttle-store.ts";
import { PgThrottleStore } from "./pg-throttle-store.ts";
import { RedisThrottleStore } from "./redis-throttle-store.ts";
import type { ThrottleStore } from "./throttle-store.ts";
import { throttleStoreContract } from "./throttle-store-contract.ts";

/**
 * Redis that is not there (nothing listens on its port): every operation runs on the PostgreSQL
 * fallback, which must keep the whole contract, the 200-attempt bursts included. Runs on PGlite
 * and PostgreSQL alike; the outage with a real Redis killed and restarted is redis-outage.redis.test.ts.
 */

const stores: ThrottleStore[] = [];
const downs: string[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

const deadPort = await freePort();

async function degradedStore(): Promise<FallbackThrottleStore> {
  const redis = new RedisThrottleStore(`redis://127.0.0.1:${deadPort}`, { prefix: "test:fallback:", commandTimeoutMs: 200 });
  const store = new FallbackThrottleStore(redis, new PgThrottleStore((await testDatabase()).db), {
    recheckMs: 60_000,
    onDown: (reason) => void downs.push(reason),
  });
  stores.push(store);
  return store;
}

throttleStoreContract("the PostgreSQL fallback while Redis is down", degradedStore);

describe("the fallback store", () => {
  it("switches to the fallback at the first failure, reports it once, and then does not try Redis per request", async () => {
    const store = await degradedStore();
    const before = downs.length;
    const key = () => `test:${deadPort}:${Math.random()}`;
    // A process that just started waits for its first connection at most 1 s, then counts on.
    const started = Date.now();
    const first = await Promise.all(Array.from({ length: 20 }, () => store.hit(key(), new Date(), 60_000)));
    expect(Date.now() - started).toBeLessThan(1_000 + 500);
    expect(first.every((r) => r.count === 1)).toBe(true);
    expect(store.usingFallback).toBe(true);
    expect(downs.length - before).toBe(1);
    // From then on nothing waits for Redis: no queue of commands builds up.
    const again = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => store.hit(key(), new Date(), 60_000)));
    expect(Date.now() - again).toBeLessThan(500);
    expect(await store.recheck()).toBe(false);
    expect(downs.length - before).toBe(1);
  });
});
