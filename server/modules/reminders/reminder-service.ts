import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import type { ReminderSettings } from "../../../common/schemas/reminders.ts";
import { DEFAULT_REMINDER_SETTINGS } from "../../../common/schemas/reminders.ts";
import type { AppContext } from "../../app-context.ts";
import { reminderSettings } from "../../db/schema/ops.ts";
import { isDeletedUserReference } from "../../db/unique-violation.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/app-error.ts";
import { activeCourse } from "../courses/course-service.ts";
import { enqueue, type Job } from "../jobs/job-queue.ts";
import { queueMail } from "../mail/outbox.ts";
import { nextLocalTime } from "./local-time.ts";
import { reminderMail, type ReminderKind } from "./reminder-mail.ts";

/**
 * Opt-in e-mail reminders: when a paused part unlocks, and a gentle nudge after 7 days without
 * activity, each at the user's chosen local time, in their language. Planning is idempotent
 * (one job per dedupe key); the job queue makes each job run once across instances.
 */

export const REMINDER_JOB = "reminder";
export const NUDGE_AFTER_MS = 7 * 24 * 3_600_000;
/** Jobs are planned this far ahead, so a changed setting or new activity rarely meets a stale job. */
const PLAN_AHEAD_MS = 24 * 3_600_000;
const BATCH = 200;

export async function getReminderSettings(ctx: AppContext, userId: string): Promise<ReminderSettings> {
  const [row] = await ctx.db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  if (!row) return DEFAULT_REMINDER_SETTINGS;
  return { enabled: row.enabled, time_of_day: row.timeOfDay, timezone: row.timezone };
}

export async function putReminderSettings(ctx: AppContext, userId: string, settings: ReminderSettings): Promise<ReminderSettings> {
  const values = { enabled: settings.enabled, timeOfDay: settings.time_of_day, timezone: settings.timezone, updatedAt: ctx.clock.now() };
  await ctx.db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
  return getReminderSettings(ctx, userId);
}

/** The signature of a one-click unsubscribe link: HMAC of the user id under SECRET_KEY. */
export function unsubscribeToken(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`reminders.unsubscribe:${userId}`).digest("base64url");
}

export function validUnsubscribe(secret: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Turns reminders off (one-click unsubscribe); true when the user exists. */
export async function unsubscribe(ctx: AppContext, userId: string): Promise<boolean> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await ctx.db
    .update(reminderSettings)
    .set({ enabled: false, updatedAt: ctx.clock.now() })
    .where(eq(reminderSettings.userId, userId));
  return true;
}

function origin(ctx: AppContext): string {
  return ctx.env.PUBLIC_ORIGIN ?? `http://${ctx.env.HOST}:${ctx.env.PORT}`;
}

export function unsubscribeLink(ctx: AppContext, userId: string): string {
  const url = new URL("/reminders/unsubscribe", origin(ctx));
  url.searchParams.set("u", userId);
  url.searchParams.set("t", unsubscribeToken(ctx.env.SECRET_KEY, userId));
  return url.toString();
}

/** The user's latest sign of life: a module done, a course started, a worksheet saved, a session used. */
async function lastActivity(ctx: AppContext, userId: string): Promise<Date | null> {
  const result = (await ctx.db.execute(sql`
    select greatest(
      (select max(completed_at) from module_progress where user_id = ${userId}),
      (select max(started_at) from course_progress where user_id = ${userId}),
      (select max(updated_at) from worksheet_rows where user_id = ${userId}),
      (select max(last_seen_at) from sessions where user_id = ${userId})
    ) as at`)) as unknown as { rows: { at: string | Date | null }[] };
  const at = result.rows[0]?.at;
  return at ? new Date(at) : null;
}

async function currentCourse(ctx: AppContext, userId: string) {
  try {
    return await activeCourse(ctx, userId, "en");
  } catch (error) {
    if (error instanceof AppError && error.code === "request.not_found") return null;
    throw error;
  }
}

interface Plan {
  kind: ReminderKind;
  key: string;
  at: Date;
  payload: Record<string, unknown>;
}

type Course = NonNullable<Awaited<ReturnType<typeof currentCourse>>>;

/** When the active part opens or opened (ms), if it has a pause and the user has not begun it. */
function unlockOf(course: Course): number | null {
  const first = course.course_parts.find((p) => p.key === course.active_part)?.content_modules[0];
  return first && !first.completed && first.pause_until !== null ? first.pause_until * 1000 : null;
}

/** Inactivity is counted from the latest activity or the part's opening, whichever is later. */
async function quietSince(ctx: AppContext, userId: string, course: Course): Promise<number | null> {
  const activity = (await lastActivity(ctx, userId))?.getTime() ?? null;
  const unlock = unlockOf(course);
  if (activity === null) return unlock;
  return unlock === null ? activity : Math.max(activity, unlock);
}

/** What to remind one user of next, if anything is due within the planning horizon. */
async function planFor(ctx: AppContext, userId: string, settings: ReminderSettings): Promise<Plan | null> {
  const course = await currentCourse(ctx, userId);
  if (!course || course.status !== "in_progress") return null;
  const now = ctx.clock.now().getTime();
  const unlock = unlockOf(course);
  if (unlock !== null && unlock > now - PLAN_AHEAD_MS) {
    if (unlock > now + PLAN_AHEAD_MS) return null;
    return {
      kind: "unlock",
      key: `unlock:${userId}:${course.key}:${course.active_part ?? ""}`,
      at: nextLocalTime(new Date(unlock), settings.time_of_day, settings.timezone),
      payload: { course: course.key, part: course.active_part },
    };
  }
  const since = await quietSince(ctx, userId, course);
  if (since === null || since + NUDGE_AFTER_MS > now + PLAN_AHEAD_MS) return null;
  return {
    kind: "nudge",
    key: `nudge:${userId}:${since}`,
    at: nextLocalTime(new Date(since + NUDGE_AFTER_MS), settings.time_of_day, settings.timezone),
    payload: { since },
  };
}

/** Plans reminder jobs for every user who opted in; safe to run on every instance at once. */
export async function planReminders(ctx: AppContext): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let planned = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ userId: reminderSettings.userId, timeOfDay: reminderSettings.timeOfDay, timezone: reminderSettings.timezone })
      .from(reminderSettings)
      .innerJoin(users, eq(users.id, reminderSettings.userId))
      .where(and(eq(reminderSettings.enabled, true), isNotNull(users.email), gt(reminderSettings.userId, after)))
      .orderBy(asc(reminderSettings.userId))
      .limit(BATCH);
    for (const row of batch) {
      const plan = await planFor(ctx, row.userId, { enabled: true, time_of_day: row.timeOfDay, timezone: row.timezone });
      if (!plan) continue;
      const inserted = await enqueue(ctx.db, {
        kind: REMINDER_JOB,
        dedupeKey: `reminder:${plan.key}`,
        runAt: plan.at,
        userId: row.userId,
        payload: { userId: row.userId, type: plan.kind, ...plan.payload },
      }).catch((error: unknown) => {
        // Deleted since the batch was read: nothing to remind them of; the others are still planned
        // (a failed pass would also skip the rest of this poll's planning).
        if (isDeletedUserReference(error, row.userId)) return false;
        throw error;
      });
      if (inserted) planned += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return planned;
    after = last.userId;
  }
}

/** Whether a planned reminder still applies when its time comes (settings or progress may have changed). */
async function stillApplies(ctx: AppContext, userId: string, payload: Record<string, unknown>): Promise<boolean> {
  const course = await currentCourse(ctx, userId);
  if (!course || course.status !== "in_progress") return false;
  if (payload.type === "unlock") {
    const part = course.course_parts.find((p) => p.key === payload.part);
    return course.key === payload.course && course.active_part === payload.part && course.pause_until === null && !part?.content_modules[0]?.completed;
  }
  return (await quietSince(ctx, userId, course)) === payload.since;
}

/** The job handler: queues one reminder mail if the user still wants it and it still applies. */
export async function runReminderJob(ctx: AppContext, job: Job): Promise<"sent" | "skipped"> {
  const payload = job.payload;
  const userId = String(payload.userId);
  const [row] = await ctx.db
    .select({ email: users.email, locale: users.locale, enabled: reminderSettings.enabled })
    .from(users)
    .innerJoin(reminderSettings, eq(reminderSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row?.email || !row.enabled) return "skipped";
  if (!(await stillApplies(ctx, userId, payload))) return "skipped";
  const locale = row.locale as Locale;
  const unsubscribe = unsubscribeLink(ctx, userId);
  const mail = reminderMail(payload.type === "unlock" ? "unlock" : "nudge", locale, {
    open: new URL(pathTo("dashboard", locale), origin(ctx)).toString(),
    unsubscribe,
  });
  // Through the outbox like every mail; keyed by this job, so a reminder job that runs again
  // (its worker died before it was marked done) queues no second mail.
  await queueMail(
    ctx,
    ctx.db,
    { to: row.email, ...mail, headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } },
    { userId, idempotencyKey: `reminder:${job.id}` },
  );
  return "sent";
}
