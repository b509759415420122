import { z } from "zod";
import { text } from "./text.ts";
import { LOCALES } from "../i18n/locales.ts";

/** Onboarding, screening, recommended courses and evaluation history (issue 6), shared by UI and server. */

const areaSchema = z.enum(["depression", "anxiety", "stress", "sleep"]);
const instrumentSchema = z.enum(["phq9", "gad7", "pss10", "miss", "phq2", "gad2", "pss4"]);
export const extendedGroupIdSchema = z.enum(["phq9", "gad7", "pss10", "miss"]);

/** The onboarding token the browser keeps (base64url of 32 random bytes). */
export const onboardingTokenSchema = text().regex(/^[A-Za-z0-9_-]{43}$/, "token.invalid");

/**
 * A visitor's consent (ADR 021): explicit consent to the processing of their answers (health
 * data), naming the anonymous statistics, and the confirmation of being 18 or older, both with
 * the version of the consent text shown.
 */
export const onboardingBody = z.strictObject({
  consent: z.literal(true, "consent.required"),
  adult: z.literal(true, "age.required"),
  consent_version: text().min(1).max(40),
  locale: z.enum(LOCALES),
});
export const onboardingResponse = z.strictObject({ token: z.string() });
export const onboardingValidBody = z.strictObject({ token: text().max(200) });
export const onboardingValidResponse = z.strictObject({
  valid: z.literal(true),
  /** When the visitor's data will be deleted, seconds since the epoch (§9). */
  expires_at: z.number().int(),
});

/** One question: the same shape in the light and the extended screening. */
export const screeningQuestionSchema = z.strictObject({
  id: z.string(),
  instrument: instrumentSchema,
  /** The question stem with its time frame. */
  intro: z.string(),
  text: z.string(),
  options: z.array(z.strictObject({ value: z.number().int(), label: z.string() })),
  /** May be left unanswered (the unscored PHQ-9 difficulty question); absent when required. */
  optional: z.literal(true).optional(),
});
export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;

export const localeOptionalQuery = z.strictObject({ locale: z.enum(LOCALES).optional() });

export const lightScreeningResponse = z.strictObject({ questions: z.array(screeningQuestionSchema) });

/** `{itemId: value}`; the values are checked against the instrument (unknown, missing, range). */
export const answersSchema = z
  .record(text().max(40), z.unknown())
  .refine((value) => Object.keys(value).length <= 40, "answers.too_many");

export const lightScreeningBody = z.strictObject({
  answers: answersSchema,
  /**
   * Chosen by the client for these answers (optional): the same answers sent again with it (a
   * retry after an answer that never arrived, a double submit) are stored once and answered as
   * the first time.
   */
  id: z.uuid().optional(),
});

export const areaResultSchema = z.strictObject({
  area: areaSchema,
  instrument: instrumentSchema,
  score: z.number().int(),
  max: z.number().int(),
  band: z.string(),
  severity: z.number().int().min(0).max(4),
});
export type AreaResult = z.infer<typeof areaResultSchema>;

export const lightScreeningResultResponse = z.strictObject({
  areas: z.array(areaResultSchema),
  crisis: z.boolean(),
  /** Contact healthcare (rules H1–H5 of docs/clinical/recommendations.md). */
  healthcare_advice: z.boolean(),
});

export const screeningStatsResponse = z.strictObject({
  /**
   * Only bands with at least `min_group` people are listed; areas without any are left out.
   * `total` counts everyone who answered, in every band (rounded): shares are of everyone.
   */
  areas: z.array(
    z.strictObject({
      area: areaSchema,
      instrument: instrumentSchema,
      total: z.number().int(),
      bands: z.array(z.strictObject({ band: z.string(), count: z.number().int() })),
    }),
  ),
  min_group: z.number().int(),
});
export type ScreeningStats = z.infer<typeof screeningStatsResponse>;

export const extendedScreeningResponse = z.strictObject({
  /** The screening shown (in progress, or the last completed one); null before the first save. */
  id: z.uuid().nullable(),
  groups: z.array(
    z.strictObject({
      id: extendedGroupIdSchema,
      instrument: instrumentSchema,
      questions: z.array(screeningQuestionSchema),
      completed: z.boolean(),
    }),
  ),
  /** Seconds since the epoch (§9); null before the first group is saved. */
  started_at: z.number().int().nullable(),
  updated_at: z.number().int().nullable(),
  crisis: z.boolean(),
  /** The merged results, once every group is completed. */
  results: z
    .strictObject({ areas: z.array(areaResultSchema), healthcare_advice: z.boolean() })
    .nullable(),
  /**
   * Answers carried forward from the light screening that led here (same questions, within each
   * instrument's time frame), per group not yet saved: the form starts with them, editable.
   */
  carried: z
    .strictObject({
      /** When the light screening was done, seconds since the epoch (§9). */
      at: z.number().int(),
      groups: z.partialRecord(extendedGroupIdSchema, z.record(z.string(), z.number().int())),
    })
    .nullable(),
});
export type ExtendedScreening = z.infer<typeof extendedScreeningResponse>;

export const extendedScreeningBody = z.strictObject({
  groups: z
    .partialRecord(extendedGroupIdSchema, z.strictObject({ answers: answersSchema }))
    .refine((groups) => Object.keys(groups).length > 0, "groups.empty"),
  /**
   * The screening the groups belong to (optional): the one in progress (the answer's `id`), or
   * one chosen by the client for a new screening. The save that completed it, sent again (a retry
   * after an answer that never arrived), is then answered with its results instead of starting a
   * new screening with those groups.
   */
  id: z.uuid().optional(),
});

export const recommendedCoursesResponse = z.strictObject({
  courses: z.array(
    z.strictObject({
      key: z.string(),
      slug: z.string(),
      title: z.string(),
      summary: z.string(),
      category: areaSchema,
      /** 1 = most recommended. */
      rank: z.number().int().min(1),
      /** Why: the area's result the ranking is based on. */
      reason: z.strictObject({
        area: areaSchema,
        instrument: instrumentSchema,
        band: z.string(),
        severity: z.number().int(),
        score: z.number().int(),
        max: z.number().int(),
        /** What recommended the area: PHQ-9 item 9 above 0 (`self_harm`), or the score's cut-off. */
        criterion: z.enum(["self_harm", "score"]),
      }),
    }),
  ),
  /**
   * Contact healthcare next to any course (docs/clinical/recommendations.md, rules H1–H5): PHQ-9
   * item 9 above 0 now or in the last 14 days, PHQ-9 ≥ 15, GAD-7 ≥ 15, or a reliable worsening.
   */
  healthcare_advice: z.boolean(),
  /**
   * PHQ-9 item 9 above 0 in the basis screening or anywhere in the last 14 days: the main action
   * is getting help now, not a course.
   */
  crisis: z.boolean(),
  /**
   * Which screening the list comes from (the newest completed of either kind); null when there is
   * none yet (`crisis` and `healthcare_advice` still follow a crisis answer of the last 14 days).
   * With a screening and `courses: []`, no course is needed now.
   */
  based_on: z.enum(["light", "extended"]).nullable(),
});
export type RecommendedCourses = z.infer<typeof recommendedCoursesResponse>;

export const evaluationHistoryResponse = z.strictObject({
  series: z.array(
    z.strictObject({
      instrument: instrumentSchema,
      area: areaSchema,
      max: z.number().int(),
      points: z.array(
        z.strictObject({
          /** Seconds since the epoch (§9). */
          at: z.number().int(),
          score: z.number().int(),
          band: z.string(),
          source: z.enum(["screening", "course"]),
          /**
           * PHQ-9 item 9 was answered above 0 in this point's questionnaire: a screening's on its
           * depression area (where it asks the item), a course questionnaire's on its own (each asks it).
           */
          crisis: z.boolean(),
        }),
      ),
    }),
  ),
});
export type EvaluationHistory = z.infer<typeof evaluationHistoryResponse>;
