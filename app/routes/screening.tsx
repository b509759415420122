import { Suspense, lazy, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { Link, useNavigate } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import type { AreaResult } from "../../common/schemas/screening.ts";
import { Notice } from "../components/alert.tsx";
import { Button, buttonClassName } from "../components/button.tsx";
import { CrisisPanel } from "../components/crisis-panel.tsx";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { handleScreeningError } from "../features/screening/handle-screening-error.ts";
import { QuestionList, unansweredQuestions } from "../features/screening/question-list.tsx";
import { ScreeningStats } from "../features/screening/screening-stats.tsx";
import { useOnboardingCheck } from "../features/screening/use-onboarding-check.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/screening";
// The results' styles load with the page (a stylesheet added later would come after the themes).
import "../features/screening/screening.css";

/** Response schemas (checked in development) and the results view load only when needed. */
const screeningSchemas = () => import("../../common/schemas/screening.ts");
const AreaResults = lazy(() => import("../features/screening/area-results.tsx").then((m) => ({ default: m.AreaResults })));

const screenGuards = guards("screening");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The questions are public: rendered on the server in the page's language. */
const data = screenData("screening", async ({ api, locale }) => api.get(`/screening/?locale=${locale}`, { schema: () => screeningSchemas().then((m) => m.lightScreeningResponse) }));
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function ScreeningScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, questions } = loaderData;
  const navigate = useNavigate();
  useOnboardingCheck(locale);
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [result, setResult] = useState<{ areas: AreaResult[]; crisis: boolean } | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const unanswered = unansweredQuestions(questions, answers);
    setMissing(unanswered);
    if (unanswered.length) return;
    setBusy(true);
    setFailed(false);
    try {
      setResult(await browserApi().post("/screening/", { answers }, { schema: () => screeningSchemas().then((m) => m.lightScreeningResultResponse) }));
      window.scrollTo(0, 0);
      requestAnimationFrame(() => resultHeading.current?.focus());
    } catch (error) {
      if (!handleScreeningError(error, "light screening", navigate, locale)) setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (result) {
    return (
      <div className="page stack">
        {/* Safety first: the crisis information comes before any score. */}
        {result.crisis ? <CrisisPanel locale={locale} headingId="crisis-result" /> : null}
        <h1 ref={resultHeading} tabIndex={-1}>
          {t("screening.light.resultsHeading")}
        </h1>
        <p className="lead">{t("screening.light.resultsIntro")}</p>
        <Suspense fallback={<p role="status">{t("screening.loading")}</p>}>
          <AreaResults areas={result.areas} locale={locale} headingLevel={2} />
        </Suspense>
        <section className="card card--soft stack stack--sm" aria-labelledby="next-step">
          <h2 id="next-step">{t("screening.light.nextHeading")}</h2>
          <p>{t("screening.light.next")}</p>
          <Link className={buttonClassName("primary", "lg")} to={pathTo("extendedScreening", locale)}>
            {t("screening.light.toExtended")}
          </Link>
        </section>
        <ScreeningStats locale={locale} />
      </div>
    );
  }

  return (
    <ScreenIntro id="screening">
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        {missing.length ? (
          <Notice tone="warning" role="alert">
            {t("screening.answerAll", { count: missing.length })}
          </Notice>
        ) : null}
        <QuestionList
          questions={questions}
          answers={answers}
          missing={missing}
          onAnswer={(id, value) => {
            setAnswers((current) => ({ ...current, [id]: value }));
            setMissing((current) => current.filter((m) => m !== id));
          }}
          locale={locale}
        />
        {failed ? (
          <Notice tone="warning" role="alert">
            {t("screening.saveFailed")}
          </Notice>
        ) : null}
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {t("screening.light.send")}
        </Button>
      </form>
    </ScreenIntro>
  );
}
