import { afterAll } from "vitest";
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
