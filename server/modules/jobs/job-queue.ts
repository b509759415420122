import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
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
  userId?: string | null;
  /** When the job was made (the application's clock; the database's by default). */
  createdAt?: Date;
}

/** How long a claimed job is reserved for its worker; a crashed worker's job is retried after it. */
export const LEASE_MS = 5 * 60_000;
/** Attempts before a job is given up as failed (the default retry policy). */
export const MAX_ATTEMPTS = 5;

/**
 * When a failed job runs again: a time, or null to give up (the job becomes a dead letter,
 * status `failed`). The default waits attempts² minutes and gives up after MAX_ATTEMPTS.
 */
export type RetryPolicy = (job: Job, now: Date) => Date | null;

export const defaultRetry: RetryPolicy = (job, now) =>
  job.attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + job.attempts * job.attempts * 60_000);

/** A failure that another attempt cannot cure: the job becomes a dead letter at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** Inserts the job unless its key exists; true when this call inserted it. */
export async function enqueue(db: DbOrTx, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      dedupeKey: job.dedupeKey,
      payload: job.payload,
      runAt: job.runAt,
      userId: job.userId ?? null,
      ...(job.createdAt ? { createdAt: job.createdAt } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Takes up to `limit` due jobs for `worker` (queued, or running with an expired lease), of the
 * given kinds only: a worker never takes a job it has no handler for.
 */
export async function claim(
  db: DbOrTx,
  worker: string,
  now: Date,
  limit = 10,
  kinds?: readonly string[],
  /** Only these jobs (by dedupe key), when given. */
  keys?: readonly string[],
): Promise<Job[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        lte(jobs.runAt, now),
        or(eq(jobs.status, "queued"), and(eq(jobs.status, "running"), lte(jobs.leaseUntil, now))),
        kinds ? inArray(jobs.kind, [...kinds]) : undefined,
        keys ? inArray(jobs.dedupeKey, keys.length > 0 ? [...keys] : [""]) : undefined,
      ),
    )
    // First in, first out (a person's mails arrive in the order they were queued).
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, leaseUntil: lease, lockedBy: worker })
    .where(inArray(jobs.id, due))
    .returning();
  // UPDATE … RETURNING comes back in no particular order: run them in the order they were due.
  return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/** The job's row while `job`'s worker still holds it (a lease that passed to another worker is not). */
function held(job: Job) {
  return and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.lockedBy ?? ""), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts));
}

/** Marks the job done; `payload` replaces the stored one (a sent mail keeps nothing of its content). */
export async function complete(db: DbOrTx, job: Job, now: Date, payload?: Record<string, unknown>): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "done", finishedAt: now, leaseUntil: null, lastError: null, ...(payload ? { payload } : {}) })
    .where(held(job));
}

/**
 * Records that this attempt reached its point of no return (docs/decisions/020-degrade-dont-fail.md):
 * true when the row still belongs to this attempt and is now marked; false when the lease passed to
 * another worker, and the caller must not go on.
 */
export async function markHandedOver(db: DbOrTx, job: Job, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ handedOverAt: now })
    .where(and(held(job), isNull(jobs.handedOverAt)))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Gives jobs this worker claimed but did not start back to the queue as they were before the claim
 * (queued, no lease, the attempt not counted): a worker that stops between the jobs of a batch.
 * Jobs whose lease has passed to another worker meanwhile are left alone.
 */
export async function release(db: DbOrTx, unstarted: readonly Job[]): Promise<void> {
  if (unstarted.length === 0) return;
  await db
    .update(jobs)
    .set({ status: "queued", attempts: sql`${jobs.attempts} - 1`, leaseUntil: null, lockedBy: null })
    .where(or(...unstarted.map(held)));
}

/** Schedules another attempt when the policy allows one, or gives the job up as a dead letter. */
export async function fail(db: DbOrTx, job: Job, now: Date, error: unknown, retry: RetryPolicy = defaultRetry): Promise<"retry" | "dead"> {
  const message = error instanceof Error ? error.message : String(error);
  const next = error instanceof PermanentJobError ? null : retry(job, now);
  await db
    .update(jobs)
    .set({
      status: next ? "queued" : "failed",
      runAt: next ?? job.runAt,
      leaseUntil: null,
      handedOverAt: null,
      lastError: message.slice(0, 500),
      finishedAt: next ? null : now,
    })
    .where(held(job));
  return next ? "retry" : "dead";
}

/** Finished jobs (a reminder's user id and payload) are kept this long (the privacy notice's retention table). */
export const FINISHED_JOB_RETENTION_DAYS = 30;

/** Deletes jobs finished (done) more than `days` ago; failed jobs stay for inspection. */
export async function pruneFinished(db: DbOrTx, now: Date, days = FINISHED_JOB_RETENTION_DAYS): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.status, "done"), lte(jobs.finishedAt, new Date(now.getTime() - days * 86_400_000))))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Deletes dead letters of one kind that failed more than `days` ago (mail: docs/operations.md). */
export async function pruneDeadLetters(db: DbOrTx, kind: string, now: Date, days: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, "failed"), lte(jobs.finishedAt, new Date(now.getTime() - days * 86_400_000))))
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

/** Seconds since the oldest waiting job of a kind was created (0 when none waits), for /metrics. */
export async function oldestWaitingSeconds(db: DbOrTx, kind: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ oldest: sql<string | Date | null>`min(${jobs.createdAt})` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ["queued", "running"])));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0;
}
