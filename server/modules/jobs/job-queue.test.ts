import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/ops.ts";
import { FakeClock, createTestApp, type TestApp } from "../../testing/test-app.ts";
import { claim, complete, enqueue, fail, LEASE_MS, MAX_ATTEMPTS, pruneFinished, type Job } from "./job-queue.ts";
import { createWorker } from "./worker.ts";

const clock = new FakeClock(Date.UTC(2030, 0, 1));
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

/** A kind of its own per test, so claims in one test never see another test's jobs. */
function kind(): string {
  return `test-${randomUUID()}`;
}

async function row(id: number) {
  const [found] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, id));
  return found;
}

describe("job queue", () => {
  it("enqueues a key once", async () => {
    const key = `k-${randomUUID()}`;
    const job = { kind: kind(), dedupeKey: key, payload: { n: 1 }, runAt: clock.now() };
    expect(await enqueue(app.ctx.db, job)).toBe(true);
    expect(await enqueue(app.ctx.db, { ...job, payload: { n: 2 } })).toBe(false);
    const rows = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it("does not hand out a job before its time, twice, or while its lease runs; retakes it after", async () => {
    const k = kind();
    await enqueue(app.ctx.db, { kind: k, dedupeKey: `k-${randomUUID()}`, payload: {}, runAt: new Date(clock.now().getTime() + 60_000) });
    const mine = (list: Job[]) => list.filter((j) => j.kind === k);
    expect(mine(await claim(app.ctx.db, "w1", clock.now(), 100, [k]))).toHaveLength(0);
    clock.advance(60_000);
    const first = mine(await claim(app.ctx.db, "w1", clock.now(), 100, [k]));
    expect(first).toHaveLength(1);
    expect(mine(await claim(app.ctx.db, "w2", clock.now(), 100, [k]))).toHaveLength(0);
    clock.advance(LEASE_MS + 1);
    const again = mine(await claim(app.ctx.db, "w2", clock.now(), 100, [k]));
    expect(again.map((j) => [j.id, j.attempts, j.lockedBy])).toEqual([[first[0]?.id, 2, "w2"]]);
    // The first worker's late completion does not count: the job is the second worker's now.
    if (first[0]) await complete(app.ctx.db, first[0], clock.now());
    expect((await row(first[0]?.id ?? 0))?.status).toBe("running");
    if (again[0]) await complete(app.ctx.db, again[0], clock.now());
    expect((await row(first[0]?.id ?? 0))?.status).toBe("done");
  });

  it("retries a failing job with growing delays and gives up after the last attempt", async () => {
    const k = kind();
    let calls = 0;
    const worker = createWorker(app.ctx, {
      handlers: {
        [k]: async () => {
          calls += 1;
          throw new Error("smtp down");
        },
      },
    });
    await enqueue(app.ctx.db, { kind: k, dedupeKey: `k-${randomUUID()}`, payload: {}, runAt: clock.now() });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await worker.tick();
      clock.advance(60 * 60_000);
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    const [stored] = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, k));
    expect(stored).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lastError: "smtp down" });
  });

  it("prunes jobs done more than 30 days ago, keeps newer and failed ones", async () => {
    const k = kind();
    await enqueue(app.ctx.db, { kind: k, dedupeKey: `k-${randomUUID()}`, payload: {}, runAt: clock.now() });
    const [job] = (await claim(app.ctx.db, "w", clock.now(), 100, [k])).filter((j) => j.kind === k);
    if (!job) throw new Error("not claimed");
    await complete(app.ctx.db, job, clock.now());
    const [failing] = await app.ctx.db.insert(jobs).values({ kind: k, dedupeKey: `k-${randomUUID()}`, payload: {}, runAt: clock.now(), status: "running", lockedBy: "w", attempts: MAX_ATTEMPTS }).returning();
    if (failing) await fail(app.ctx.db, failing, clock.now(), new Error("gone"));
    clock.advance(29 * 86_400_000);
    await pruneFinished(app.ctx.db, clock.now());
    expect(await row(job.id)).toBeDefined();
    clock.advance(2 * 86_400_000);
    await pruneFinished(app.ctx.db, clock.now());
    expect(await row(job.id)).toBeUndefined();
    expect((await row(failing?.id ?? 0))?.status).toBe("failed");
  });
});
