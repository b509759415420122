import { CHECK_INTRO, CHECK_OPTIONS, SLEEP_WINDOW_CHECK, sleepWindowQuestions } from "../../../common/clinical/sleep-window-check.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { SafetyCheck } from "../../../common/schemas/courses.ts";
import type { SleepWindowState } from "./sleep-window-state.ts";

/** The sleep window's safety check in one language, with the outcome so far. */
export function safetyCheckView(state: SleepWindowState, locale: Locale): SafetyCheck {
  return {
    id: SLEEP_WINDOW_CHECK,
    intro: CHECK_INTRO[locale],
    questions: sleepWindowQuestions.map((question) => ({
      id: question.id,
      text: question.text[locale],
      options: CHECK_OPTIONS.map((option) => ({ value: option.value, label: option.label[locale] })),
    })),
    state: state.state,
    reasons: state.reasons,
    answered: state.answered,
  };
}
