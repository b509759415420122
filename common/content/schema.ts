import { z } from "zod";

/**
 * The content format (docs/content-format.md) as zod schemas: course structure (YAML), texts per
 * language (front matter + Markdown), worksheets and pages. `npm run content:check` and the
 * importer use the same schemas.
 */

export const CONTENT_LANGUAGES = ["sv", "en", "no", "da"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const key = z.string().regex(KEY, "must be lowercase kebab-case (a-z, 0-9, -)");

export const MODULE_TYPES = ["text", "list", "audio", "video", "evaluation", "worksheet", "post_part_screening", "safety_check"] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

/** Module types completed by sending answers (a questionnaire or a safety check), not by "Done". */
export const ANSWERED_MODULE_TYPES: ReadonlySet<string> = new Set(["evaluation", "post_part_screening", "safety_check"]);

/** Module types whose answers are a scored questionnaire (an instrument). */
export const QUESTIONNAIRE_MODULE_TYPES: ReadonlySet<string> = new Set(["evaluation", "post_part_screening"]);

/** The safety checks a course may hold (ADR 023): the sleep window's contraindications. */
export const SAFETY_CHECKS = ["sleep-window"] as const;

/**
 * A module shown only by a safety check's outcome: `sleep-window-clear` (the sleep window itself,
 * locked until the check is answered), `sleep-window-withheld` (the path instead of it). Such a
 * module never holds back its part's completion.
 */
export const MODULE_CONDITIONS = ["sleep-window-clear", "sleep-window-withheld"] as const;
export type ModuleCondition = (typeof MODULE_CONDITIONS)[number];

export const COURSE_INSTRUMENTS = ["phq9", "gad7", "pss10", "miss"] as const;
export const CATEGORIES = ["stress", "sleep", "anxiety", "depression"] as const;

const base = { key, when: z.enum(MODULE_CONDITIONS).optional() };
const moduleSchema = z.discriminatedUnion("type", [
  z.strictObject({ ...base, type: z.literal("text") }),
  z.strictObject({ ...base, type: z.literal("list") }),
  z.strictObject({ ...base, type: z.literal("audio"), media: key, duration_seconds: z.number().int().positive().max(7200) }),
  z.strictObject({ ...base, type: z.literal("video"), media: key, duration_seconds: z.number().int().positive().max(7200) }),
  z.strictObject({ ...base, type: z.literal("evaluation"), instrument: z.enum(COURSE_INSTRUMENTS) }),
  z.strictObject({ ...base, type: z.literal("worksheet"), worksheet: key }),
  z.strictObject({ ...base, type: z.literal("post_part_screening"), instrument: z.enum(COURSE_INSTRUMENTS) }),
  z.strictObject({ ...base, type: z.literal("safety_check"), check: z.enum(SAFETY_CHECKS) }),
]);
export type CourseModuleDef = z.infer<typeof moduleSchema>;

export const courseYamlSchema = z.strictObject({
  key,
  category: z.enum(CATEGORIES),
  public: z.boolean(),
  active: z.boolean().default(true),
  image: z.string().regex(/^[a-z0-9-]+\.svg$/, "must be an .svg file name"),
  estimated_weeks: z.number().int().min(1).max(52),
  parts: z
    .array(
      z.strictObject({
        key,
        pause_days: z.number().int().min(0).max(60),
        modules: z.array(moduleSchema).min(1),
      }),
    )
    .min(1),
});
export type CourseYaml = z.infer<typeof courseYamlSchema>;

export const courseTextSchema = z.strictObject({
  slug: key,
  title: z.string().min(2).max(120),
  summary: z.string().min(10).max(400),
  parts: z.record(key, z.string().min(2).max(120)),
});
export type CourseText = z.infer<typeof courseTextSchema>;

const caption = z.strictObject({ start: z.number().min(0), end: z.number().positive(), text: z.string().min(1) });

/** Module front matter by type (the body is Markdown). */
export const moduleFrontMatter: Record<ModuleType, z.ZodType> = {
  text: z.strictObject({ title: z.string().min(2).max(160) }),
  list: z.strictObject({ title: z.string().min(2).max(160), items: z.array(z.string().min(2)).min(2) }),
  audio: z.strictObject({ title: z.string().min(2).max(160) }),
  video: z.strictObject({
    title: z.string().min(2).max(160),
    captions: z.array(caption, { error: "missing captions: a video needs its caption list" }).min(1, "missing captions: a video needs its caption list"),
  }),
  evaluation: z.strictObject({ title: z.string().min(2).max(160) }),
  worksheet: z.strictObject({ title: z.string().min(2).max(160) }),
  post_part_screening: z.strictObject({ title: z.string().min(2).max(160) }),
  safety_check: z.strictObject({ title: z.string().min(2).max(160) }),
};

const text4 = z.strictObject({ sv: z.string().min(1), en: z.string().min(1), no: z.string().min(1), da: z.string().min(1) });

/**
 * How a worksheet's computed values are worked out: `sleep_efficiency` from the row itself; the
 * `sleep_window_*` ones from the sleep diary when a sleep-window row is saved
 * (common/worksheets/sleep-window.ts).
 */
export const COMPUTED_FORMULAS = [
  "sleep_efficiency",
  "sleep_window_nights",
  "sleep_window_mean_sleep",
  "sleep_window_efficiency",
  "sleep_window_adjustment",
  "sleep_window_minutes",
  "sleep_window_bedtime",
] as const;
export type ComputedFormula = (typeof COMPUTED_FORMULAS)[number];

export const WORKSHEET_FIELD_TYPES = ["text", "longtext", "number", "scale", "time", "date", "boolean", "select"] as const;

export const worksheetSchema = z.strictObject({
  key,
  title: text4,
  description: text4.optional(),
  fields: z
    .array(
      z.strictObject({
        key: z.string().regex(/^[a-z][a-z0-9_]*$/, "must be snake_case"),
        type: z.enum(WORKSHEET_FIELD_TYPES),
        required: z.boolean().default(false),
        label: text4,
        help: text4.optional(),
        min: z.number().optional(),
        max: z.number().optional(),
        options: z.array(z.strictObject({ value: z.string(), label: text4 })).optional(),
      }),
    )
    .min(1),
  computed: z
    .array(z.strictObject({ key: z.string().regex(/^[a-z][a-z0-9_]*$/), formula: z.enum(COMPUTED_FORMULAS), label: text4.optional() }))
    .optional(),
});
export type WorksheetDef = z.infer<typeof worksheetSchema>;

export const pageFrontMatter = z.strictObject({
  slug: key,
  title: z.string().min(2).max(160),
  description: z.string().max(300).optional(),
});

const featuredText = z.strictObject({
  sv: z.string().min(2).max(240),
  en: z.string().min(2).max(240),
  no: z.string().min(2).max(240),
  da: z.string().min(2).max(240),
});
const featuredBase = { key, title: featuredText, text: featuredText };

/** `content/featured.yaml`: featured items referring to a course, a module or a page, in order. */
export const featuredYamlSchema = z.strictObject({
  items: z
    .array(
      z.discriminatedUnion("kind", [
        z.strictObject({ ...featuredBase, kind: z.literal("course"), course: key }),
        z.strictObject({ ...featuredBase, kind: z.literal("module"), course: key, module: key }),
        z.strictObject({ ...featuredBase, kind: z.literal("page"), page: key }),
      ]),
    )
    .min(1)
    .max(20),
});
export type FeaturedItemDef = z.infer<typeof featuredYamlSchema>["items"][number];
