import { Redis } from "ioredis";
import type { CounterState, ThrottleStore } from "./throttle-store.ts";

const PREFIX = "throttle:";
/** Counters expire on their own after a day without activity (locks last at most hours). */
const KEEP_MS = 24 * 3_600_000;

// KEYS[1] key; ARGV: now (ms), reset-after or window (ms), keep (ms).
const FAIL = `
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now = tonumber(ARGV[1])
if now - last > tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'count', 0, 'start', now)
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return redis.call('HMGET', KEYS[1], 'count', 'start', 'last', 'locked')
`;
const HIT = `
local start = tonumber(redis.call('HGET', KEYS[1], 'start') or '0')
local now = tonumber(ARGV[1])
if start <= now - tonumber(ARGV[2]) then
  redis.call('HSET', KEYS[1], 'count', 0, 'start', now)
end
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return redis.call('HMGET', KEYS[1], 'count', 'start', 'last', 'locked')
`;

function toState(values: (string | null)[]): CounterState | null {
  const [count, start, last, locked] = values;
  if (count === null || count === undefined) return null;
  return {
    count: Number(count),
    windowStart: new Date(Number(start ?? 0)),
    lastAt: new Date(Number(last ?? 0)),
    lockedUntil: locked ? new Date(Number(locked)) : null,
  };
}

/** Throttling counters in Redis (shared by every instance), one hash per key, Lua for atomicity. */
export class RedisThrottleStore implements ThrottleStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  /** `prefix` namespaces the keys (several deployments, or test runs, on one Redis). */
  constructor(url: string, prefix = PREFIX) {
    this.prefix = prefix;
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
  }

  async read(key: string): Promise<CounterState | null> {
    return toState(await this.redis.hmget(this.prefix + key, "count", "start", "last", "locked"));
  }

  async fail(key: string, now: Date, resetAfterMs: number): Promise<CounterState> {
    const values = (await this.redis.eval(
      FAIL,
      1,
      this.prefix + key,
      now.getTime(),
      resetAfterMs,
      KEEP_MS,
    )) as (string | null)[];
    const state = toState(values);
    if (!state) throw new Error("throttle counter not written");
    return state;
  }

  async lock(key: string, until: Date): Promise<void> {
    await this.redis.hset(this.prefix + key, "locked", until.getTime(), "count", 0);
  }

  async hit(key: string, now: Date, windowMs: number): Promise<CounterState> {
    const values = (await this.redis.eval(
      HIT,
      1,
      this.prefix + key,
      now.getTime(),
      windowMs,
      KEEP_MS,
    )) as (string | null)[];
    const state = toState(values);
    if (!state) throw new Error("throttle counter not written");
    return state;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
