import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { throttleCounters } from "../../db/schema/accounts.ts";
import type { CounterState, ThrottleStore } from "./throttle-store.ts";

/** Throttling counters in PostgreSQL (the `throttle_counters` table); upserts are atomic. */
export class PgThrottleStore implements ThrottleStore {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async read(key: string): Promise<CounterState | null> {
    const [row] = await this.db.select().from(throttleCounters).where(eq(throttleCounters.key, key)).limit(1);
    return row ?? null;
  }

  async fail(key: string, now: Date, resetAfterMs: number): Promise<CounterState> {
    const stale = new Date(now.getTime() - resetAfterMs);
    const [row] = await this.db
      .insert(throttleCounters)
      .values({ key, count: 1, windowStart: now, lastAt: now })
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          count: sql`case when ${throttleCounters.lastAt} < ${stale} then 1 else ${throttleCounters.count} + 1 end`,
          windowStart: sql`case when ${throttleCounters.lastAt} < ${stale} then ${now} else ${throttleCounters.windowStart} end`,
          lastAt: now,
        },
      })
      .returning();
    if (!row) throw new Error("throttle counter not written");
    return row;
  }

  async lock(key: string, until: Date): Promise<void> {
    await this.db
      .update(throttleCounters)
      .set({ lockedUntil: until, count: 0 })
      .where(eq(throttleCounters.key, key));
  }

  async hit(key: string, now: Date, windowMs: number): Promise<CounterState> {
    const windowEnd = new Date(now.getTime() - windowMs);
    const [row] = await this.db
      .insert(throttleCounters)
      .values({ key, count: 1, windowStart: now, lastAt: now })
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          count: sql`case when ${throttleCounters.windowStart} <= ${windowEnd} then 1 else ${throttleCounters.count} + 1 end`,
          windowStart: sql`case when ${throttleCounters.windowStart} <= ${windowEnd} then ${now} else ${throttleCounters.windowStart} end`,
          lastAt: now,
        },
      })
      .returning();
    if (!row) throw new Error("throttle counter not written");
    return row;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(throttleCounters).where(eq(throttleCounters.key, key));
  }

  async close(): Promise<void> {}
}
