import type { Locale } from "../../../common/i18n/locales.ts";
import type { CourseQuestion } from "../../../common/instruments/course-questionnaire.ts";
import type { LightScreeningQuestion } from "../../../common/instruments/registry.ts";
import { itemOptions } from "../../../common/instruments/scoring.ts";
import type { Instrument } from "../../../common/instruments/types.ts";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";

/** A screening or course question in one language (the one question shape of the API). */
export function localizeQuestion(question: LightScreeningQuestion | CourseQuestion, locale: Locale): ScreeningQuestion {
  return {
    id: question.id,
    instrument: question.instrument,
    intro: question.intro[locale],
    text: question.text[locale],
    options: question.options.map((option) => ({ value: option.value, label: option.label[locale] })),
    ...("optional" in question && question.optional ? { optional: true as const } : {}),
  };
}

/** Every item of an instrument as questions in one language (an extended-screening group). */
export function instrumentQuestions(instrument: Instrument, locale: Locale): ScreeningQuestion[] {
  return instrument.items.map((item) => ({
    id: item.id,
    instrument: instrument.id,
    intro: instrument.intro[locale],
    text: item.text[locale],
    options: itemOptions(instrument, item).map((option) => ({ value: option.value, label: option.label[locale] })),
    ...(item.unscored ? { optional: true as const } : {}),
  }));
}

/** Validation problems of answers as field errors at `prefix.<item>`. */
export function answerFieldErrors(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([item, code]) => [`${prefix}.${item}`, `answer.${code}`]));
}
