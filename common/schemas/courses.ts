import { z } from "zod";
import { multilineText, text } from "./text.ts";
import { LOCALES } from "../i18n/locales.ts";
import { screeningQuestionSchema } from "./screening.ts";

/** Course calls (issue: course engine), shared by UI and server. */

export const localeQuery = z.strictObject({ locale: z.enum(LOCALES).default("sv") });
export const slugParam = z.strictObject({ slug: text().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(80) });
export const moduleParams = slugParam.extend({ module: text().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(80) });

export const courseCardSchema = z.strictObject({
  /** §3 Course: id, slug, active, completed (course_parts only in the course's own call). */
  id: z.uuid(),
  key: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(["stress", "sleep", "anxiety", "depression"]),
  image: z.string(),
  estimated_weeks: z.number(),
  /** For logged-in users: where they are with the course. */
  status: z.enum(["not_started", "in_progress", "completed"]).optional(),
  progress: z.number().min(0).max(1).optional(),
  /** For logged-in users: in progress (started, not completed), and completed (§3). */
  active: z.boolean().optional(),
  completed: z.boolean().optional(),
});
export type CourseCard = z.infer<typeof courseCardSchema>;

const moduleType = z.enum(["text", "list", "audio", "video", "evaluation", "worksheet", "post_part_screening", "safety_check"]);

export const courseModuleSchema = z.strictObject({
  id: z.uuid(),
  key: z.string(),
  type: moduleType,
  title: z.string(),
  completed: z.boolean(),
  /** Seconds since the epoch until which the module is locked (the pause before its part), §4. */
  pause_until: z.number().int().nullable(),
  /** Where completing the module is posted (§4); the client then reloads the course by slug. */
  progress_url: z.string(),
  /** Audio and video: the length in seconds. */
  duration_seconds: z.number().int().nullable(),
});
export type CourseModule = z.infer<typeof courseModuleSchema>;

export const coursePartSchema = z.strictObject({
  id: z.uuid(),
  key: z.string(),
  title: z.string(),
  completed: z.boolean(),
  content_modules: z.array(courseModuleSchema),
});
export type CoursePart = z.infer<typeof coursePartSchema>;

export const courseDetailSchema = courseCardSchema.extend({
  html: z.string(),
  status: z.enum(["not_started", "in_progress", "completed"]),
  /** Started and not completed: the user's course in progress (§4: at most one). */
  active: z.boolean(),
  completed: z.boolean(),
  progress: z.number().min(0).max(1),
  active_part: z.string().nullable(),
  active_module: z.string().nullable(),
  pause_until: z.number().int().nullable(),
  course_parts: z.array(coursePartSchema),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

/** A public course as a visitor sees it: what it is about and what its parts hold, no progress. */
export const publicCourseSchema = courseCardSchema.extend({
  html: z.string(),
  course_parts: z.array(
    z.strictObject({
      key: z.string(),
      title: z.string(),
      content_modules: z.array(z.strictObject({ key: z.string(), type: moduleType, title: z.string() })),
    }),
  ),
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;

/** The files of an audio or video module (served by /media/*). */
export const moduleMediaSchema = z.strictObject({
  /** `/media/<media-key>/<lang>.webm` (audio: Opus in WebM; video: VP8/VP9 + Opus in WebM). */
  src: z.string(),
  type: z.enum(["audio/webm", "video/webm"]),
  /** Video only: `/media/<media-key>/<lang>.vtt`. */
  captions: z.string().nullable(),
  duration_seconds: z.number().int(),
});
export type ModuleMedia = z.infer<typeof moduleMediaSchema>;

/**
 * A safety-check module (ADR 023): the sleep window's yes/no contraindication questions and the
 * outcome so far (`withheld` also by the newest screening: item 9 above 0 or PHQ-9 ≥ 20).
 */
export const safetyCheckSchema = z.strictObject({
  id: z.enum(["sleep-window"]),
  intro: z.string(),
  questions: z.array(
    z.strictObject({ id: z.string(), text: z.string(), options: z.array(z.strictObject({ value: z.number().int(), label: z.string() })) }),
  ),
  state: z.enum(["unanswered", "clear", "withheld"]),
  reasons: z.array(z.enum(["answers", "screening"])),
  answered: z.boolean(),
});
export type SafetyCheck = z.infer<typeof safetyCheckSchema>;

/** Answers to a safety check: question id → 0 (no) or 1 (yes). */
export const safetyCheckBody = z.strictObject({
  answers: z.record(text().regex(/^[a-z_]{1,40}$/), z.number().int().min(0).max(1)),
});

export const moduleContentSchema = z.strictObject({
  id: z.uuid(),
  key: z.string(),
  type: moduleType,
  title: z.string(),
  html: z.string(),
  items: z.array(z.string()).optional(),
  captions: z.array(z.strictObject({ start: z.number(), end: z.number(), text: z.string() })).optional(),
  /**
   * Evaluation and check-in modules: the questions, in the shape and with the item ids of the
   * screenings (PHQ-9 item 9 is `phq9_9` in every programme).
   */
  questions: z.array(screeningQuestionSchema).optional(),
  /** Safety-check modules: the questions and the outcome so far. */
  check: safetyCheckSchema.optional(),
  settings: z.record(z.string(), z.union([z.string(), z.number()])),
  media: moduleMediaSchema.nullable(),
  completed: z.boolean(),
  pause_until: z.number().int().nullable(),
  progress_url: z.string(),
  /**
   * A course's first questionnaire: the same questionnaire's answers from a recent extended
   * screening (within its time frame), offered instead of asking again.
   */
  carried: z
    .strictObject({
      /** When they were given, seconds since the epoch (§9). */
      at: z.number().int(),
      answers: z.record(z.string(), z.number().int()),
    })
    .optional(),
});
export type ModuleContent = z.infer<typeof moduleContentSchema>;

/** A content module by its id (progress, evaluations, worksheets). */
export const moduleIdParam = z.strictObject({ module: z.uuid() });

export const startCourseBody = z.strictObject({ course: text().regex(/^[a-z0-9-]+$/).max(80) });
export const pageSchema = z.strictObject({ slug: z.string(), title: z.string(), description: z.string().nullable(), html: z.string() });

/**
 * Answers to a course evaluation: item id → the chosen option's value. `id`, chosen by the client
 * for the answers it sends, makes sending them again (a retry after an answer that never arrived,
 * a double submit) store them once: the first answer is given again.
 */
export const evaluationBody = z.strictObject({
  answers: z.record(text().regex(/^[a-z0-9]+_\d{1,2}$/).max(12), z.number().int().min(0).max(10)),
  id: z.uuid().optional(),
});

export const evaluationResultSchema = z.strictObject({
  instrument: z.string(),
  score: z.number().int(),
  max: z.number().int(),
  band: z.string(),
  severity: z.number().int(),
  /** PHQ-9 item 9 above 0: the crisis panel is shown, whatever the total. */
  crisis: z.boolean(),
  /**
   * Advise contacting healthcare (docs/clinical/recommendations.md, H1–H5): item 9 above 0 now or
   * in the last 14 days, PHQ-9 ≥ 15, GAD-7 ≥ 15, or a reliable worsening against the previous
   * evaluation or the screening baseline.
   */
  healthcare_advice: z.boolean(),
  course: courseDetailSchema,
});
export type EvaluationResult = z.infer<typeof evaluationResultSchema>;

/** The outcome of a safety check (the module is completed) and the course after it. */
export const safetyCheckResultSchema = z.strictObject({ check: safetyCheckSchema, course: courseDetailSchema });
export type SafetyCheckResult = z.infer<typeof safetyCheckResultSchema>;

/** The user's latest answers to an evaluation module (their own only). */
export const evaluationAnswersSchema = z.strictObject({
  instrument: z.string(),
  answers: z.record(z.string(), z.number().int()),
  score: z.number().int(),
  band: z.string(),
  /** PHQ-9 item 9 above 0 in these answers: the crisis information goes first (clinical.md). */
  crisis: z.boolean(),
  created_at: z.string(),
});

export const worksheetRowParams = z.strictObject({ row: z.uuid() });
/** Values are checked against the worksheet's own definition on the server. */
const worksheetValuesBody = z.record(text().max(64), z.union([multilineText().max(5000), z.number(), z.boolean(), z.null()]));
/**
 * A new row. `id`, chosen by the client for the row it is writing, makes sending it again (a retry
 * after an answer that never arrived, a double submit) store it once: the stored row is answered.
 */
export const worksheetRowBody = z.strictObject({
  values: worksheetValuesBody,
  id: z.uuid().optional(),
});
/**
 * A change to a row. `updated_at`, the row's `updated_at` as the change was started from, makes the
 * change apply only to that version: a row changed since (another tab, another device) is not
 * overwritten with an older copy (409 `worksheet.row_changed`).
 */
export const worksheetRowPatchBody = z.strictObject({
  values: worksheetValuesBody,
  updated_at: z.iso.datetime().optional(),
});
const worksheetRowSchema = z.strictObject({
  id: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  computed: z.record(z.string(), z.number().nullable()),
  created_at: z.string(),
  updated_at: z.string(),
});
/**
 * The sleep window worked out from the diary for a new row now (common/worksheets/sleep-window.ts):
 * `ready: false` while the diary has too few nights.
 */
export const sleepWindowPlanSchema = z.union([
  z.strictObject({
    ready: z.literal(true),
    nights: z.number().int(),
    mean_sleep_minutes: z.number().int(),
    efficiency: z.number().int(),
    previous_window_minutes: z.number().int().nullable(),
    adjustment_minutes: z.number().int().nullable(),
    window_minutes: z.number().int(),
  }),
  z.strictObject({ ready: z.literal(false), nights: z.number().int(), needed: z.number().int() }),
]);

export const worksheetResponse = z.strictObject({
  module: z.uuid(),
  key: z.string(),
  definition: z.unknown(),
  rows: z.array(worksheetRowSchema),
  /** The sleep-window worksheet: the window a row saved now would get. */
  plan: sleepWindowPlanSchema.optional(),
});
export const worksheetRowResponse = worksheetRowSchema;

export const courseCategoriesResponse = z.array(
  z.strictObject({ key: z.enum(["stress", "sleep", "anxiety", "depression"]), courses: z.number().int() }),
);
