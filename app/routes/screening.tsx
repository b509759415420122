import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useNavigate, useSearchParams } from "react-router";
import type { AreaResult } from "../../common/schemas/screening.ts";
import { Notice } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { ExpiredWithHelp } from "../features/screening/expired-with-help.tsx";
import { handleScreeningError } from "../features/screening/handle-screening-error.ts";
import { isCrisis } from "../../common/instruments/scoring.ts";
import { QuestionList, unansweredQuestions } from "../features/screening/question-list.tsx";
import { LightResults } from "../features/screening/light-results.tsx";
import { ScreeningStats } from "../features/screening/screening-stats.tsx";
import { useOnboardingCheck } from "../features/screening/use-onboarding-check.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { submissionIds } from "../lib/api/submission-id.ts";
import { useKeptAnswers } from "../lib/form/kept-answers.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/screening";
import type * as AreaResultsModule from "../features/screening/area-results.tsx";
// The results' styles load with the page (a stylesheet added later would come after the themes).
import "../features/screening/screening.css";

/** Response schemas (checked in development) and the results view load only when needed. */
const screeningSchemas = () => import("../../common/schemas/screening.ts");
let areaResultsCode: Promise<typeof AreaResultsModule> | undefined;
/** The results view's code once it is here: drawn at once, without the lazy wrapper's suspension. */
let areaResultsLoaded: typeof AreaResultsModule | undefined;
/** The results view's code, asked for once (again after a failure). */
function loadAreaResults() {
  areaResultsCode ??= import("../features/screening/area-results.tsx").then(
    (module) => (areaResultsLoaded = module),
    (error: unknown) => {
      areaResultsCode = undefined;
      throw error;
    },
  );
  return areaResultsCode;
}
const AreaResults = lazy(() => loadAreaResults().then((m) => ({ default: m.AreaResults })));
/** How long the results wait for their view's code before they show without it (then it follows). */
const RESULTS_CODE_WAIT_MS = 2000;

const screenGuards = guards("screening");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** The questions are public: rendered on the server in the page's language. */
const data = screenData("screening", async ({ api }) => api.get(`/screening/`, { schema: () => screeningSchemas().then((m) => m.lightScreeningResponse) }));
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
  const [result, setResult] = useState<{ areas: AreaResult[]; crisis: boolean; healthcare_advice: boolean } | null>(null);
  // Sent here to screen before starting a course (409 screening.required): back to it afterwards.
  const [search] = useSearchParams();
  const course = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(search.get("kurs") ?? "") ? search.get("kurs") : null;
  const [failed, setFailed] = useState(false);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const screeningIds = useRef(submissionIds());
  // The results' view is fetched while the person answers, so that the results appear whole: the
  // next step no longer moves down under the pointer when the areas come after them.
  useEffect(() => {
    loadAreaResults().catch(() => undefined);
  }, []);
  // A logged-in person's answers chosen and not yet sent survive a session that ended meanwhile.
  const kept = useKeptAnswers({
    name: "answers:screening-light",
    questions,
    answers,
    unsent: result === null,
    onRestore: (restored) => setAnswers((current) => ({ ...current, ...restored })),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const unanswered = unansweredQuestions(questions, answers);
    setMissing(unanswered);
    if (unanswered.length) return;
    setBusy(true);
    setFailed(false);
    try {
      // The same answers sent again (a retry after a failure) keep their id: stored once.
      const id = screeningIds.current.for(answers);
      const sent = await browserApi().post("/screening/", { answers, id }, { schema: () => screeningSchemas().then((m) => m.lightScreeningResultResponse) });
      // Normally here long before; never waited for long, and a failure is left to the view's
      // boundary: the form's crisis information stays on screen meanwhile.
      await Promise.race([loadAreaResults().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, RESULTS_CODE_WAIT_MS))]);
      setResult(sent);
      screeningIds.current.done();
      kept.forget();
      window.scrollTo(0, 0);
      requestAnimationFrame(() => resultHeading.current?.focus());
    } catch (error) {
      const outcome = handleScreeningError(error, "light screening", navigate, locale, isCrisis(answers));
      setFailed(outcome === "failed");
      setExpired(outcome === "expired");
    } finally {
      setBusy(false);
    }
  }

  if (result) {
    return (
      <LightResults
        result={result}
        course={course}
        locale={locale}
        headingRef={resultHeading}
        areas={
          // Drawn with the results when its code is here (the usual case): a lazy component suspends
          // once even then, and its "loading" line would stand in the areas' place for a moment.
          areaResultsLoaded ? (
            <areaResultsLoaded.AreaResults areas={result.areas} locale={locale} headingLevel={2} crisis={result.crisis} />
          ) : (
            <Suspense fallback={<p role="status">{t("screening.loading")}</p>}>
              <AreaResults areas={result.areas} locale={locale} headingLevel={2} crisis={result.crisis} />
            </Suspense>
          )
        }
        stats={<ScreeningStats locale={locale} />}
      />
    );
  }

  return (
    <ScreenIntro id="screening">
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        {course ? <Notice tone="info">{t("errors.codes.screening.required")}</Notice> : null}
        {kept.restored ? <Notice tone="info">{t("screening.answersRestored")}</Notice> : null}
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
        {expired ? <ExpiredWithHelp locale={locale} /> : null}
        <Button type="submit" variant="primary" size="lg" disabled={busy}>
          {t("screening.light.send")}
        </Button>
      </form>
    </ScreenIntro>
  );
}
