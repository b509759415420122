import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import type { ModuleContent } from "../../../common/schemas/courses.ts";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { PHQ9_SAFETY_ITEM, isCrisis } from "../../../common/instruments/scoring.ts";
import { selfHarmOverBand } from "../../../common/clinical/self-harm.ts";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CrisisPanel } from "../../components/crisis-panel.tsx";
import { GetHelpNow } from "../../components/get-help-now.tsx";
import { QuestionList, unansweredQuestions } from "../screening/question-list.tsx";
import { dateTimeFormat } from "../../../common/i18n/formatters.ts";
import { useKeptAnswers } from "../../lib/form/kept-answers.ts";
import { SessionEndedWithHelp } from "./session-ended-with-help.tsx";

export interface EvaluationResult {
  score: number;
  max: number;
  band: string;
  crisis: boolean;
  healthcare_advice: boolean;
}

/**
 * A course questionnaire: the questions the module serves (its instrument's, and PHQ-9 item 9 in
 * every programme), in the screenings' markup. Item 9 above 0 shows the crisis information at
 * once, before anything is sent, and again with the result, where getting help now is the main
 * action. A course's first questionnaire may start from a recent extended screening's answers.
 * Answers chosen and not yet sent are kept for the tab under `draftName` (lib/form/kept-answers.ts)
 * and come back when the questionnaire is opened again, after a session that ended meanwhile.
 */
export function EvaluationForm({
  instrumentId,
  questions,
  locale,
  carried,
  draftName,
  onSubmit,
  onNext,
}: {
  instrumentId: string;
  /** Where unsent answers are kept for the tab (one name per questionnaire). */
  draftName?: string;
  questions: readonly ScreeningQuestion[];
  locale: Locale;
  /** Answers from a recent extended screening (a course's first questionnaire). */
  carried?: ModuleContent["carried"];
  /**
   * Sends the answers (`crisis`: PHQ-9 item 9 above 0 in them). The result; "session-ended": not
   * sent, the session had ended (the answers show the crisis panel).
   */
  onSubmit: (answers: Record<string, number>, crisis: boolean) => Promise<EvaluationResult | "session-ended" | null>;
  /** The way on under the result ("Next"). */
  onNext?: () => void;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, number>>(() => ({ ...carried?.answers }));
  const [missing, setMissing] = useState<string[]>([]);
  const [result, setResult] = useState<EvaluationResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [answerAgain, setAnswerAgain] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  /** The person has chosen answers of their own that have not gone through yet. */
  const [touched, setTouched] = useState(false);
  const instrument = isInstrumentId(instrumentId) ? getInstrument(instrumentId) : undefined;
  const crisis = isCrisis(answers) || Boolean(result?.crisis);
  // Offered when they answer every question the module asks but item 9, which every check-in
  // asks afresh (clinical.md) and the card asks with them.
  const notCarried = carried ? unansweredIn(questions, carried.answers) : [];
  const offerCarried = Boolean(carried) && notCarried.every((id) => id === PHQ9_SAFETY_ITEM);
  const askedOnCard = questions.filter((q) => notCarried.includes(q.id));
  const kept = useKeptAnswers({
    name: draftName ?? null,
    questions,
    answers,
    unsent: touched && !result,
    onRestore: (restored) => {
      setAnswers((current) => ({ ...current, ...restored }));
      setTouched(true);
      // Answers changed beyond the card's own questions were given in the whole form.
      if (Object.keys(restored).some((id) => restored[id] !== carried?.answers[id] && !notCarried.includes(id))) setAnswerAgain(true);
    },
  });
  const restoredNotice = kept.restored ? <Notice tone="info">{t("screening.answersRestored")}</Notice> : null;

  async function send(values: Record<string, number>) {
    setBusy(true);
    try {
      const sent = await onSubmit(values, isCrisis(values));
      setSessionEnded(sent === "session-ended");
      if (sent === "session-ended") return;
      if (sent) kept.forget();
      setResult(sent);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const unanswered = unansweredQuestions(questions, answers);
    setMissing(unanswered);
    if (unanswered.length) return;
    await send(answers);
  }

  function answer(id: string, value: number) {
    setAnswers((current) => ({ ...current, [id]: value }));
    setTouched(true);
    setMissing((current) => current.filter((m) => m !== id));
  }

  if (result) return <EvaluationResultView instrumentId={instrumentId} result={result} crisis={crisis} locale={locale} onNext={onNext} />;

  // The questions were answered in the extended screening within their time frame: use those
  // answers as the starting point instead of asking again (or answer again, starting from them).
  if (offerCarried && carried && instrument && !answerAgain) {
    const date = dateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, { dateStyle: "long" }).format(new Date(carried.at * 1000));
    const useCarried = () => {
      const unanswered = unansweredQuestions(askedOnCard, answers);
      setMissing(unanswered);
      if (unanswered.length === 0) void send({ ...carried.answers, ...answers });
    };
    return (
      <section className="card card--soft stack stack--md evaluation-carried" aria-labelledby="evaluation-carried">
        <h2 id="evaluation-carried">{t("course.carried.title")}</h2>
        <p>{t("course.carried.text", { date, title: instrument.title[locale] })}</p>
        {restoredNotice}
        {askedOnCard.length > 0 ? (
          <>
            {missing.length ? (
              <Notice tone="warning" role="alert">
                {t("course.answerAll", { count: missing.length })}
              </Notice>
            ) : null}
            <QuestionList questions={askedOnCard} answers={answers} missing={missing} onAnswer={answer} locale={locale} />
          </>
        ) : null}
        {sessionEnded ? <SessionEndedWithHelp /> : null}
        <div className="cluster">
          <Button variant="primary" size="lg" busy={busy} onClick={useCarried}>
            {t("course.carried.use")}
          </Button>
          <Button variant="secondary" size="lg" onClick={() => setAnswerAgain(true)}>
            {t("course.carried.again")}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form className="stack evaluation-form" onSubmit={(e) => void submit(e)} noValidate>
      {restoredNotice}
      {missing.length ? (
        <Notice tone="warning" role="alert">
          {t("course.answerAll", { count: missing.length })}
        </Notice>
      ) : null}
      <QuestionList
        questions={questions}
        answers={answers}
        missing={missing}
        onAnswer={answer}
        locale={locale}
      />
      {sessionEnded ? <SessionEndedWithHelp /> : null}
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {t("course.sendAnswers")}
      </Button>
    </form>
  );
}

/**
 * The result of a course questionnaire. After item 9 above 0 (`crisis`) the crisis information and
 * "get help now" come first and are the main action ("Next" is not), and the mood questionnaire's
 * band never says what it alone would ("not affecting you much"): the thoughts of death or
 * self-harm weigh more than the points.
 */
export function EvaluationResultView({
  instrumentId,
  result,
  crisis,
  locale,
  onNext,
}: {
  instrumentId: string;
  result: EvaluationResult;
  crisis: boolean;
  locale: Locale;
  onNext?: () => void;
}) {
  const { t } = useTranslation();
  const instrument = isInstrumentId(instrumentId) ? getInstrument(instrumentId) : undefined;
  const band = instrument?.bands.find((b) => b.id === result.band);
  // The form that was sent (and its focused button) is gone: focus moves to the result, which is
  // read from its start (the crisis information first), as the contact form's confirmation is.
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => view.current?.focus(), []);
  return (
    <div className="stack" aria-live="polite" ref={view} tabIndex={-1}>
      {crisis ? (
        <>
          <CrisisPanel locale={locale} context="answer" headingId="crisis-result" />
          <GetHelpNow locale={locale} headingId="help-now-result" />
        </>
      ) : null}
      <h2>{t("course.resultHeading")}</h2>
      <p>{t("course.resultScore", { score: result.score, max: result.max })}</p>
      {band ? (
        <>
          {selfHarmOverBand(crisis, instrument?.area) ? null : <p className="evaluation-band">{band.label[locale]}</p>}
          <p>{selfHarmOverBand(crisis, instrument?.area) ? t("screening.selfHarmMeaning") : band.meaning[locale]}</p>
        </>
      ) : null}
      {result.healthcare_advice ? <Notice tone="info">{t("course.healthcareAdvice")}</Notice> : null}
      {onNext ? (
        <div>
          <Button variant={crisis ? "secondary" : "primary"} size="lg" onClick={onNext}>
            {t("course.next")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The required questions without an answer (no focus moved: for deciding, not for the form). */
function unansweredIn(questions: readonly ScreeningQuestion[], answers: Record<string, number>): string[] {
  return questions.filter((q) => !q.optional && answers[q.id] === undefined).map((q) => q.id);
}
