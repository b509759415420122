import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";

/** Course calls (issue: course engine), shared by UI and server. */

export const localeQuery = z.strictObject({ locale: z.enum(LOCALES).default("sv") });
export const slugParam = z.strictObject({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(80) });
export const moduleParams = slugParam.extend({ module: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(80) });

export const courseCardSchema = z.strictObject({
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
});
export type CourseCard = z.infer<typeof courseCardSchema>;

const moduleType = z.enum(["text", "list", "audio", "video", "evaluation", "worksheet", "post_part_screening"]);

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
  id: z.uuid(),
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

export const moduleContentSchema = z.strictObject({
  id: z.uuid(),
  key: z.string(),
  type: moduleType,
  title: z.string(),
  html: z.string(),
  items: z.array(z.string()).optional(),
  captions: z.array(z.strictObject({ start: z.number(), end: z.number(), text: z.string() })).optional(),
  settings: z.record(z.string(), z.union([z.string(), z.number()])),
  media: moduleMediaSchema.nullable(),
  completed: z.boolean(),
  pause_until: z.number().int().nullable(),
  progress_url: z.string(),
});
export type ModuleContent = z.infer<typeof moduleContentSchema>;

/** A content module by its id (progress, evaluations, worksheets). */
export const moduleIdParam = z.strictObject({ module: z.uuid() });

export const startCourseBody = z.strictObject({ course: z.string().regex(/^[a-z0-9-]+$/).max(80) });
export const pageSchema = z.strictObject({ slug: z.string(), title: z.string(), description: z.string().nullable(), html: z.string() });

/** Answers to a course evaluation: item id → the chosen option's value. */
export const evaluationBody = z.strictObject({
  answers: z.record(z.string().regex(/^[a-z0-9]+_\d{1,2}$/).max(12), z.number().int().min(0).max(10)),
});

export const evaluationResultSchema = z.strictObject({
  instrument: z.string(),
  score: z.number().int(),
  max: z.number().int(),
  band: z.string(),
  severity: z.number().int(),
  /** PHQ-9 item 9 above 0: the crisis panel is shown, whatever the total. */
  crisis: z.boolean(),
  /** Severe band, or worse than the previous evaluation: advise contacting healthcare. */
  healthcare_advice: z.boolean(),
  course: courseDetailSchema,
});
export type EvaluationResult = z.infer<typeof evaluationResultSchema>;

/** The user's latest answers to an evaluation module (their own only). */
export const evaluationAnswersSchema = z.strictObject({
  instrument: z.string(),
  answers: z.record(z.string(), z.number().int()),
  score: z.number().int(),
  band: z.string(),
  created_at: z.string(),
});

export const worksheetRowParams = z.strictObject({ row: z.uuid() });
/** Values are checked against the worksheet's own definition on the server. */
export const worksheetRowBody = z.strictObject({
  values: z.record(z.string().max(64), z.union([z.string().max(5000), z.number(), z.boolean(), z.null()])),
});
const worksheetRowSchema = z.strictObject({
  id: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  computed: z.record(z.string(), z.number().nullable()),
  created_at: z.string(),
  updated_at: z.string(),
});
export const worksheetResponse = z.strictObject({
  module: z.uuid(),
  key: z.string(),
  definition: z.unknown(),
  rows: z.array(worksheetRowSchema),
});
export const worksheetRowResponse = worksheetRowSchema;

export const courseCategoriesResponse = z.array(
  z.strictObject({ key: z.enum(["stress", "sleep", "anxiety", "depression"]), courses: z.number().int() }),
);
