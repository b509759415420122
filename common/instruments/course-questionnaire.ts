import { getInstrument, type LightScreeningQuestion } from "./registry.ts";
import { checkInVersion } from "./recall.ts";
import {
  InvalidAnswersError,
  PHQ9_SAFETY_ITEM,
  isCrisis,
  itemOptions,
  scoreInstrument,
  validateItemAnswers,
} from "./scoring.ts";
import type { Instrument, InstrumentId, InstrumentResult, ValidationResult } from "./types.ts";

/**
 * The questionnaire of a course module: the module's instrument, and PHQ-9 item 9 in every
 * programme (clinical.md: every check-in asks it, not only the depression programme's), so a
 * thought of self-harm is caught wherever the person is. The questions have the shape and item ids
 * of the screenings (`phq9_9`), and the server serves them with the module.
 *
 * - `evaluation`: the baseline and final evaluations, in the published wording.
 * - `check_in`: the post-part screenings every two weeks; a one-month recall window becomes two
 *   weeks (recall.ts).
 */
export type CourseQuestionnaireKind = "evaluation" | "check_in";

/** A course question: the screening question shape, and whether it may be left unanswered. */
export interface CourseQuestion extends LightScreeningQuestion {
  optional?: true;
}

export interface CourseQuestionnaire {
  /** The scored instrument (its check-in wording for a check-in). */
  instrument: Instrument;
  questions: readonly CourseQuestion[];
}

function questionsOf(instrument: Instrument): CourseQuestion[] {
  return instrument.items.map((item) => ({
    id: item.id,
    instrument: instrument.id,
    intro: instrument.intro,
    text: item.text,
    options: itemOptions(instrument, item),
    ...(item.unscored ? { optional: true as const } : {}),
  }));
}

export function courseQuestionnaire(id: InstrumentId, kind: CourseQuestionnaireKind): CourseQuestionnaire {
  const published = getInstrument(id);
  const instrument = kind === "check_in" ? checkInVersion(published) : published;
  const questions = questionsOf(instrument);
  if (!questions.some((question) => question.id === PHQ9_SAFETY_ITEM)) {
    const safety = questionsOf(getInstrument("phq9")).find((question) => question.id === PHQ9_SAFETY_ITEM);
    if (!safety) throw new Error("PHQ-9 has no item 9");
    questions.push(safety);
  }
  return { instrument, questions };
}

/** The kind of questionnaire a module type asks. */
export function questionnaireKind(moduleType: string): CourseQuestionnaireKind {
  return moduleType === "post_part_screening" ? "check_in" : "evaluation";
}

export function validateCourseAnswers(questionnaire: CourseQuestionnaire, answers: unknown): ValidationResult {
  return validateItemAnswers(
    questionnaire.questions.map((question) => ({ id: question.id, options: question.options, ...(question.optional ? { optional: true } : {}) })),
    answers,
  );
}

export interface CourseQuestionnaireResult {
  result: InstrumentResult;
  /** PHQ-9 item 9 above 0. */
  crisis: boolean;
}

/** Scores valid answers: the instrument's own items make the score; item 9 is the crisis check. */
export function scoreCourseAnswers(questionnaire: CourseQuestionnaire, answers: Record<string, number>): CourseQuestionnaireResult {
  const validation = validateCourseAnswers(questionnaire, answers);
  if (!validation.ok) throw new InvalidAnswersError(validation.fields);
  const own: Record<string, number> = {};
  for (const item of questionnaire.instrument.items) {
    const value = validation.answers[item.id];
    if (value !== undefined) own[item.id] = value;
  }
  return { result: scoreInstrument(questionnaire.instrument, own), crisis: isCrisis(validation.answers) };
}
