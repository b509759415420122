import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { jobs } from "../../db/schema/ops.ts";
import { GOOD_PASSWORD, linkParam, randomIp, uniqueEmail } from "../../testing/accounts.ts";
import { TestAgent } from "../../testing/agent.ts";
import { ACCOUNT_AGREEMENTS } from "../../testing/consent.ts";
import { createTestRelay, textPart, type TestRelay } from "../../testing/smtp-relay.ts";
import { createTestApp, createTestUser, FakeClock, json, type TestApp } from "../../testing/test-app.ts";
import { hashPassword } from "../accounts/password-hash.ts";
import { LEASE_MS } from "../jobs/job-queue.ts";
import { createMailWorker, FIRST_DELAY_MS, MAIL_JOB, MAX_DELAY_MS, queueMail } from "./outbox.ts";

/**
 * The durable outbox against a real SMTP server (smtp-server on loopback, started and stopped
 * here). The app's worker is driven by hand with a settable clock, so a day of retries takes
 * milliseconds. The database is this file's own, so no other file's worker takes these mails.
 */

const clock = new FakeClock(Date.UTC(2031, 2, 1, 8));
let relay: TestRelay;
let app: TestApp;
const logged: unknown[] = [];
const log = { error: (entry: unknown) => void logged.push(entry), warn: (entry: unknown) => void logged.push(entry) };

beforeAll(async () => {
  relay = await createTestRelay("accept");
  app = await createTestApp({
    clock,
    isolated: true,
    env: { SMTP_URL: relay.url, SMTP_CONNECT_TIMEOUT_MS: "300", SMTP_SEND_TIMEOUT_MS: "300", METRICS_ENABLED: "true" },
  });
});
afterAll(async () => {
  await app.close();
  await relay.stop();
});

const tick = () => createMailWorker(app.ctx, { log }).tick();

async function mailJobs() {
  return app.ctx.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
}

/** Runs the worker at each retry time until the relay has taken `count` messages or `hours` pass. */
async function deliverWithin(hours: number): Promise<void> {
  const until = clock.now().getTime() + hours * 3_600_000;
  while (clock.now().getTime() < until) {
    await tick();
    const waiting = (await mailJobs()).filter((j) => j.status === "queued");
    if (waiting.length === 0) return;
    const next = Math.min(...waiting.map((j) => j.runAt.getTime()));
    clock.advance(Math.max(1, next - clock.now().getTime()));
  }
}

function to(address: string) {
  return relay.received.filter((m) => m.to.includes(address));
}

describe("e-mail through the outbox, with the relay down, slow or cut off", () => {
  it("relay down: registration and reset answer 202 at once; each mail arrives once when it returns, and the links work", async () => {
    await relay.stop();
    const newcomer = uniqueEmail("outbox-new");
    const owner = await createTestUser(app, { passwordHash: await hashPassword(GOOD_PASSWORD) });
    const agent = new TestAgent(app, randomIp());
    const started = Date.now();
    expect((await agent.post("/api/v1/onboarding/register/email", { email: newcomer, locale: "sv" })).statusCode).toBe(202);
    expect((await agent.post("/api/v1/password/reset", { email: owner.email })).statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The worker tries, the relay is not there: both wait for a retry, nothing is lost.
    expect(await tick()).toBe(2);
    const waiting = await mailJobs();
    expect(waiting.filter((j) => j.status === "queued" && j.attempts === 1)).toHaveLength(2);
    expect(waiting.every((j) => j.runAt.getTime() >= clock.now().getTime() + FIRST_DELAY_MS)).toBe(true);
    // Sealed: neither address nor link is readable in the row.
    expect(JSON.stringify(waiting)).not.toContain(newcomer);
    // The instance stays ready and says the relay is failing; /metrics shows the mail waiting.
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect([ready.statusCode, (json(ready).degraded as { service: string }[] | undefined)?.[0]?.service]).toEqual([200, "smtp"]);
    clock.advance(10_000);
    expect((await app.inject({ method: "GET", url: "/metrics" })).body).toMatch(/^mail_oldest_waiting_seconds 10$/m);

    await relay.start();
    await deliverWithin(1);
    expect(to(newcomer)).toHaveLength(1);
    expect(to(owner.email)).toHaveLength(1);
    expect((await mailJobs()).filter((j) => j.status === "done").map((j) => j.payload)).toEqual([{}, {}]);

    // The links in the mails that arrived work.
    const code = linkParam(textPart(to(newcomer)[0]?.raw ?? ""), "code");
    const complete = await new TestAgent(app, randomIp()).post("/api/v1/onboarding/complete", {
      code,
      password: GOOD_PASSWORD,
      terms_version: CURRENT_TERMS_VERSION,
      accept_terms: true,
      consent_health_data: true,
      ...ACCOUNT_AGREEMENTS,
    });
    expect(complete.statusCode).toBe(201);
    const token = linkParam(textPart(to(owner.email)[0]?.raw ?? ""), "token");
    const reset = await new TestAgent(app, randomIp()).post("/api/v1/password/reset/complete", { token, password: "en ny och lugn morgon 7" });
    expect(reset.statusCode).toBe(200);

    // Later passes send neither again (the reset's "password changed" notice is a mail of its own).
    clock.advance(48 * 3_600_000);
    await tick();
    expect(to(newcomer)).toHaveLength(1);
    expect(to(owner.email).filter((m) => m.raw.includes("token="))).toHaveLength(1);
  });

  it("a slow relay (takes the connection, then stalls): the request answers at once, the attempt ends at the time limit", async () => {
    relay.mode = "stall";
    await relay.start();
    const email = uniqueEmail("outbox-slow");
    const started = Date.now();
    expect((await new TestAgent(app, randomIp()).post("/api/v1/onboarding/register/email", { email, locale: "en" })).statusCode).toBe(202);
    expect(Date.now() - started).toBeLessThan(1_000);
    const attempt = Date.now();
    await tick();
    expect(Date.now() - attempt).toBeLessThan(300 + 300 + 1_000);
    expect(to(email)).toHaveLength(0);
    relay.mode = "accept";
    await deliverWithin(1);
    expect(to(email)).toHaveLength(1);
  });

  it.each([
    // Silent after EHLO: the socket's silence limit (SMTP_SEND_TIMEOUT_MS) ends the attempt.
    { mode: "stall-after-ehlo", limit: "CONN" },
    // Bytes that never make a reply keep the socket busy: only the limit on the whole exchange ends it.
    { mode: "trickle", limit: "DEADLINE" },
  ] as const)("a relay that turns $mode mid-exchange: the attempt ends at its limit ($limit), the mail waits and arrives once", async ({ mode, limit }) => {
    relay.mode = mode;
    await relay.start();
    const email = uniqueEmail(`outbox-${mode}`);
    const key = `mail:${mode}-${email}`;
    await queueMail(app.ctx, app.ctx.db, { to: email, subject: "s", text: "t", html: "<p>t</p>" }, { idempotencyKey: `${mode}-${email}` });
    const attempt = Date.now();
    await tick();
    expect(Date.now() - attempt).toBeLessThan(300 + 300 + 1_000);
    // Never handed over, so worth another try: queued for a retry, the message still sealed in it.
    const [waiting] = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect([waiting?.status, waiting?.attempts, waiting?.handedOverAt, waiting?.lastError]).toEqual([
      "queued",
      1,
      null,
      `not delivered: smtp ${limit} ETIMEDOUT`,
    ]);
    expect(waiting?.payload).toHaveProperty("sealed");
    relay.mode = "accept";
    await deliverWithin(1);
    expect(to(email)).toHaveLength(1);
  });

  it("an acknowledgement lost after the hand-over is never sent again: a dead letter, without content", async () => {
    relay.mode = "drop-after-data";
    const email = uniqueEmail("outbox-lost");
    await queueMail(app.ctx, app.ctx.db, { to: email, subject: "Hemligt ämne", text: "länk", html: "<p>länk</p>" }, { idempotencyKey: `lost-${email}` });
    const before = relay.transferred;
    await tick();
    relay.mode = "accept";
    clock.advance(48 * 3_600_000);
    await tick();
    expect(relay.transferred).toBe(before + 1);
    expect(to(email)).toHaveLength(0);
    const [job] = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:lost-${email}`));
    expect(job?.status).toBe("failed");
    expect(job?.lastError).toMatch(/^outcome unknown/);
    expect(JSON.stringify(logged)).not.toContain(email);
    expect(JSON.stringify(logged)).not.toContain("Hemligt");
    // Counted as a dead letter in /metrics.
    expect((await app.inject({ method: "GET", url: "/metrics" })).body).toMatch(/^job_queue_jobs\{kind="mail",status="failed"\} 1$/m);
  });

  it("a worker that died after the hand-over: the next one does not send again", async () => {
    const email = uniqueEmail("outbox-died");
    await queueMail(app.ctx, app.ctx.db, { to: email, subject: "s", text: "t", html: "<p>t</p>" }, { idempotencyKey: `died-${email}` });
    // As a worker leaves it when it is killed between the hand-over and the relay's answer.
    await app.ctx.db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedBy: "dead-worker", leaseUntil: clock.now(), handedOverAt: clock.now() })
      .where(eq(jobs.dedupeKey, `mail:died-${email}`));
    clock.advance(LEASE_MS);
    await tick();
    expect(to(email)).toHaveLength(0);
    const [job] = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:died-${email}`));
    expect([job?.status, job?.attempts]).toEqual(["failed", 2]);
  });

  it("retries with exponential backoff for at least 24 hours, then keeps a dead letter", async () => {
    await relay.stop();
    const email = uniqueEmail("outbox-gone");
    const key = `gone-${email}`;
    await queueMail(app.ctx, app.ctx.db, { to: email, subject: "s", text: "t", html: "<p>t</p>" }, { idempotencyKey: key });
    const queuedAt = clock.now().getTime();
    const waits: number[] = [];
    for (let i = 0; i < 200; i++) {
      await tick();
      const [job] = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:${key}`));
      if (job?.status !== "queued") break;
      waits.push(job.runAt.getTime() - clock.now().getTime());
      clock.advance(job.runAt.getTime() - clock.now().getTime());
    }
    const [dead] = await app.ctx.db.select().from(jobs).where(eq(jobs.dedupeKey, `mail:${key}`));
    expect(dead?.status).toBe("failed");
    expect((dead?.finishedAt?.getTime() ?? 0) - queuedAt).toBeGreaterThanOrEqual(24 * 3_600_000);
    // Doubling from 30 s (plus at most a fifth), capped at 30 minutes (plus a fifth).
    expect(waits[0]).toBeGreaterThanOrEqual(FIRST_DELAY_MS);
    expect(waits[1]).toBeGreaterThanOrEqual(2 * FIRST_DELAY_MS);
    expect(waits[2]).toBeGreaterThanOrEqual(4 * FIRST_DELAY_MS);
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_DELAY_MS * 1.2);
    expect(dead?.lastError).toMatch(/^not delivered: smtp/);
    expect(dead?.lastError).not.toContain(email);
    await relay.start();
  });

  it("a reset link that expired while the relay was down is not sent", async () => {
    await relay.stop();
    const owner = await createTestUser(app, { passwordHash: await hashPassword(GOOD_PASSWORD) });
    expect((await new TestAgent(app, randomIp()).post("/api/v1/password/reset", { email: owner.email })).statusCode).toBe(202);
    await tick();
    clock.advance(2 * 3_600_000);
    await relay.start();
    await deliverWithin(1);
    expect(to(owner.email)).toHaveLength(0);
    const dead = (await app.ctx.db.select().from(jobs).where(like(jobs.lastError, "expired%"))).filter((j) => j.userId === owner.id);
    expect(dead.map((j) => j.status)).toEqual(["failed"]);
  });
});
