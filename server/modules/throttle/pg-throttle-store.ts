import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { throttleCounters } from "../../db/schema/accounts.ts";
import {
  decide,
  finite,
  MAX_DOUBLINGS,
  type ConsumeResult,
  type CounterState,
  type FailurePolicy,
  type ThrottleStore,
} from "./throttle-store.ts";

/**
 * Throttling counters in PostgreSQL (the `throttle_counters` table). A reservation is one
 * insert-or-update whose update only happens when the attempt is allowed (`ON CONFLICT … DO
 * UPDATE … WHERE`): the row lock serialises simultaneous attempts, each sees the count the one
 * before it left, and a refused attempt changes nothing and returns no row.
 */
export class PgThrottleStore implements ThrottleStore {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  async read(key: string): Promise<CounterState | null> {
    const [row] = await this.db.select().from(throttleCounters).where(eq(throttleCounters.key, key)).limit(1);
    return row ?? null;
  }

  async consume(key: string, now: Date, policy: FailurePolicy, bypass: boolean): Promise<ConsumeResult> {
    const t = throttleCounters;
    const staleBefore = new Date(now.getTime() - policy.resetAfterMs);
    const lockUntil = new Date(now.getTime() + policy.lockMs);
    const lockAfter = finite(policy.lockAfter);
    const free = finite(policy.free);
    const active = sql`coalesce(${t.lockedUntil} > ${now}, false)`;
    const fresh = sql`(${t.lockedUntil} is not null or ${t.lastAt} < ${staleBefore})`;
    const nextCount = sql`(case when ${fresh} and not ${active} then 1 else ${t.count} + 1 end)`;
    const delayMs = sql`least(${policy.baseDelayMs}::float8 * power(2, least(${t.count} - ${free}, ${MAX_DOUBLINGS})), ${policy.maxDelayMs}::float8)`;
    const allowedWhileLocked =
      bypass && policy.lockedDelayMs !== undefined
        ? sql`${t.lastAt} + ${policy.lockedDelayMs}::float8 * interval '1 millisecond' <= ${now}`
        : sql`false`;
    const rows = await this.db
      .insert(t)
      .values({ key, count: 1, windowStart: now, lastAt: now, lockedUntil: lockAfter <= 1 ? lockUntil : null })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: nextCount,
          // For failure counters window_start keeps the previous attempt's time, so that a refund
          // (a success, or an attempt another key refused) can give back last_at as well.
          windowStart: sql`case when ${fresh} and not ${active} then ${now} else ${t.lastAt} end`,
          lastAt: now,
          lockedUntil: sql`case when ${active} then ${t.lockedUntil} when ${nextCount} >= ${lockAfter} then ${lockUntil}::timestamptz else null end`,
        },
        setWhere: sql`case when ${active} then ${allowedWhileLocked}
          else (${fresh} or ${t.count} < ${free}
            or ${t.lastAt} + ${delayMs} * interval '1 millisecond' <= ${now}) end`,
      })
      .returning({ count: t.count });
    const [row] = rows;
    if (row) return { allowed: true, count: row.count, retryAfterMs: 0, locked: false };
    // Refused: nothing was written; explain the refusal from the row as it stands.
    const refused = decide(await this.read(key), now.getTime(), policy, bypass);
    return refused.allowed ? { ...refused, allowed: false, retryAfterMs: 1 } : refused;
  }

  async refund(key: string): Promise<void> {
    await this.db
      .update(throttleCounters)
      .set({ count: sql`greatest(${throttleCounters.count} - 1, 0)`, lastAt: sql`${throttleCounters.windowStart}` })
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

  async acquire(key: string, now: Date, ttlMs: number): Promise<boolean> {
    const t = throttleCounters;
    const until = new Date(now.getTime() + ttlMs);
    const rows = await this.db
      .insert(t)
      .values({ key, count: 0, windowStart: now, lastAt: now, lockedUntil: until })
      .onConflictDoUpdate({
        target: t.key,
        set: { lastAt: now, lockedUntil: until },
        setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= ${now}`,
      })
      .returning({ key: t.key });
    return rows.length === 1;
  }

  async release(key: string, now: Date): Promise<void> {
    await this.db
      .delete(throttleCounters)
      .where(and(eq(throttleCounters.key, key), eq(throttleCounters.lastAt, now)));
  }

  async close(): Promise<void> {}
}
