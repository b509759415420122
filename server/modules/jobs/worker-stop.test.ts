import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { jobs } from "../../db/schema/ops.ts";
import { createTestRelay, type TestRelay } from "../../testing/smtp-relay.ts";
import { createTestApp, testEnv, type TestApp } from "../../testing/test-app.ts";
import { isolatedTestDatabase } from "../../testing/test-database.ts";
import { MAIL_JOB, queueMail } from "../mail/outbox.ts";
import { enqueue } from "./job-queue.ts";
import { createWorker, runPeriodically } from "./worker.ts";

/**
 * A worker that is stopped (the server shutting down) ends after the job it is running: it claims
 * nothing more, and the jobs of its batch it has not started go back to the queue at once, not
 * leased for five minutes. In a server, the workers begin to stop when closing begins, while the
 * requests in flight drain, so no new job starts during that wait; the outside services' clients
 * close after both.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const JOBS = 20;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const failOnError = (error: unknown) => {
  throw error;
};

describe("stopping the job worker", () => {
  it("ends after the job in progress; the unstarted jobs stay queued and a new worker runs them", async () => {
    const kind = `test-${randomUUID()}`;
    for (let i = 0; i < JOBS; i++) {
      await enqueue(app.ctx.db, { kind, dedupeKey: `k-${randomUUID()}`, payload: {}, runAt: app.ctx.clock.now() });
    }
    let jobMs = 300;
    const runs: number[] = [];
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const handlers = {
      [kind]: async (_ctx: unknown, job: { id: number }) => {
        runs.push(job.id);
        firstStarted();
        await sleep(jobMs);
      },
    };
    const periodic = runPeriodically(createWorker(app.ctx, { handlers }), 60_000, failOnError);
    periodic.wake();
    await started;
    const stopping = performance.now();
    await periodic.stop();
    // One job's time (and a margin for a busy machine), not the queue's (20 × 300 ms).
    expect(performance.now() - stopping).toBeLessThan(jobMs + 700);
    expect(runs).toHaveLength(1);
    const rows = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(rows.filter((r) => r.status === "done").map((r) => r.id)).toEqual(runs);
    const waiting = rows.filter((r) => r.status !== "done");
    expect(waiting).toHaveLength(JOBS - 1);
    for (const row of waiting) expect(row).toMatchObject({ status: "queued", attempts: 0, leaseUntil: null, lockedBy: null });

    jobMs = 0;
    await createWorker(app.ctx, { handlers }).tick();
    expect(new Set(runs).size).toBe(JOBS);
    expect(runs).toHaveLength(JOBS);
    const after = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, kind));
    expect(after.map((r) => [r.status, r.attempts])).toEqual(Array.from({ length: JOBS }, () => ["done", 1]));
  });

  it("in a closing server, the workers stop while requests drain: no job starts during that wait", async () => {
    // A relay that takes connections and never greets: every delivery fails after the 1 s limit.
    const relay: TestRelay = await createTestRelay("stall");
    await relay.start();
    const database = await isolatedTestDatabase();
    const server = await buildApp({
      env: testEnv({ SMTP_URL: relay.url, SMTP_CONNECT_TIMEOUT_MS: "1000", SMTP_SEND_TIMEOUT_MS: "1000", JOB_POLL_SECONDS: "60" }),
      database,
      logger: false,
      worker: true,
    });
    let closed = false;
    try {
      await server.ready();
      const keys = Array.from({ length: JOBS }, () => randomUUID());
      await server.ctx.db.transaction(async (tx) => {
        for (const key of keys) {
          await queueMail(server.ctx, tx, { to: `${key}@example.test`, subject: "s", text: "t", html: "<p>t</p>" }, { idempotencyKey: key });
        }
      });
      server.ctx.wakeWorker();
      while (relay.connections === 0) await sleep(10);
      // A request that takes 2.5 s more to finish; the outside services' clients close after it.
      const endRequest = server.inFlight.begin();
      let requestEnded = Infinity;
      setTimeout(() => {
        requestEnded = performance.now();
        endRequest();
      }, 2_500);
      let mailerClosed = 0;
      server.ctx.mailer.close = () => void (mailerClosed = performance.now());
      const closing = performance.now();
      await server.close();
      closed = true;
      const elapsedMs = performance.now() - closing;
      // The longer of the request and the job in progress (1 s), not the queue (20 × 1 s).
      expect(elapsedMs).toBeGreaterThanOrEqual(2_400);
      expect(elapsedMs).toBeLessThan(3_500);
      expect(mailerClosed).toBeGreaterThanOrEqual(requestEnded);
      // Only the delivery in progress when closing began was tried.
      expect(relay.connections).toBe(1);
      const rows = await database.db
        .select()
        .from(jobs)
        .where(inArray(jobs.dedupeKey, keys.map((key) => `mail:${key}`)));
      expect(rows.map((r) => r.kind)).toEqual(Array.from({ length: JOBS }, () => MAIL_JOB));
      expect(rows.every((r) => r.status === "queued" && r.leaseUntil === null)).toBe(true);
      expect(rows.map((r) => r.attempts).sort()).toEqual([...Array.from({ length: JOBS - 1 }, () => 0), 1]);
    } finally {
      if (!closed) await server.close();
      await relay.stop();
    }
  });
});
