import { QUESTIONNAIRE_MODULE_TYPES } from "../../../common/content/schema.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import { courseQuestionnaire, questionnaireKind } from "../../../common/instruments/course-questionnaire.ts";
import { isInstrumentId } from "../../../common/instruments/registry.ts";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";
import { localizeQuestion } from "../screening/questions.ts";
import type { ModuleRow } from "./course-structure.ts";

/**
 * The questions of an evaluation or check-in module in one language, in the shape and with the
 * item ids of the screenings (PHQ-9 item 9 is `phq9_9` everywhere), so a client needs no copy of
 * the questionnaires. Undefined for any other module.
 */
export function moduleQuestions(module: Pick<ModuleRow, "type" | "settings">, locale: Locale): ScreeningQuestion[] | undefined {
  if (!QUESTIONNAIRE_MODULE_TYPES.has(module.type)) return undefined;
  const id = String(module.settings.instrument);
  if (!isInstrumentId(id)) return undefined;
  return courseQuestionnaire(id, questionnaireKind(module.type)).questions.map((question) => localizeQuestion(question, locale));
}
