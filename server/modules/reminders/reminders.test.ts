import path from "node:path";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "../../db/client.ts";
import { contentModules, courseParts, courseProgress, courses, moduleProgress } from "../../db/schema/content.ts";
import { jobs } from "../../db/schema/ops.ts";
import { users } from "../../db/schema/users.ts";
import { TestAgent } from "../../testing/agent.ts";
import { latestMailTo, mailCountTo } from "../../testing/accounts.ts";
import { FakeClock, createTestApp, createTestUser, json, sessionCookieFor, type TestUser, type TestApp } from "../../testing/test-app.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent } from "../content/load-content.ts";
import { createWorker, type Worker } from "../jobs/worker.ts";
import { planReminders, REMINDER_JOB, runReminderJob, unsubscribeLink } from "./reminder-service.ts";

// 2026-01-12 10:00 UTC = 11:00 in Stockholm.
const clock = new FakeClock(Date.UTC(2026, 0, 12, 10, 0, 0));
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const DAY = 86_400_000;

function workerFor(ctx = app.ctx, id?: string): Worker {
  return createWorker(ctx, {
    handlers: { [REMINDER_JOB]: async (c, job) => void (await runReminderJob(c, job)) },
    beforePoll: async (c) => void (await planReminders(c)),
    ...(id ? { id } : {}),
  });
}

async function verifiedAgent(user: TestUser): Promise<TestAgent> {
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return agent;
}

/** A user with reminders on who finished part 1 of the stress course now (part 2 pauses 7 days). */
async function userInPause(locale: "sv" | "en" = "en", timeOfDay = "18:00"): Promise<TestUser> {
  const user = await createTestUser(app, { locale });
  const agent = await verifiedAgent(user);
  expect((await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: timeOfDay, timezone: "Europe/Stockholm" })).statusCode).toBe(200);
  const [course] = await app.ctx.db.select().from(courses).where(eq(courses.key, "stress"));
  if (!course) throw new Error("no stress course");
  const [part] = await app.ctx.db.select().from(courseParts).where(eq(courseParts.courseId, course.id)).orderBy(asc(courseParts.position)).limit(1);
  const modules = await app.ctx.db.select().from(contentModules).where(and(eq(contentModules.partId, part?.id ?? ""), eq(contentModules.archived, false)));
  await app.ctx.db.insert(courseProgress).values({ userId: user.id, courseId: course.id, startedAt: clock.now() });
  await app.ctx.db.insert(moduleProgress).values(modules.map((m) => ({ userId: user.id, moduleId: m.id, courseId: course.id, completedAt: clock.now() })));
  return user;
}

describe("GET/PUT /api/v1/me/reminders/", () => {
  it("answers reminders off by default, and stores the user's choice", async () => {
    const user = await createTestUser(app);
    const agent = await verifiedAgent(user);
    const before = await agent.get("/api/v1/me/reminders/");
    expect(before.statusCode).toBe(200);
    expect(json(before)).toEqual({ enabled: false, time_of_day: "18:00", timezone: "Europe/Stockholm" });
    const put = await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "07:30", timezone: "Europe/Oslo" });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toEqual({ enabled: true, time_of_day: "07:30", timezone: "Europe/Oslo" });
    expect(json(await agent.get("/api/v1/me/reminders"))).toEqual({ enabled: true, time_of_day: "07:30", timezone: "Europe/Oslo" });
  });

  it("refuses bad input with 400, a code and the fields, and keeps the stored settings", async () => {
    const user = await createTestUser(app);
    const agent = await verifiedAgent(user);
    await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "08:00", timezone: "UTC" });
    const bad = await agent.request("PUT", "/api/v1/me/reminders/", { enabled: "yes", time_of_day: "25:00", timezone: "Mars/Olympus" });
    expect(bad.statusCode).toBe(400);
    const body = json(bad) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("request.invalid");
    expect(Object.keys(body.fields).sort()).toEqual(["body.enabled", "body.time_of_day", "body.timezone"]);
    expect(body.fields["body.time_of_day"]).toBe("invalid_time");
    // "yes" was sent, of the wrong type: not reported as missing ("fill in this field").
    expect(body.fields["body.enabled"]).toBe("invalid_type");
    const missing = await agent.request("PUT", "/api/v1/me/reminders/", { time_of_day: "08:00", timezone: "UTC" });
    expect((json(missing) as { fields: Record<string, string> }).fields).toEqual({ "body.enabled": "required" });
    const extra = await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "08:00", timezone: "UTC", email: "x@example.test" });
    expect(extra.statusCode).toBe(400);
    expect(json(await agent.get("/api/v1/me/reminders/"))).toEqual({ enabled: true, time_of_day: "08:00", timezone: "UTC" });
  });

  it("needs a logged-in, verified session", async () => {
    const visitor = new TestAgent(app);
    expect((await visitor.get("/api/v1/me/reminders/")).statusCode).toBe(401);
    expect((await visitor.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "08:00", timezone: "UTC" })).statusCode).toBe(401);
    const user = await createTestUser(app);
    const agent = new TestAgent(app);
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified: false })).split("=")[1] ?? "");
    expect((await agent.get("/api/v1/me/reminders/")).statusCode).toBe(403);
  });

  it("shows and changes only the caller's own settings", async () => {
    const a = await createTestUser(app);
    const b = await createTestUser(app);
    await (await verifiedAgent(a)).request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "06:00", timezone: "UTC" });
    const agentB = await verifiedAgent(b);
    expect(json(await agentB.get("/api/v1/me/reminders/")).enabled).toBe(false);
    await agentB.request("PUT", "/api/v1/me/reminders/", { enabled: false, time_of_day: "21:00", timezone: "UTC" });
    expect(json(await (await verifiedAgent(a)).get("/api/v1/me/reminders/"))).toEqual({ enabled: true, time_of_day: "06:00", timezone: "UTC" });
  });
});

describe("reminder e-mails", () => {
  it("sends one unlock reminder at the chosen local time after the pause, without health information", async () => {
    const user = await userInPause("en", "18:00");
    const worker = workerFor();
    await worker.tick();
    expect(await mailCountTo(app, user.email)).toBe(0);
    // The pause ends 7 days after part 1 (19 Jan 11:00 Stockholm); the reminder waits for 18:00 that day.
    clock.advance(7 * DAY);
    await worker.tick();
    expect(await mailCountTo(app, user.email)).toBe(0);
    const [job] = await app.ctx.db.select().from(jobs).where(like(jobs.dedupeKey, `reminder:unlock:${user.id}:%`));
    expect(job?.runAt.toISOString()).toBe("2026-01-19T17:00:00.000Z");
    clock.advance(7 * 3_600_000);
    await worker.tick();
    await worker.tick();
    expect(await mailCountTo(app, user.email)).toBe(1);
    const mail = await latestMailTo(app, user.email);
    expect(mail.subject).toBe("Your next part is open");
    for (const word of ["stress", "Stress", "anxiety", "depression", "sleep", "CBT for"]) {
      expect(mail.text).not.toContain(word);
      expect(mail.subject).not.toContain(word);
    }
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${unsubscribeLink(app.ctx, user.id)}>`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain(unsubscribeLink(app.ctx, user.id));
    clock.advance(DAY);
    await worker.tick();
    expect(await mailCountTo(app, user.email)).toBe(1);
  });

  it("writes in the user's language", async () => {
    const user = await userInPause("sv", "09:00");
    clock.advance(7 * DAY + 2 * 3_600_000);
    await workerFor().tick();
    clock.advance(DAY);
    await workerFor().tick();
    expect((await latestMailTo(app, user.email)).subject).toBe("Nästa del är öppen");
  });

  it("sends nothing to a user who turned reminders off before the time came", async () => {
    const user = await userInPause("en");
    clock.advance(7 * DAY - 3_600_000);
    await workerFor().tick();
    await (await verifiedAgent(user)).request("PUT", "/api/v1/me/reminders/", { enabled: false, time_of_day: "18:00", timezone: "Europe/Stockholm" });
    clock.advance(2 * DAY);
    await workerFor().tick();
    expect(await mailCountTo(app, user.email)).toBe(0);
  });

  it("nudges once after 7 days without activity, and not again until there has been activity", async () => {
    const user = await userInPause("en", "12:00");
    // Part 2 opened and the user started it, then went quiet.
    clock.advance(8 * DAY);
    const [module] = await app.ctx.db
      .select({ id: contentModules.id, courseId: contentModules.courseId })
      .from(contentModules)
      .innerJoin(courseParts, eq(courseParts.id, contentModules.partId))
      .innerJoin(courses, eq(courses.id, contentModules.courseId))
      .where(and(eq(courses.key, "stress"), eq(courseParts.position, 1)))
      .orderBy(asc(contentModules.position))
      .limit(1);
    await app.ctx.db.insert(moduleProgress).values({ userId: user.id, moduleId: module?.id ?? "", courseId: module?.courseId ?? "", completedAt: clock.now() });
    const unlockMails = await mailCountTo(app, user.email);
    clock.advance(6 * DAY);
    await workerFor().tick();
    expect(await mailCountTo(app, user.email)).toBe(unlockMails);
    clock.advance(2 * DAY);
    await workerFor().tick();
    await workerFor().tick();
    expect(await mailCountTo(app, user.email)).toBe(unlockMails + 1);
    expect((await latestMailTo(app, user.email)).subject).toBe("A friendly reminder");
    clock.advance(3 * DAY);
    await workerFor().tick();
    expect(await mailCountTo(app, user.email)).toBe(unlockMails + 1);
  });
});

describe("account deletion", () => {
  it("deletes the user's planned reminders with the account", async () => {
    const user = await userInPause("en");
    clock.advance(7 * DAY - 3_600_000);
    await workerFor().tick();
    const planned = await app.ctx.db.select().from(jobs).where(eq(jobs.userId, user.id));
    expect(planned).toHaveLength(1);
    await app.ctx.db.delete(users).where(eq(users.id, user.id));
    expect(await app.ctx.db.select().from(jobs).where(like(jobs.dedupeKey, `reminder:%:${user.id}:%`))).toHaveLength(0);
  });
});

describe("exactly once with several workers", () => {
  it("two workers on the same database send each reminder once", async () => {
    // On PostgreSQL the second worker has its own connection pool, as a second instance would.
    const url = inject("testDatabaseUrl");
    const second: Database | null = url ? await openDatabase({ url, poolSize: 4 }) : null;
    try {
      const people = await Promise.all(Array.from({ length: 12 }, () => userInPause("en", "10:00")));
      const a = workerFor(app.ctx, "worker-a");
      const b = workerFor(second ? { ...app.ctx, database: second, db: second.db } : app.ctx, "worker-b");
      // Both plan at once (the same jobs), then both run at once.
      clock.advance(7 * DAY + 3_600_000);
      await Promise.all([a.tick(), b.tick()]);
      clock.advance(DAY);
      const [ranA, ranB] = await Promise.all([a.tick(), b.tick()]);
      await Promise.all([a.tick(), b.tick()]);
      for (const person of people) expect(await mailCountTo(app, person.email)).toBe(1);
      const ids = people.map((p) => p.id);
      const rows = (await app.ctx.db.select().from(jobs)).filter((j) => ids.includes(String(j.payload.userId)));
      expect(rows).toHaveLength(12);
      expect(rows.every((j) => j.status === "done" && j.attempts === 1)).toBe(true);
      expect(ranA + ranB).toBe(12);
    } finally {
      await second?.close();
    }
  });
});

describe("one-click unsubscribe", () => {
  it("GET asks with one button and changes nothing; POST (RFC 8058) turns reminders off without login", async () => {
    const user = await userInPause("en");
    const link = new URL(unsubscribeLink(app.ctx, user.id));
    const url = `${link.pathname}${link.search}`;
    const page = await app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Stop reminders");
    expect(page.body).toContain('<html lang="en"');
    expect(json(await (await verifiedAgent(user)).get("/api/v1/me/reminders/")).enabled).toBe(true);
    const post = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(post.statusCode).toBe(200);
    expect(json(await (await verifiedAgent(user)).get("/api/v1/me/reminders/")).enabled).toBe(false);
  });

  it("refuses a forged or altered link", async () => {
    const user = await userInPause("en");
    const other = await createTestUser(app);
    const link = new URL(unsubscribeLink(app.ctx, other.id));
    link.searchParams.set("u", user.id);
    const forged = await app.inject({ method: "POST", url: `${link.pathname}${link.search}`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(forged.statusCode).toBe(400);
    expect((await app.inject({ method: "POST", url: "/reminders/unsubscribe?u=nope&t=x" })).statusCode).toBe(400);
    expect(json(await (await verifiedAgent(user)).get("/api/v1/me/reminders/")).enabled).toBe(true);
    const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
    expect(row?.id).toBe(user.id);
  });
});
