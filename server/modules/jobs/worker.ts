import { randomUUID } from "node:crypto";
import type { AppContext } from "../../app-context.ts";
import { claim, complete, fail, type Job } from "./job-queue.ts";

/** What a job kind does; throwing schedules a retry. */
export type JobHandler = (ctx: AppContext, job: Job) => Promise<void>;

export interface WorkerOptions {
  handlers: Record<string, JobHandler>;
  /** Runs before each poll (planning new jobs); errors are logged, not fatal. */
  beforePoll?: (ctx: AppContext) => Promise<void>;
  log?: { error(obj: unknown, msg?: string): void };
  id?: string;
  batch?: number;
}

export interface Worker {
  readonly id: string;
  /** One pass: plan, then claim and run due jobs until none are left. Returns jobs run. */
  tick(): Promise<number>;
}

export function createWorker(ctx: AppContext, options: WorkerOptions): Worker {
  const id = options.id ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const batch = options.batch ?? 10;
  return {
    id,
    async tick() {
      if (options.beforePoll) {
        try {
          await options.beforePoll(ctx);
        } catch (error) {
          options.log?.error({ err: error }, "job planning failed");
        }
      }
      let ran = 0;
      for (;;) {
        const claimed = await claim(ctx.db, id, ctx.clock.now(), batch);
        if (claimed.length === 0) return ran;
        for (const job of claimed) {
          const handler = options.handlers[job.kind];
          try {
            if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
            await handler(ctx, job);
            await complete(ctx.db, job, ctx.clock.now());
          } catch (error) {
            options.log?.error({ err: error, job: job.id, kind: job.kind }, "job failed");
            await fail(ctx.db, job, ctx.clock.now(), error);
          }
          ran += 1;
        }
      }
    },
  };
}

/** Polls every `intervalMs` until stopped; one pass at a time. */
export function runPeriodically(worker: Worker, intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = worker
      .tick()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
