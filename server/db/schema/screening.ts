import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { ScreeningStats } from "../../../common/schemas/screening.ts";
import { users } from "./users.ts";

/**
 * A visitor's onboarding (spec §2, §6): consent to store screening answers, given before the
 * screening. The token the browser keeps is stored only as its SHA-256 hash. Visitor data expires
 * after 30 days (`expires_at`) and a scheduled clean-up deletes it with its screenings.
 */
export const onboardings = pgTable(
  "onboardings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text("token_hash").notNull().unique(),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    consentVersion: text("consent_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("onboardings_expires_at_idx").on(t.expiresAt)],
);

/**
 * One screening (light or extended) owned by a visitor's onboarding or by a user (exactly one of
 * the two). Light-screening answers are encrypted here; extended answers per group below.
 */
export const screenings = pgTable(
  "screenings",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    onboardingId: uuid("onboarding_id").references(() => onboardings.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["light", "extended"] }).notNull(),
    /** Field-encrypted JSON of the light screening's answers; null for the extended screening. */
    answers: text("answers"),
    /**
     * Field-encrypted "true"/"false": PHQ-9 item 9 was answered above 0 (no answer kept here, only
     * the fact). Bound to the screening id (server/modules/screening/health-values.ts).
     */
    crisis: text("crisis").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("screenings_onboarding_idx").on(t.onboardingId),
    index("screenings_user_idx").on(t.userId, t.kind),
  ],
);

/**
 * One scored instrument of a screening: score, band and severity for history, each field-encrypted
 * (bound to the screening and instrument, server/modules/screening/health-values.ts), answers too.
 */
export const screeningScores = pgTable(
  "screening_scores",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    screeningId: uuid("screening_id")
      .notNull()
      .references(() => screenings.id, { onDelete: "cascade" }),
    instrument: text("instrument").notNull(),
    area: text("area", { enum: ["depression", "anxiety", "stress", "sleep"] }).notNull(),
    score: text("score").notNull(),
    band: text("band").notNull(),
    severity: text("severity").notNull(),
    /** Field-encrypted JSON of this group's answers (extended screening); null for light areas. */
    answers: text("answers"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("screening_scores_screening_instrument").on(t.screeningId, t.instrument)],
);

/**
 * The published light-screening statistics (GET /screening/stats/), one row per kind of
 * statistic: computed at most once an hour from the screenings completed before `period_start`,
 * already anonymised (bands of 50 people or more, counts rounded). Holds nothing about a person.
 */
export const screeningStatsSnapshots = pgTable("screening_stats_snapshots", {
  key: text("key").primaryKey(),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  stats: jsonb("stats").$type<ScreeningStats>().notNull(),
});
