import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { Locale } from "../../../common/i18n/locales.ts";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import { isCrisis, itemOptions } from "../../../common/instruments/scoring.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { CrisisPanel } from "../../components/crisis-panel.tsx";

export interface EvaluationResult {
  score: number;
  max: number;
  band: string;
  crisis: boolean;
  healthcare_advice: boolean;
}

/**
 * A course questionnaire: one group of options per item. PHQ-9 item 9 above 0 shows the crisis
 * information at once, before anything is sent, and again with the result.
 */
export function EvaluationForm({
  instrumentId,
  locale,
  onSubmit,
}: {
  instrumentId: string;
  locale: Locale;
  onSubmit: (answers: Record<string, number>) => Promise<EvaluationResult | null>;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [result, setResult] = useState<EvaluationResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!isInstrumentId(instrumentId)) return null;
  const instrument = getInstrument(instrumentId);
  const crisis = isCrisis(answers) || Boolean(result?.crisis);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const unanswered = instrument.items.filter((item) => answers[item.id] === undefined).map((item) => item.id);
    setMissing(unanswered);
    if (unanswered.length) {
      document.getElementById(`q-${unanswered[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      setResult(await onSubmit(answers));
    } finally {
      setBusy(false);
    }
  }

  if (result) {
    const band = instrument.bands.find((b) => b.id === result.band);
    return (
      <div className="stack" aria-live="polite">
        {crisis ? <CrisisPanel locale={locale} headingId="crisis-result" /> : null}
        <h2>{t("course.resultHeading")}</h2>
        <p>{t("course.resultScore", { score: result.score, max: result.max })}</p>
        {band ? (
          <>
            <p className="evaluation-band">{band.label[locale]}</p>
            <p>{band.meaning[locale]}</p>
          </>
        ) : null}
        {result.healthcare_advice ? <Notice tone="info">{t("course.healthcareAdvice")}</Notice> : null}
      </div>
    );
  }

  return (
    <form className="stack evaluation-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="lead">{instrument.intro[locale]}</p>
      {missing.length ? (
        <Notice tone="warning" role="alert">
          {t("course.answerAll", { count: missing.length })}
        </Notice>
      ) : null}
      {instrument.items.map((item, index) => (
        <fieldset
          key={item.id}
          id={`q-${item.id}`}
          tabIndex={-1}
          className={missing.includes(item.id) ? "question question--missing" : "question"}
          aria-invalid={missing.includes(item.id) || undefined}
        >
          <legend>
            <span className="question__number">{index + 1}. </span>
            {item.text[locale]}
          </legend>
          <div className="question__options">
            {itemOptions(instrument, item).map((option) => (
              <label key={option.value} className="option">
                <input
                  type="radio"
                  name={item.id}
                  value={option.value}
                  checked={answers[item.id] === option.value}
                  onChange={() => setAnswers((a) => ({ ...a, [item.id]: option.value }))}
                />
                <span>{option.label[locale]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div role="alert">{crisis ? <CrisisPanel locale={locale} headingId="crisis-now" /> : null}</div>
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {t("course.sendAnswers")}
      </Button>
    </form>
  );
}
