import { Suspense, lazy, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { LOCALE_SETTINGS } from "../../common/i18n/locales.ts";
import { isCrisis } from "../../common/instruments/scoring.ts";
import type { ExtendedScreening, ScreeningQuestion } from "../../common/schemas/screening.ts";
import { Notice } from "../components/alert.tsx";
import { Button } from "../components/button.tsx";
import { CrisisPanel } from "../components/crisis-panel.tsx";
import { GetHelpNow } from "../components/get-help-now.tsx";
import { ScreenIntro } from "../components/screen-intro.tsx";
import { ExpiredWithHelp } from "../features/screening/expired-with-help.tsx";
import { handleScreeningError } from "../features/screening/handle-screening-error.ts";
import { HealthcareAdvice } from "../features/screening/healthcare-advice.tsx";
import { LoadFailed } from "../features/screening/load-failed.tsx";
import { QuestionList, unansweredQuestions } from "../features/screening/question-list.tsx";
import { useApiData } from "../features/screening/use-api-data.ts";
import { useLoggedIn, useOnboardingCheck } from "../features/screening/use-onboarding-check.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { newSubmissionId } from "../lib/api/submission-id.ts";
import { useKeptAnswers } from "../lib/form/kept-answers.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/extended-screening";
// The results' styles load with the page (a stylesheet added later would come after the themes).
import "../components/history-chart.css";
import "../features/screening/screening.css";
import { dateTimeFormat } from "../../common/i18n/formatters.ts";
import type * as ExtendedResultsModule from "../features/screening/extended-results.tsx";

const loadExtendedScreeningResponse = () => import("../../common/schemas/screening.ts").then((m) => m.extendedScreeningResponse);
/** The questionnaires' texts (all four languages) load with the screening, not with the page. */
const loadInstruments = () => import("../../common/instruments/registry.ts");
let resultsCode: Promise<typeof ExtendedResultsModule> | undefined;
/** The results view's code once it is here: drawn at once, without the lazy wrapper's suspension. */
let resultsLoaded: typeof ExtendedResultsModule | undefined;
/** The results view's code (shown once every group is done), asked for once (again after a failure). */
function loadResults() {
  resultsCode ??= import("../features/screening/extended-results.tsx").then(
    (module) => (resultsLoaded = module),
    (error: unknown) => {
      resultsCode = undefined;
      throw error;
    },
  );
  return resultsCode;
}
/**
 * Waits for the results' code, never for long (normally here already): the results then appear
 * whole instead of in parts that push what follows down. A failure is left to the lazy view.
 */
const resultsCodeOrTimeout = () => Promise.race([loadResults().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]);
const ExtendedResults = lazy(() => loadResults().then((m) => ({ default: m.ExtendedResults })));

/**
 * The group to answer next: the first not completed (all of them again when `again` after the
 * results), with the answers carried forward into it; null while the results are shown.
 */
function currentGroup(view: ExtendedScreening, again: boolean) {
  const restarting = again && view.results !== null;
  if (view.results && !again) return null;
  const groups = view.groups.map((g) => ({ ...g, completed: restarting ? false : g.completed }));
  const index = groups.findIndex((g) => !g.completed);
  const group = groups[index];
  if (!group) return null;
  const carried: Record<string, number> = restarting ? {} : (view.carried?.groups[group.id] ?? {});
  // Kept per screening (a new one while it has no id) and group.
  const draftName = `answers:screening-extended:${(!restarting && view.id) || "new"}:${group.id}`;
  return { restarting, groups, index, group, carried, draftName };
}

const NO_QUESTIONS: readonly ScreeningQuestion[] = [];

const screenGuards = guards("extendedScreening");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

const data = screenData("extendedScreening");
export const loader = data.loader;
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

/**
 * The extended screening: one group per questionnaire, answered one at a time, each saved at
 * once (token header for visitors, session for users), so a later visit resumes. The server
 * scores; when every group is done the results, recommended courses and (logged in) the history.
 */
export default function ExtendedScreeningScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = loaderData;
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  useOnboardingCheck(locale);
  const load = useApiData("extended screening", async () => {
    const [screening, instruments] = await Promise.all([
      browserApi().get(`/screening-extended/`, { schema: loadExtendedScreeningResponse }),
      loadInstruments(),
    ]);
    if (screening.results) await resultsCodeOrTimeout();
    return { screening, getInstrument: instruments.getInstrument };
  });
  const [saved, setSaved] = useState<ExtendedScreening | null>(null);
  const [again, setAgain] = useState(false);
  /** The answers changed in this group; until then the group shows what was carried forward. */
  const [edited, setEdited] = useState<Record<string, number> | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [failed, setFailed] = useState(false);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The id a new screening starts with, kept for a retry until a save goes through. */
  const newScreening = useRef<string | null>(null);

  const loaded = load.result.state === "ready" ? load.result.data : null;
  const view = saved ?? loaded?.screening ?? null;
  const current = view && loaded ? currentGroup(view, again) : null;
  // A logged-in person's answers to the group, chosen and not yet saved, survive a session that
  // ended meanwhile (the forced logout's page load).
  const kept = useKeptAnswers({
    name: current?.draftName ?? null,
    questions: current?.group.questions ?? NO_QUESTIONS,
    answers: edited ?? {},
    unsent: edited !== null,
    onRestore: (restored) => setEdited({ ...current?.carried, ...restored }),
  });
  if (!view || !loaded) {
    return (
      <ScreenIntro id="extendedScreening" className="extended-screening">
        {load.result.state === "failed" ? <LoadFailed onRetry={load.retry} /> : <p role="status">{t("screening.loading")}</p>}
      </ScreenIntro>
    );
  }

  // The results, unless the person chose to answer again (currentGroup is then the first group).
  if (view.results && !again) {
    return (
      <div className="page stack extended-screening">
        {/* The heading first (it takes focus), the crisis information right after it. */}
        <h1 ref={heading} tabIndex={-1}>
          {t("screening.extended.resultsHeading")}
        </h1>
        {view.crisis ? (
          <>
            <CrisisPanel locale={locale} context="answer" headingId="crisis-result" />
            <GetHelpNow locale={locale} />
          </>
        ) : null}
        <p className="lead">{t("screening.extended.resultsIntro")}</p>
        {/* From the results themselves, so the advice stands even when the recommendations cannot be loaded. */}
        {view.results.healthcare_advice ? <HealthcareAdvice /> : null}
        {resultsLoaded ? (
          // Drawn with the results when its code is here (the usual case): a lazy component
          // suspends once even then, and its "loading" line would stand in their place.
          <resultsLoaded.ExtendedResults areas={view.results.areas} locale={locale} crisis={view.crisis} advice={view.results.healthcare_advice} loggedIn={loggedIn} />
        ) : (
          <Suspense fallback={<p role="status">{t("screening.loading")}</p>}>
            <ExtendedResults areas={view.results.areas} locale={locale} crisis={view.crisis} advice={view.results.healthcare_advice} loggedIn={loggedIn} />
          </Suspense>
        )}
        <div>
          <Button type="button" variant="secondary" onClick={() => setAgain(true)}>
            {t("screening.extended.again")}
          </Button>
        </div>
      </div>
    );
  }

  if (!current) return null;
  const { restarting, groups, index, group, carried } = current;
  const done = groups.filter((g) => g.completed).length;
  const instrument = loaded.getInstrument(group.instrument);
  const carriedCount = Object.keys(carried).length;
  const answers = edited ?? carried;
  const crisisNow = isCrisis(answers) || (view.crisis && !restarting);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!group) return;
    const unanswered = unansweredQuestions(group.questions, answers);
    setMissing(unanswered);
    if (unanswered.length) return;
    setBusy(true);
    setFailed(false);
    try {
      // The screening in progress, or a new one: the save that completes it, sent again after an
      // answer that never arrived, is answered with its results instead of starting another.
      const id = (!restarting && view?.id) || (newScreening.current ??= newSubmissionId());
      const next = await browserApi().post(`/screening-extended/`, { groups: { [group.id]: { answers } }, id }, { schema: loadExtendedScreeningResponse });
      // The last group: the results' code first, so that they appear whole. The form and its
      // crisis information stay on screen meanwhile.
      if (next.results) await resultsCodeOrTimeout();
      newScreening.current = null;
      kept.forget();
      setSaved(next);
      setAgain(false);
      setEdited(null);
      window.scrollTo(0, 0);
      requestAnimationFrame(() => heading.current?.focus());
    } catch (error) {
      const outcome = handleScreeningError(error, "extended screening", navigate, locale, crisisNow);
      setFailed(outcome === "failed");
      setExpired(outcome === "expired");
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScreenIntro id="extendedScreening" className="extended-screening">
      <div className="stack stack--sm">
        <label htmlFor="screening-progress">{t("screening.extended.progress", { done, total: groups.length })}</label>
        <progress id="screening-progress" className="screening-progress" value={done} max={groups.length} />
        {/* "Welcome back" only on coming back, not right after saving a group in this visit. */}
        {done > 0 && !restarting && saved === null ? <p className="muted">{t("screening.extended.resume")}</p> : null}
      </div>
      <form className="stack" noValidate onSubmit={(event) => void submit(event)} key={`${group.id}-${String(restarting)}`}>
        <h2 ref={heading} tabIndex={-1}>
          {t("screening.extended.groupHeading", { number: index + 1, total: groups.length, title: instrument.title[locale] })}
        </h2>
        {/* After a crisis answer in an earlier group, the help comes first in each later one, right
            after the heading that takes focus (clinical.md: at once), before its questions. */}
        {crisisNow && group.id !== "phq9" ? <CrisisPanel locale={locale} context="answer" headingId="crisis-earlier" /> : null}
        {carriedCount > 0 && view.carried ? (
          <Notice tone="info" title={t("screening.extended.carriedTitle")}>
            <p>
              {t("screening.extended.carried", {
                count: carriedCount,
                date: dateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, { dateStyle: "long" }).format(new Date(view.carried.at * 1000)),
              })}
            </p>
          </Notice>
        ) : null}
        {kept.restored && edited !== null ? <Notice tone="info">{t("screening.answersRestored")}</Notice> : null}
        {missing.length ? (
          <Notice tone="warning" role="alert">
            {t("screening.answerAll", { count: missing.length })}
          </Notice>
        ) : null}
        <QuestionList
          questions={group.questions}
          answers={answers}
          missing={missing}
          onAnswer={(id, value) => {
            setEdited({ ...answers, [id]: value });
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
          {index === groups.length - 1 || groups.filter((g) => !g.completed).length === 1 ? t("screening.extended.finish") : t("screening.extended.save")}
        </Button>
      </form>
    </ScreenIntro>
  );
}
