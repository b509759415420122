import type { Locale } from "../../../common/i18n/locales.ts";
import { PHQ9_SAFETY_ITEM, isCrisis } from "../../../common/instruments/scoring.ts";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";
import { CrisisPanel } from "../../components/crisis-panel.tsx";
import "../courses/courses.css";

/**
 * Questions as groups of radio buttons, the question stem (with its time frame) shown above each
 * run of questions that share it. The same markup as the course questionnaires. Right after PHQ-9
 * item 9 (thoughts of self-harm) a live region shows the crisis information as soon as it is
 * answered above 0 — the safety rule of clinical.md, here once for every screening.
 */
export function QuestionList({
  questions,
  answers,
  missing,
  onAnswer,
  locale,
}: {
  questions: readonly ScreeningQuestion[];
  answers: Record<string, number>;
  missing: readonly string[];
  onAnswer: (id: string, value: number) => void;
  locale: Locale;
}) {
  return (
    <>
      {questions.map((question, index) => (
        <div key={question.id} className="stack stack--sm">
          {index === 0 || questions[index - 1]?.intro !== question.intro ? <p className="lead">{question.intro}</p> : null}
          <fieldset
            id={`q-${question.id}`}
            tabIndex={-1}
            className={missing.includes(question.id) ? "question question--missing" : "question"}
            aria-invalid={missing.includes(question.id) || undefined}
          >
            <legend>
              <span className="question__number">{index + 1}. </span>
              {question.text}
            </legend>
            <div className="question__options">
              {question.options.map((option) => (
                <label key={option.value} className="option">
                  <input
                    type="radio"
                    name={question.id}
                    value={option.value}
                    checked={answers[question.id] === option.value}
                    onChange={() => onAnswer(question.id, option.value)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {question.id === PHQ9_SAFETY_ITEM ? (
            <div role="alert">{isCrisis(answers) ? <CrisisPanel locale={locale} context="answer" headingId="crisis-now" /> : null}</div>
          ) : null}
        </div>
      ))}
    </>
  );
}

/** The ids of questions without an answer; focuses the first of them. */
export function unansweredQuestions(questions: readonly ScreeningQuestion[], answers: Record<string, number>): string[] {
  const missing = questions.filter((q) => !q.optional && answers[q.id] === undefined).map((q) => q.id);
  if (missing[0]) document.getElementById(`q-${missing[0]}`)?.focus();
  return missing;
}
