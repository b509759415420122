import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { outboxDir } from "../../app.ts";
import type { AppContext } from "../../app-context.ts";
import { openDatabase, type Database } from "../../db/client.ts";
import { contentModules, courseParts, courseProgress, courses, moduleProgress } from "../../db/schema/content.ts";
import { jobs } from "../../db/schema/ops.ts";
import { users } from "../../db/schema/users.ts";
import { TestAgent } from "../../testing/agent.ts";
import { GOOD_PASSWORD, deliverQueuedMail, randomIp, uniqueEmail } from "../../testing/accounts.ts";
import { hold } from "../../testing/held-lock.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor, type TestApp, type TestUser } from "../../testing/test-app.ts";
import { hashPassword } from "../accounts/password-hash.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent } from "../content/load-content.ts";
import { listOutbox } from "../mail/mailer.ts";
import { createMailWorker, queueMail } from "../mail/outbox.ts";
import { planReminders, REMINDER_JOB, runReminderJob } from "../reminders/reminder-service.ts";
import { createWorker } from "./worker.ts";

/**
 * The job worker on several instances, and its jobs meeting an account deleted at that moment
 * (ADR 012, ADR 020): every mail delivered once however many workers claim at once; a reminder for
 * an account deleted while it was being sent is not sent, and a planning pass that meets such an
 * account plans everyone else. Each "instance" has its own connection pool. PostgreSQL only.
 */

const databaseUrl = inject("testDatabaseUrl");
const DAY = 86_400_000;
// 2026-01-12 10:00 UTC = 11:00 in Stockholm.
const clock = new FakeClock(Date.UTC(2026, 0, 12, 10, 0, 0));
let app: TestApp;
let holder: Database;
let second: Database;
let dataDir: string;
let passwordHash: string;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("the job concurrency tests need DATABASE_URL (PostgreSQL)");
  // An outbox of the file's own: the tests count what reached each address.
  dataDir = await mkdtemp(path.join(tmpdir(), "kbt-jobs-"));
  app = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
  holder = await openDatabase({ url: databaseUrl, poolSize: 2 });
  second = await openDatabase({ url: databaseUrl, poolSize: 4 });
  passwordHash = await hashPassword(GOOD_PASSWORD);
});
afterAll(async () => {
  await second?.close();
  await holder?.close();
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The app's context on the second pool: another instance. */
const otherInstance = (): AppContext => ({ ...app.ctx, database: second, db: second.db });

async function subjectsTo(to: string): Promise<string[]> {
  return (await listOutbox(outboxDir(app.ctx.env))).filter((m) => m.to === to).map((m) => m.subject);
}

/**
 * A password account with reminders on, who finished part 1 of the stress course `ago` ms before
 * now (part 2 pauses 7 days; its reminder is planned from a day before it opens).
 */
async function userInPause(ago = 0): Promise<TestUser & { agent: TestAgent }> {
  const user = await createTestUser(app, { locale: "en", passwordHash });
  const agent = new TestAgent(app, randomIp());
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  expect((await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "10:00", timezone: "Europe/Stockholm" })).statusCode).toBe(200);
  const [course] = await app.ctx.db.select().from(courses).where(eq(courses.key, "stress"));
  if (!course) throw new Error("no stress course");
  const [part] = await app.ctx.db.select().from(courseParts).where(eq(courseParts.courseId, course.id)).orderBy(asc(courseParts.position)).limit(1);
  const modules = await app.ctx.db.select().from(contentModules).where(and(eq(contentModules.partId, part?.id ?? ""), eq(contentModules.archived, false)));
  const finished = new Date(clock.now().getTime() - ago);
  await app.ctx.db.insert(courseProgress).values({ userId: user.id, courseId: course.id, startedAt: finished });
  await app.ctx.db.insert(moduleProgress).values(modules.map((m) => ({ userId: user.id, moduleId: m.id, courseId: course.id, completedAt: finished })));
  return { ...user, agent };
}

/** Deletes `user`'s account while `work` runs: the user's row is held, the deletion queues for it, `work` behind it. */
async function deletionWhile<T>(user: TestUser & { agent: TestAgent }, work: () => Promise<T>): Promise<{ deleted: number; result: T }> {
  // A session of today's (the clock has moved on since the account was made).
  user.agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  const held = await hold(holder, (tx) => tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update"));
  try {
    const deletion = user.agent.delete("/api/v1/me/", { password: GOOD_PASSWORD });
    await held.whenWaiting(1);
    const running = work();
    // Awaited below; a failure must not count as unhandled while the lock is let go.
    running.catch(() => undefined);
    await held.releaseWhenWaiting(2);
    return { deleted: (await deletion).statusCode, result: await running };
  } finally {
    await held.release();
  }
}

describe("mail on two instances", () => {
  it("two workers claiming at once deliver each mail once", async () => {
    const addresses = Array.from({ length: 20 }, () => uniqueEmail("outbox"));
    for (const to of addresses) await queueMail(app.ctx, app.ctx.db, { to, subject: "Hej", text: "Hej.", html: "<p>Hej.</p>" });
    const keys = [...(app.ctx.queuedMail ?? [])];
    const workers = [createMailWorker(app.ctx, { id: "mail-a", onlyKeys: () => keys }), createMailWorker(otherInstance(), { id: "mail-b", onlyKeys: () => keys })];
    const ran = await Promise.all(workers.map((w) => w.tick()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(addresses.length);
    for (const to of addresses) expect(await subjectsTo(to)).toEqual(["Hej"]);
    const rows = await app.ctx.db.select().from(jobs).where(inArray(jobs.dedupeKey, keys));
    expect(rows.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
  });
});

describe("reminders for an account deleted at that moment", () => {
  const reminderWorker = (ctx: AppContext, planning: boolean) =>
    createWorker(ctx, {
      handlers: { [REMINDER_JOB]: async (c, job) => void (await runReminderJob(c, job)) },
      ...(planning ? { beforePoll: async (c: AppContext) => void (await planReminders(c)) } : {}),
    });

  it("a reminder sent while the account is deleted is not sent; the worker goes on", async () => {
    const user = await userInPause(7 * DAY - 3_600_000);
    await reminderWorker(app.ctx, true).tick();
    expect(await app.ctx.db.select().from(jobs).where(eq(jobs.userId, user.id))).toHaveLength(1);
    // The part opens in an hour; the reminder is due at the next 10:00 in Stockholm after that.
    clock.advance(2 * DAY);
    const { deleted, result } = await deletionWhile(user, () => reminderWorker(otherInstance(), false).tick());
    expect(deleted).toBe(200);
    expect(result).toBeGreaterThanOrEqual(1);
    await deliverQueuedMail(app);
    expect(await subjectsTo(user.email)).toEqual(["Your account has been deleted"]);
    expect(await app.ctx.db.select().from(jobs).where(eq(jobs.userId, user.id))).toEqual([]);
  });

  it("a planning pass that meets an account deleted at that moment plans everyone else", async () => {
    // Planned in the order of their ids: the deleted account comes first.
    const [first, then] = (await Promise.all([userInPause(7 * DAY - 3_600_000), userInPause(7 * DAY - 3_600_000)])).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (!first || !then) throw new Error("two users");
    const { deleted } = await deletionWhile(first, () => planReminders(otherInstance()));
    expect(deleted).toBe(200);
    expect(await app.ctx.db.select({ key: jobs.dedupeKey }).from(jobs).where(like(jobs.dedupeKey, `reminder:%:${then.id}:%`))).toHaveLength(1);
  });
});
