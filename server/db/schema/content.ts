import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Course content imported from `content/` at start (server/modules/content/import-content.ts).
 * Rows are matched by their stable keys, so re-importing keeps ids and users' progress; content
 * removed from the files is archived, not deleted.
 */

type Locale = "sv" | "en" | "no" | "da";

export interface CourseLocaleText {
  slug: string;
  title: string;
  summary: string;
  html: string;
}

export interface ModuleLocaleText {
  title: string;
  html: string;
  /** Audio and video: this language's recording's own length in whole seconds (as a player shows it). */
  duration_seconds?: number;
  items?: string[];
  captions?: { start: number; end: number; text: string }[];
}

export const courses = pgTable("courses", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  key: text("key").notNull().unique(),
  category: text("category", { enum: ["stress", "sleep", "anxiety", "depression"] }).notNull(),
  public: boolean("public").notNull(),
  active: boolean("active").notNull(),
  image: text("image").notNull(),
  estimatedWeeks: integer("estimated_weeks").notNull(),
  position: integer("position").notNull(),
  archived: boolean("archived").notNull().default(false),
  texts: jsonb("texts").$type<Record<Locale, CourseLocaleText>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** One row per course and language: slugs are looked up here. */
export const courseSlugs = pgTable(
  "course_slugs",
  {
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [unique("course_slugs_locale_slug").on(t.locale, t.slug), unique("course_slugs_course_locale").on(t.courseId, t.locale)],
);

export const courseParts = pgTable(
  "course_parts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    position: integer("position").notNull(),
    pauseDays: integer("pause_days").notNull(),
    archived: boolean("archived").notNull().default(false),
    titles: jsonb("titles").$type<Record<Locale, string>>().notNull(),
  },
  (t) => [unique("course_parts_course_key").on(t.courseId, t.key), index("course_parts_course_idx").on(t.courseId)],
);

export const contentModules = pgTable(
  "content_modules",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    partId: uuid("part_id")
      .notNull()
      .references(() => courseParts.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    position: integer("position").notNull(),
    type: text("type", {
      enum: ["text", "list", "audio", "video", "evaluation", "worksheet", "post_part_screening", "safety_check"],
    }).notNull(),
    /** Type settings: media and duration, instrument, worksheet key. */
    settings: jsonb("settings").$type<Record<string, string | number>>().notNull(),
    archived: boolean("archived").notNull().default(false),
    texts: jsonb("texts").$type<Record<Locale, ModuleLocaleText>>().notNull(),
  },
  (t) => [unique("content_modules_course_key").on(t.courseId, t.key), index("content_modules_part_idx").on(t.partId)],
);

export const worksheetDefs = pgTable("worksheet_defs", {
  key: text("key").primaryKey(),
  definition: jsonb("definition").notNull(),
});

export const contentPages = pgTable(
  "content_pages",
  {
    key: text("key").notNull(),
    locale: text("locale", { enum: ["sv", "en", "no", "da"] }).notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    html: text("html").notNull(),
  },
  (t) => [unique("content_pages_key_locale").on(t.key, t.locale), unique("content_pages_locale_slug").on(t.locale, t.slug)],
);

/** A user's course: started (active while in progress), completed. */
export const courseProgress = pgTable(
  "course_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);

/** Completed modules per user; the next part's pause is computed from these times. */
export const moduleProgress = pgTable(
  "module_progress",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => contentModules.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index("module_progress_user_course_idx").on(t.userId, t.courseId)],
);

/**
 * Answers to course evaluations and post-part screenings: the answers field-encrypted (bound to
 * the row's user); the score, band and severity field-encrypted too, each bound to the user and
 * the row (server/modules/screening/health-values.ts), decrypted in the app for the history chart.
 */
export const evaluationAnswers = pgTable(
  "evaluation_answers",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => contentModules.id, { onDelete: "cascade" }),
    instrument: text("instrument").notNull(),
    answers: text("answers").notNull(),
    score: text("score").notNull(),
    band: text("band").notNull(),
    severity: text("severity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("evaluation_answers_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * Answers to a course's safety check (the sleep window's contraindications, ADR 023): the answers
 * and the outcome field-encrypted (health data), bound to the user and the row. The newest row of a
 * check counts.
 */
export const safetyChecks = pgTable(
  "safety_checks",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    check: text("check").notNull(),
    answers: text("answers").notNull(),
    outcome: text("outcome").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("safety_checks_user_check_idx").on(t.userId, t.check, t.createdAt)],
);

/** Worksheet rows (diaries, thought records …): the values field-encrypted, bound to the user. */
export const worksheetRows = pgTable(
  "worksheet_rows",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    worksheet: text("worksheet").notNull(),
    values: text("values").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("worksheet_rows_user_sheet_idx").on(t.userId, t.worksheet, t.createdAt)],
);

/** Featured items from `content/featured.yaml`, in order; replaced on every import. */
export const featuredContent = pgTable("featured_content", {
  key: text("key").primaryKey(),
  position: integer("position").notNull(),
  kind: text("kind", { enum: ["course", "module", "page"] }).notNull(),
  courseKey: text("course_key"),
  moduleKey: text("module_key"),
  pageKey: text("page_key"),
  titles: jsonb("titles").$type<Record<Locale, string>>().notNull(),
  texts: jsonb("texts").$type<Record<Locale, string>>().notNull(),
});
