import type { Db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import type { ServiceHealth } from "../../lib/service-health.ts";
import { FallbackThrottleStore } from "./fallback-throttle-store.ts";
import { PgThrottleStore } from "./pg-throttle-store.ts";
import { RedisThrottleStore } from "./redis-throttle-store.ts";
import type { ThrottleStore } from "./throttle-store.ts";

export interface StoreLog {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

/**
 * The throttling store of this process: PostgreSQL, or with REDIS_URL Redis backed by PostgreSQL
 * while Redis is away (ADR 020). The outage and the return are logged once each and reported
 * through `health` (/readyz, /metrics).
 */
export function createThrottleStore(env: Env, db: Db, health: ServiceHealth, log: StoreLog): ThrottleStore {
  const database = new PgThrottleStore(db);
  if (!env.REDIS_URL) return database;
  const redis = new RedisThrottleStore(env.REDIS_URL, { prefix: env.REDIS_KEY_PREFIX, commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS });
  return new FallbackThrottleStore(redis, database, {
    recheckMs: env.REDIS_RECHECK_MS,
    onDown: (reason) => {
      health.markDown("redis", reason);
      log.warn({ service: "redis", reason }, "Redis unavailable: throttling counts in the database until it is back");
    },
    onUp: () => {
      health.markUp("redis");
      log.info({ service: "redis" }, "Redis is back: throttling counts in Redis again");
    },
  });
}
