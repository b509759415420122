import { Redis } from "ioredis";
import {
  decide,
  finite,
  MAX_DOUBLINGS,
  type ConsumeResult,
  type CounterState,
  type FailurePolicy,
} from "./throttle-store.ts";
import type { ProbedStore } from "./fallback-throttle-store.ts";

const PREFIX = "throttle:";
/** Counters expire on their own after a day without activity (locks last at most hours). */
const KEEP_MS = 24 * 3_600_000;

// A reservation (the same decision as `decide` in throttle-store.ts), checked and counted in one
// script, which Redis runs without interleaving anything else.
// KEYS[1] key; ARGV: now, resetAfter, free, baseDelay, maxDelay, lockAfter, lockMs,
// lockedDelay (-1: none), bypass (0/1), keep, maxDoublings. Returns {allowed, count}.
const CONSUME = `
local now = tonumber(ARGV[1])
local v = redis.call('HMGET', KEYS[1], 'count', 'last', 'locked')
local allowed = 0
local count = 1
if not v[1] then
  allowed = 1
  redis.call('HSET', KEYS[1], 'count', 1, 'start', now, 'last', now)
  if tonumber(ARGV[6]) <= 1 then redis.call('HSET', KEYS[1], 'locked', now + tonumber(ARGV[7])) end
else
  count = tonumber(v[1])
  local last = tonumber(v[2] or '0')
  local locked = tonumber(v[3] or '0')
  if locked > now then
    if ARGV[9] == '1' and tonumber(ARGV[8]) >= 0 and last + tonumber(ARGV[8]) <= now then
      allowed = 1
      count = count + 1
      redis.call('HSET', KEYS[1], 'count', count, 'last', now, 'prev', last)
    end
  else
    local fresh = locked ~= 0 or now - last > tonumber(ARGV[2])
    local free = tonumber(ARGV[3])
    if fresh then
      allowed = 1
      count = 1
      redis.call('HSET', KEYS[1], 'start', now)
    else
      local delay = math.min(tonumber(ARGV[4]) * 2 ^ math.min(count - free, tonumber(ARGV[11])), tonumber(ARGV[5]))
      if count < free or last + delay <= now then
        allowed = 1
        count = count + 1
        redis.call('HSET', KEYS[1], 'prev', last)
      end
    end
    if allowed == 1 then
      redis.call('HSET', KEYS[1], 'count', count, 'last', now)
      if count >= tonumber(ARGV[6]) then
        redis.call('HSET', KEYS[1], 'locked', now + tonumber(ARGV[7]))
      else
        redis.call('HDEL', KEYS[1], 'locked')
      end
    end
  end
end
if allowed == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[10]) end
return {allowed, count}
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
const REFUND = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
if count > 0 then redis.call('HSET', KEYS[1], 'count', count - 1) end
local prev = redis.call('HGET', KEYS[1], 'prev')
if prev then redis.call('HSET', KEYS[1], 'last', prev) end
return 0
`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
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

export interface RedisStoreOptions {
  /** Keys are namespaced by it (several deployments, or test runs, on one Redis). */
  prefix?: string;
  /** A command without an answer in this time fails (REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
  /** Told about connection errors (the client reconnects by itself); an error code only. */
  onError?: (code: string) => void;
}

/**
 * Throttling counters in Redis (shared by every instance), one hash per key, Lua for atomicity.
 * Every command has a time limit and none waits for a connection: without one it fails at once
 * (no offline queue), so the fallback store (fallback-throttle-store.ts) takes over within the
 * command time limit, and the client reconnects in the background.
 */
export class RedisThrottleStore implements ProbedStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  /** Until the first connection, commands wait for it (at most connectTimeout); then never. */
  private firstConnection: Promise<void> | null;

  constructor(url: string, options: RedisStoreOptions | string = {}) {
    const settings = typeof options === "string" ? { prefix: options } : options;
    this.prefix = settings.prefix ?? PREFIX;
    const timeout = settings.commandTimeoutMs ?? 300;
    this.redis = new Redis(url, {
      lazyConnect: false,
      commandTimeout: timeout,
      connectTimeout: Math.max(timeout, 1_000),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // Reconnect forever, at most every 2 s: the store is used again as soon as Redis is back.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    this.redis.on("error", (error: Error & { code?: string }) => settings.onError?.(error.code ?? error.name));
    const connectTimeout = Math.max(timeout, 1_000);
    this.firstConnection = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, connectTimeout);
      timer.unref();
      this.redis.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    }).then(() => {
      this.firstConnection = null;
    });
  }

  /** The client, once the first connection was made or given up on (a process that just started). */
  private async client(): Promise<Redis> {
    if (this.firstConnection) await this.firstConnection;
    return this.redis;
  }

  async ping(): Promise<void> {
    const redis = await this.client();
    try {
      await redis.ping();
    } catch (error) {
      // A probe without an answer on a connection that seems open: it may be half-open (the
      // peer or a middlebox gone without closing it), and would then never answer again. The
      // next probe gets a new connection.
      if (redis.status === "ready") redis.disconnect(true);
      throw error;
    }
  }

  async read(key: string): Promise<CounterState | null> {
    return toState(await (await this.client()).hmget(this.prefix + key, "count", "start", "last", "locked"));
  }

  async consume(key: string, now: Date, policy: FailurePolicy, bypass: boolean): Promise<ConsumeResult> {
    const [allowed, count] = (await (await this.client()).eval(
      CONSUME,
      1,
      this.prefix + key,
      now.getTime(),
      policy.resetAfterMs,
      finite(policy.free),
      policy.baseDelayMs,
      policy.maxDelayMs,
      finite(policy.lockAfter),
      policy.lockMs,
      policy.lockedDelayMs ?? -1,
      bypass ? 1 : 0,
      KEEP_MS,
      MAX_DOUBLINGS,
    )) as [number, number];
    if (allowed === 1) return { allowed: true, count, retryAfterMs: 0, locked: false };
    const refused = decide(await this.read(key), now.getTime(), policy, bypass);
    return refused.allowed ? { ...refused, allowed: false, retryAfterMs: 1 } : refused;
  }

  async refund(key: string): Promise<void> {
    await (await this.client()).eval(REFUND, 1, this.prefix + key);
  }

  async hit(key: string, now: Date, windowMs: number): Promise<CounterState> {
    const values = (await (await this.client()).eval(
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
    await (await this.client()).del(this.prefix + key);
  }

  async acquire(key: string, now: Date, ttlMs: number): Promise<boolean> {
    const set = await (await this.client()).set(`${this.prefix}lease:${key}`, String(now.getTime()), "PX", ttlMs, "NX");
    return set === "OK";
  }

  async release(key: string, now: Date): Promise<void> {
    await (await this.client()).eval(RELEASE, 1, `${this.prefix}lease:${key}`, String(now.getTime()));
  }

  async close(): Promise<void> {
    if (this.redis.status === "ready") await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}
