import type { Locale } from "../../../common/i18n/locales.ts";
import { PHQ9_SAFETY_ITEM, isCrisis } from "../../../common/instruments/scoring.ts";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";
import { CrisisPanel } from "../../components/crisis-panel.tsx";
import { RadioInput } from "../../components/field.tsx";
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
          <QuestionFieldset
            question={question}
            number={index + 1}
            answer={answers[question.id]}
            missing={missing.includes(question.id)}
            onAnswer={(value) => onAnswer(question.id, value)}
          />
          {question.id === PHQ9_SAFETY_ITEM ? (
            <div role="alert">{isCrisis(answers) ? <CrisisPanel locale={locale} context="answer" headingId="crisis-now" /> : null}</div>
          ) : null}
        </div>
      ))}
    </>
  );
}

/** One question: its number and text as the legend, its options as radio buttons. */
export function QuestionFieldset({
  question,
  number,
  answer,
  missing,
  onAnswer,
}: {
  question: Pick<ScreeningQuestion, "id" | "text" | "options">;
  number: number;
  answer: number | undefined;
  missing: boolean;
  onAnswer: (value: number) => void;
}) {
  return (
    <fieldset
      id={`q-${question.id}`}
      tabIndex={-1}
      className={missing ? "question question--missing" : "question"}
      aria-invalid={missing || undefined}
    >
      <legend>
        <span className="question__number">{number}. </span>
        {question.text}
      </legend>
      <div className="question__options">
        {question.options.map((option) => (
          <label key={option.value} className="option">
            <RadioInput name={question.id} value={option.value} checked={answer === option.value} onChange={() => onAnswer(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}


/** The ids of questions without an answer; focuses the first of them. */
export function unansweredQuestions(questions: readonly ScreeningQuestion[], answers: Record<string, number>): string[] {
  const missing = questions.filter((q) => !q.optional && answers[q.id] === undefined).map((q) => q.id);
  if (missing[0]) document.getElementById(`q-${missing[0]}`)?.focus();
  return missing;
}
