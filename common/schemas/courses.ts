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

export const courseModuleSchema = z.strictObject({
  key: z.string(),
  type: z.enum(["text", "list", "audio", "video", "evaluation", "worksheet", "post_part_screening"]),
  title: z.string(),
  completed: z.boolean(),
  /** Seconds since the epoch until which the module is locked (the pause before its part), §4. */
  pause_until: z.number().int().nullable(),
});

export const courseDetailSchema = courseCardSchema.extend({
  html: z.string(),
  status: z.enum(["not_started", "in_progress", "completed"]),
  progress: z.number().min(0).max(1),
  active_part: z.string().nullable(),
  active_module: z.string().nullable(),
  pause_until: z.number().int().nullable(),
  parts: z.array(
    z.strictObject({
      key: z.string(),
      title: z.string(),
      completed: z.boolean(),
      modules: z.array(courseModuleSchema),
    }),
  ),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const moduleContentSchema = z.strictObject({
  key: z.string(),
  type: courseModuleSchema.shape.type,
  title: z.string(),
  html: z.string(),
  items: z.array(z.string()).optional(),
  captions: z.array(z.strictObject({ start: z.number(), end: z.number(), text: z.string() })).optional(),
  settings: z.record(z.string(), z.union([z.string(), z.number()])),
  completed: z.boolean(),
  pause_until: z.number().int().nullable(),
});

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

export const worksheetParams = z.strictObject({ key: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(80) });
export const worksheetRowParams = worksheetParams.extend({ id: z.uuid() });
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
  key: z.string(),
  definition: z.unknown(),
  rows: z.array(worksheetRowSchema),
});
export const worksheetRowResponse = worksheetRowSchema;

export const courseCategoriesResponse = z.array(
  z.strictObject({ key: z.enum(["stress", "sleep", "anxiety", "depression"]), courses: z.number().int() }),
);
