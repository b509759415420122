import { randomUUID } from "node:crypto";
import type { AppContext } from "../../app-context.ts";
import { claim, complete, defaultRetry, fail, release, type Job, type RetryPolicy } from "./job-queue.ts";

/**
 * What a job kind does; throwing schedules a retry (or gives up, see RetryPolicy). A handler may
 * return a payload that replaces the stored one when the job is done.
 */
export type JobHandler = (ctx: AppContext, job: Job) => Promise<void | { payload: Record<string, unknown> }>;

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  /** Retry policies by kind; kinds without one use the default (attempts² minutes, 5 attempts). */
  retry?: Record<string, RetryPolicy>;
  /** Runs before each poll (planning new jobs); errors are logged, not fatal. */
  beforePoll?: (ctx: AppContext) => Promise<void>;
  log?: { error(obj: unknown, msg?: string): void; warn?(obj: unknown, msg?: string): void };
  id?: string;
  batch?: number;
  /** Only jobs with these dedupe keys (a test app's own mail); read at every pass. */
  onlyKeys?: () => readonly string[];
}

export interface Worker {
  readonly id: string;
  /**
   * One pass: plan, then claim and run due jobs until none are left. Returns jobs run. Once
   * `stop` is aborted the pass claims nothing more: it finishes the job it is running and gives
   * the rest of its batch back to the queue unstarted (a worker that is shutting down).
   */
  tick(stop?: AbortSignal): Promise<number>;
}

/** The message of an error as it may be stored and logged (handlers keep content out of it). */
function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Records a finished job, trying again for a few seconds when the database does not answer: the
 * work is done (a mail delivered), and a job left running would be taken for unfinished.
 */
async function completeSoon(ctx: AppContext, job: Job, payload: Record<string, unknown> | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await complete(ctx.db, job, ctx.clock.now(), payload);
    } catch (error) {
      if (attempt >= 3) throw error;
      await sleep(500 * 2 ** attempt);
    }
  }
}

export function createWorker(ctx: AppContext, options: WorkerOptions): Worker {
  const id = options.id ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const batch = options.batch ?? 10;
  const kinds = Object.keys(options.handlers);
  return {
    id,
    async tick(stop) {
      if (stop?.aborted) return 0;
      if (options.beforePoll) {
        try {
          await options.beforePoll(ctx);
        } catch (error) {
          options.log?.error({ err: error }, "job planning failed");
        }
      }
      let ran = 0;
      for (;;) {
        if (stop?.aborted) return ran;
        const claimed = await claim(ctx.db, id, ctx.clock.now(), batch, kinds, options.onlyKeys?.());
        if (claimed.length === 0) return ran;
        for (const [index, job] of claimed.entries()) {
          if (stop?.aborted) {
            // Not left leased for LEASE_MS: another worker (or this one's successor) takes them now.
            await release(ctx.db, claimed.slice(index));
            return ran;
          }
          const handler = options.handlers[job.kind];
          let result: Awaited<ReturnType<JobHandler>>;
          try {
            if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
            result = await handler(ctx, job);
          } catch (error) {
            const outcome = await fail(ctx.db, job, ctx.clock.now(), error, options.retry?.[job.kind] ?? defaultRetry);
            // Only the job's id, kind, attempt and the handler's message: never its payload.
            const entry = { job: job.id, kind: job.kind, attempt: job.attempts, error: errorMessage(error) };
            if (outcome === "dead") options.log?.error(entry, "job failed for good (dead letter)");
            else (options.log?.warn ?? options.log?.error)?.call(options.log, entry, "job failed; will retry");
            ran += 1;
            continue;
          }
          try {
            await completeSoon(ctx, job, result ? result.payload : undefined);
          } catch (error) {
            // The work is done but not recorded: the job stays running until its lease ends, and
            // is never failed here (a failed mail would be sent again).
            options.log?.error({ job: job.id, kind: job.kind, error: errorMessage(error) }, "job done but not recorded");
          }
          ran += 1;
        }
      }
    },
  };
}

export interface PeriodicWorker {
  /** Runs a pass as soon as possible (after the one in progress, if any). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Polls every `intervalMs` until stopped, and when woken; one pass at a time. stop() ends the pass
 * in progress after the job it is running (see Worker.tick) and resolves when it has ended.
 */
export function runPeriodically(worker: Worker, intervalMs: number, onError: (error: unknown) => void): PeriodicWorker {
  let running: Promise<unknown> | null = null;
  let again = false;
  const stopping = new AbortController();
  const run = () => {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    running = worker
      .tick(stopping.signal)
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    wake: run,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
