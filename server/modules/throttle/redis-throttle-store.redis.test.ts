import { afterAll, describe, expect, it, vi } from "vitest";
import { freezeProxy } from "../../testing/freeze-proxy.ts";
import { RedisThrottleStore } from "./redis-throttle-store.ts";
import type { ThrottleStore } from "./throttle-store.ts";
import { throttleStoreContract } from "./throttle-store-contract.ts";

const stores: ThrottleStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

throttleStoreContract("Redis", async () => {
  const store = new RedisThrottleStore(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  stores.push(store);
  return store;
});

describe("a Redis connection that went silent without closing (half-open)", () => {
  it("a probe that gets no answer opens a new connection, so the store is used again once Redis answers", async () => {
    const proxy = await freezeProxy(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
    const store = new RedisThrottleStore(proxy.url, { commandTimeoutMs: 200 });
    stores.push(store);
    try {
      await store.ping();
      // The open connection stays silent for good; new ones are answered again after thaw().
      proxy.freeze();
      await expect(store.ping()).rejects.toThrow();
      proxy.thaw();
      await vi.waitFor(() => store.ping(), { timeout: 5_000, interval: 100 });
    } finally {
      await proxy.close();
    }
  });
});
