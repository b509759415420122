import { sql } from "drizzle-orm";
import { expect, vi } from "vitest";
import type { Database, Tx } from "../db/client.ts";

/**
 * A lock held on a connection of the test's own, to line up requests that would otherwise race
 * only now and then: they queue behind it, and go on together when it is released. PostgreSQL
 * only (PGlite runs one transaction at a time).
 */
export interface HeldLocks {
  /** Resolves once `waiters` statements wait for a lock, and keeps holding it (to start the next request). */
  whenWaiting(waiters: number): Promise<void>;
  /**
   * Resolves once `waiters` statements wait for a lock, or once `request` has settled: for a
   * request that may or may not have to queue (it answers at once where nothing stops it).
   */
  whenWaitingOrSettled(waiters: number, request: Promise<unknown>): Promise<void>;
  /** Commits once `waiters` statements wait for a lock. */
  releaseWhenWaiting(waiters: number): Promise<void>;
  /** Commits now (a test's `finally`, so a failed wait leaves no transaction open). */
  release(): Promise<void>;
}

/**
 * Statements that wait, directly or behind another waiter, for the lock the holder's backend
 * (`holderPid`) holds. Only those: other test files run on the same database at the same time,
 * and their own waiters must not count (counting every waiting statement of the database let a
 * test go on before its requests had queued, now and then, when files ran side by side).
 */
async function lockWaiters(db: Database, holderPid: number): Promise<number> {
  const query = sql`
    with recursive blocked(pid) as (
      select pid from pg_stat_activity where ${holderPid}::int = any(pg_blocking_pids(pid))
      union
      select a.pid from pg_stat_activity a join blocked b on b.pid = any(pg_blocking_pids(a.pid))
    )
    select count(*)::int as n from blocked`;
  const result = (await db.db.execute(query)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** Runs `lock` in a transaction on `holder` (a pool of at least two) that stays open until released. */
export async function hold(holder: Database, lock: (tx: Tx) => Promise<unknown>): Promise<HeldLocks> {
  let commit = () => {};
  const gate = new Promise<void>((resolve) => (commit = resolve));
  let locked = (_pid: number) => {};
  const taken = new Promise<number>((resolve) => (locked = resolve));
  const done = holder.db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_backend_pid()::int as pid`)) as unknown as { rows: { pid: number }[] };
    await lock(tx);
    locked(result.rows[0]?.pid ?? -1);
    await gate;
  });
  const holderPid = await Promise.race([taken, done.then(() => -1)]);
  const whenWaiting = (waiters: number) =>
    vi.waitFor(async () => expect(await lockWaiters(holder, holderPid)).toBeGreaterThanOrEqual(waiters), { timeout: 10_000, interval: 10 });
  const whenWaitingOrSettled = (waiters: number, request: Promise<unknown>) => {
    let settled = false;
    const done = () => {
      settled = true;
    };
    request.then(done, done);
    return vi.waitFor(
      async () => {
        if (!settled) expect(await lockWaiters(holder, holderPid)).toBeGreaterThanOrEqual(waiters);
      },
      { timeout: 10_000, interval: 10 },
    );
  };
  const release = async () => {
    commit();
    await done;
  };
  return {
    whenWaiting,
    whenWaitingOrSettled,
    async releaseWhenWaiting(waiters) {
      try {
        await whenWaiting(waiters);
      } finally {
        await release();
      }
    },
    release,
  };
}
