import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { SafetyCheck, SafetyCheckResult } from "../../../common/schemas/courses.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo } from "../../lib/api/error-message.ts";
import { QuestionFieldset } from "../screening/question-list.tsx";

/** What the check found: the window is for you now, or why not and what to do instead. */
function Outcome({ check }: { check: SafetyCheck }) {
  const { t } = useTranslation();
  if (check.state !== "withheld") {
    return (
      <Notice tone="info" title={t("course.safetyCheck.clearHeading")}>
        <p>{t("course.safetyCheck.clearText")}</p>
      </Notice>
    );
  }
  return (
    <section className="card card--soft stack stack--sm" aria-labelledby="check-withheld">
      <h2 id="check-withheld">{t("course.safetyCheck.withheldHeading")}</h2>
      {check.reasons.includes("answers") ? <p>{t("course.safetyCheck.reasonAnswers")}</p> : null}
      {check.reasons.includes("screening") ? <p>{t("course.safetyCheck.reasonScreening")}</p> : null}
      <p>
        <strong>{t("course.safetyCheck.doctor")}</strong>
      </p>
      <p>{t("course.safetyCheck.instead")}</p>
    </section>
  );
}

/**
 * The sleep window's safety check (rule G1): yes/no questions, sent to the server, which decides.
 * Any "yes" (or the screening, G2) withholds the window: the person is told why, advised to talk
 * to a doctor, and offered the stimulus-control path instead.
 */
export function SafetyCheckForm({ moduleId, check, completed }: { moduleId: string; check: SafetyCheck; completed: boolean }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [result, setResult] = useState<SafetyCheck | null>(null);
  const [again, setAgain] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = result ?? (completed && check.answered && !again ? check : null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const unanswered = check.questions.filter((q) => answers[q.id] === undefined).map((q) => q.id);
    setMissing(unanswered);
    if (unanswered[0]) {
      document.getElementById(`q-${unanswered[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await browserApi().post<SafetyCheckResult>(`/safety-checks/${moduleId}/`, { answers });
      setResult(response.check);
      setAgain(false);
      await revalidator.revalidate();
    } catch (e) {
      setError(`errors.codes.${errorInfo(e).code}`);
    } finally {
      setBusy(false);
    }
  }

  if (shown) {
    return (
      <div className="stack" aria-live="polite">
        <Outcome check={shown} />
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setResult(null);
              setAnswers({});
              setAgain(true);
            }}
          >
            {t("course.safetyCheck.answerAgain")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="stack safety-check" onSubmit={(e) => void submit(e)} noValidate>
      <p className="lead">{check.intro}</p>
      {missing.length ? (
        <Notice tone="warning" role="alert">
          {t("course.answerAll", { count: missing.length })}
        </Notice>
      ) : null}
      {check.questions.map((question, index) => (
        <QuestionFieldset
          key={question.id}
          question={question}
          number={index + 1}
          answer={answers[question.id]}
          missing={missing.includes(question.id)}
          onAnswer={(value) => {
            setAnswers((a) => ({ ...a, [question.id]: value }));
            setMissing((m) => m.filter((id) => id !== question.id));
          }}
        />
      ))}
      {error ? (
        <Notice tone="warning" role="alert">
          {t(error)}
        </Notice>
      ) : null}
      <Button type="submit" variant="primary" size="lg" disabled={busy}>
        {t("course.sendAnswers")}
      </Button>
    </form>
  );
}
