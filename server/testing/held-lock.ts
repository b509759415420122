import { sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Database, Tx } from "../db/client.ts";

/**
 * A lock held on a connection of the test's own, to line up requests that would otherwise race
 * only now and then: they queue behind it, and go on together when it is released. PostgreSQL
 * only (PGlite runs one transaction at a time).
 */
export interface HeldLocks {
  /** Commits once `waiters` statements wait for a lock. */
  releaseWhenWaiting(waiters: number): Promise<void>;
}

/** Statements of this database that wait for a lock (the held one, or one taken behind it). */
async function lockWaiters(db: Database): Promise<number> {
  const query = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
  const result = (await db.db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** Runs `lock` in a transaction on `holder` (a pool of at least two) that stays open until released. */
export async function hold(holder: Database, lock: (tx: Tx) => Promise<unknown>): Promise<HeldLocks> {
  let commit = () => {};
  const gate = new Promise<void>((resolve) => (commit = resolve));
  let locked = () => {};
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const done = holder.db.transaction(async (tx) => {
    await lock(tx);
    locked();
    await gate;
  });
  await Promise.race([taken, done]);
  return {
    async releaseWhenWaiting(waiters) {
      try {
        await vi.waitFor(async () => expect(await lockWaiters(holder)).toBeGreaterThanOrEqual(waiters), { timeout: 10_000, interval: 10 });
      } finally {
        commit();
        await done;
      }
    },
  };
}
