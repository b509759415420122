import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** Opt-in e-mail reminders (§ reminders): off until the user turns them on. */
export const reminderSettings = pgTable("reminder_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  /** Local time of day, "HH:MM" (24 h), in `timezone`. */
  timeOfDay: text("time_of_day").notNull().default("18:00"),
  /** IANA time zone name, e.g. Europe/Stockholm. */
  timezone: text("timezone").notNull().default("Europe/Stockholm"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The PostgreSQL-backed job queue (docs/decisions/012-job-queue.md). Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`; `dedupe_key` makes planning idempotent across instances.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    /** At most one job per key, ever: planners on several instances insert with ON CONFLICT DO NOTHING. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The user a job is about: deleting the account deletes its jobs (nothing outlives it). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** A running job whose lease has passed is taken again (its worker died). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /**
     * Set when an attempt reached the point after which the outside system may have acted (a mail
     * handed to the relay before its final answer). A retry that finds it set does not act again.
     */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("jobs_due_idx").on(t.runAt).where(sql`status in ('queued', 'running')`), index("jobs_user_idx").on(t.userId)],
);
