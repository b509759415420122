import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { jobs } from "../../db/schema/ops.ts";

/**
 * A small job queue in PostgreSQL (docs/decisions/012-job-queue.md): the same SQL runs on
 * PostgreSQL and PGlite. A job is claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several
 * workers on several instances never take the same job at the same time.
 */

export type Job = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  /** One job per key, ever: enqueueing an existing key does nothing. */
  dedupeKey: string;
  payload: Record<string, unknown>;
  runAt: Date;
  /** The user the job is about; the job is deleted with the account. */
  userId?: string;
}

/** How long a claimed job is reserved for its worker; a crashed worker's job is retried after it. */
export const LEASE_MS = 5 * 60_000;
/** Attempts before a job is given up as failed. */
export const MAX_ATTEMPTS = 5;

/** Inserts the job unless its key exists; true when this call inserted it. */
export async function enqueue(db: DbOrTx, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ kind: job.kind, dedupeKey: job.dedupeKey, payload: job.payload, runAt: job.runAt, userId: job.userId ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Takes up to `limit` due jobs for `worker` (queued, or running with an expired lease). */
export async function claim(db: DbOrTx, worker: string, now: Date, limit = 10): Promise<Job[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        lte(jobs.runAt, now),
        or(eq(jobs.status, "queued"), and(eq(jobs.status, "running"), lte(jobs.leaseUntil, now))),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, leaseUntil: lease, lockedBy: worker })
    .where(inArray(jobs.id, due))
    .returning();
}

export async function complete(db: DbOrTx, job: Job, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "done", finishedAt: now, leaseUntil: null, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? "")));
}

/** Schedules another attempt with a growing delay, or gives up after MAX_ATTEMPTS. */
export async function fail(db: DbOrTx, job: Job, now: Date, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const giveUp = job.attempts >= MAX_ATTEMPTS;
  await db
    .update(jobs)
    .set({
      status: giveUp ? "failed" : "queued",
      runAt: giveUp ? job.runAt : new Date(now.getTime() + job.attempts * job.attempts * 60_000),
      leaseUntil: null,
      lastError: message.slice(0, 500),
      finishedAt: giveUp ? now : null,
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? "")));
}

/** Deletes jobs finished (done) more than `days` ago; failed jobs stay for inspection. */
export async function pruneFinished(db: DbOrTx, now: Date, days = 30): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), lte(jobs.finishedAt, new Date(now.getTime() - days * 86_400_000))))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Jobs waiting or running, by kind (for /metrics). */
export async function queueDepth(db: DbOrTx): Promise<{ kind: string; status: string; count: number }[]> {
  const rows = await db
    .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ["queued", "running", "failed"]))
    .groupBy(jobs.kind, jobs.status);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
