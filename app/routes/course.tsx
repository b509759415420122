import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { data as routeData, Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail, EvaluationResult as EvaluationResponse, PublicCourse } from "../../common/schemas/courses.ts";
import { Notice } from "../components/alert.tsx";
import { Button, buttonClassName } from "../components/button.tsx";
import { CourseImage } from "../features/courses/course-image.tsx";
import { CourseProgress } from "../features/courses/course-progress.tsx";
import type { EvaluationResult } from "../features/courses/evaluation-form.tsx";
import { ModuleOverlay } from "../features/courses/module-overlay.tsx";
import type { ModuleContent, ModuleView as ModuleViewType, PartPosition } from "../features/courses/module-view.tsx";
import { PauseNotice } from "../features/courses/pause-notice.tsx";
import { PublicCourseView } from "../features/courses/public-course.tsx";
import type { WorksheetData, WorksheetPanel as WorksheetPanelType } from "../features/courses/worksheet-panel.tsx";
import { ApiError, apiPath, type ApiClient } from "../lib/api/client.ts";
import { browserApi } from "../lib/api/browser-client.ts";
import { errorInfo } from "../lib/api/error-message.ts";
import { submissionIds } from "../lib/api/submission-id.ts";
import { useDialog } from "../lib/dialog.tsx";
import { focusInView } from "../lib/reveal.ts";
import { guards, screenData, screenMeta } from "../lib/screen.ts";
import type { Route } from "./+types/course";

/**
 * An open module's view and worksheet are not part of the course page's first load (the
 * instruments, zod and the content schemas, some 45 KB): they load once the page is idle, or when
 * a module opens first (a module's URL). Once loaded they render at once, without a fallback.
 */
interface ModuleParts {
  ModuleView: React.ComponentType<React.ComponentProps<typeof ModuleViewType>>;
  WorksheetPanel: React.ComponentType<React.ComponentProps<typeof WorksheetPanelType>>;
}
let moduleParts: ModuleParts | null = null;
let loadingModuleParts: Promise<ModuleParts> | null = null;
function loadModuleParts(): Promise<ModuleParts> {
  loadingModuleParts ??= Promise.all([
    import("../features/courses/module-view.tsx"),
    import("../features/courses/worksheet-panel.tsx"),
  ])
    .then(([view, worksheet]) => (moduleParts = { ModuleView: view.ModuleView, WorksheetPanel: worksheet.WorksheetPanel }))
    .catch((error: unknown) => {
      loadingModuleParts = null; // tried again when a module opens
      throw error;
    });
  return loadingModuleParts;
}
const LazyModuleView = lazy(() => loadModuleParts().then((m) => ({ default: m.ModuleView })));
const LazyWorksheetPanel = lazy(() => loadModuleParts().then((m) => ({ default: m.WorksheetPanel })));

/** The loaded components, or the lazy ones: chosen once per overlay, so the view is never remounted. */
function OpenModule({ children }: { children: (parts: ModuleParts) => React.ReactNode }) {
  const [parts] = useState<ModuleParts>(() => moduleParts ?? { ModuleView: LazyModuleView, WorksheetPanel: LazyWorksheetPanel });
  return children(parts);
}

const screenGuards = guards("course");
export const middleware = screenGuards.middleware;
export const clientMiddleware = screenGuards.clientMiddleware;

/** A 404 page for a course that does not exist (or is not public, for a visitor). */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw routeData(null, { status: 404 });
    throw error;
  }
}

/**
 * A visitor sees the public course and a way into an account; a user the course with their
 * progress, and the open module when `?modul=` names one that is available.
 */
const data = screenData("course", async ({ api, params, url, status }) => {
  const slug = params.course ?? "";
  if (!status.logged_in) {
    const course = await orNotFound(api.get<PublicCourse>(`/public/courses/${encodeURIComponent(slug)}/`));
    return { kind: "visitor" as const, course, title: course.title };
  }
  const course = await orNotFound(api.get<CourseDetail>(`/courses/${encodeURIComponent(slug)}/`));
  const key = url.searchParams.get("modul");
  let module: ModuleContent | null = null;
  let worksheet: WorksheetData | null = null;
  let moduleError: string | null = null;
  if (key && /^[a-z0-9-]{1,80}$/.test(key)) {
    try {
      module = await api.get<ModuleContent>(`/courses/${encodeURIComponent(slug)}/modules/${key}/`);
      if (module.type === "worksheet") worksheet = await api.get<WorksheetData>(`/worksheets/${module.id}/rows/`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      moduleError = errorKey(error);
    }
  }
  // Starting this course resets another one in progress: the start button asks first (§4).
  const other = course.status === "not_started" ? await otherCourseInProgress(api, course.key) : null;
  return { kind: "user" as const, course, module, worksheet, moduleError, other, title: course.title };
});
export const loader = data.loader;

/** The course in progress other than `key` (§7: a 404 of the active course means none). */
async function otherCourseInProgress(api: ApiClient, key: string): Promise<{ title: string; progress: number } | null> {
  try {
    const active = await api.get<CourseDetail>(`/active-course/`);
    return active.key === key ? null : { title: active.title, progress: active.progress };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The message key of a failed call (`errors.codes.<code>`). */
function errorKey(error: unknown): string {
  return `errors.codes.${errorInfo(error).code}`;
}
export const clientLoader = data.clientLoader;

export function meta({ loaderData }: Route.MetaArgs) {
  return screenMeta(loaderData);
}

export default function CourseScreen({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "visitor" ? (
    <PublicCourseView course={loaderData.course} locale={loaderData.locale} />
  ) : (
    <UserCourse data={loaderData} />
  );
}

type UserCourseData = Extract<Route.ComponentProps["loaderData"], { kind: "user" }>;

/** The course of a user: start it, where they are, and the module overlay. */
function UserCourse({ data: { course, module, worksheet, moduleError, other, locale } }: { data: UserCourseData }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const [, setSearch] = useSearchParams();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = pathTo("course", locale, { course: course.slug });

  async function run(action: () => Promise<unknown>, then?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      then?.();
      await revalidator.revalidate();
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  }

  /**
   * Started: the way in ("Begin") is where the eye and the focus go, not where the course's
   * description was (the page got much shorter). Once any confirmation dialog has closed.
   */
  const started = useRef(false);
  const dialogOpen = dialog.state.open;
  useEffect(() => {
    if (!started.current || dialogOpen || course.status === "not_started") return;
    started.current = false;
    // After the dialog layer has closed its native <dialog> (the page behind is inert until then).
    setTimeout(() => {
      const target = document.querySelector<HTMLElement>("[data-opener='continue']") ?? document.querySelector<HTMLElement>("[data-course-status]");
      if (target) focusInView(target);
    }, 0);
  }, [dialogOpen, course.status]);
  const navigate = useNavigate();
  // A course starts after a screening (409 screening.required): the light screening, then back here.
  const start = () =>
    run(
      () =>
        browserApi()
          .post(`/course-progress/clear-unfinished/`, { course: course.key })
          .then(() => (started.current = true))
          .catch(async (e: unknown) => {
            if (errorInfo(e).code !== "screening.required") throw e;
            await navigate(`${pathTo("screening", locale)}?kurs=${encodeURIComponent(course.slug)}`);
          }),
    );
  /** Another course in progress loses its unfinished progress: say so first (ActionDialog). */
  const confirmStart = () => {
    if (!other) return void start();
    dialog.open("ActionDialog", {
      data: {
        title: t("course.switch.title"),
        message: t("course.switch.message", { other: other.title, percent: Math.round(other.progress * 100), title: course.title }),
      },
      confirm: { label: t("course.switch.confirm"), action: start },
    });
  };
  const close = () => setSearch({}, { preventScrollReset: true });
  const reload = useCallback(() => void revalidator.revalidate(), [revalidator]);
  // Once the page is idle, the module view loads, so that opening a module is instant.
  useEffect(() => {
    const preload = () => void loadModuleParts().catch(() => undefined);
    if (typeof window.requestIdleCallback !== "function") return preload();
    const id = window.requestIdleCallback(preload, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }, []);

  /** The module's part and its place in it (progress within the part). */
  function partOf(key: string): PartPosition | null {
    for (const part of course.course_parts) {
      const index = part.content_modules.findIndex((m) => m.key === key);
      if (index >= 0) return { title: part.title, step: index + 1, steps: part.content_modules.length };
    }
    return null;
  }

  /** The part is done (or paused): back on the course page where its progress and next step are. */
  const returnTo = useRef<"opener" | "status">("opener");
  const finishPart = () => {
    returnTo.current = "status";
    close();
  };

  /**
   * Completes the module through its progress_url (§4), reloads the course by slug and goes on to
   * the next module of the part, or back to the course page when the part is done or paused.
   */
  const complete = (current: ModuleContent) =>
    run(async () => {
      const after = await browserApi().post<CourseDetail>(`${apiPath(current.progress_url)}`, {});
      const part = after.course_parts.find((p) => p.content_modules.some((m) => m.id === current.id));
      const next = part?.content_modules.find((m) => !m.completed);
      if (next && !after.pause_until) setSearch({ modul: next.key }, { preventScrollReset: true });
      else finishPart();
    });

  /** After a questionnaire's result: the part's next module, or the course page when the part is done or paused. */
  const next = () => {
    const part = course.course_parts.find((p) => p.content_modules.some((m) => m.key === module?.key));
    const following = part?.content_modules.find((m) => !m.completed);
    if (following && !course.pause_until) setSearch({ modul: following.key }, { preventScrollReset: true });
    else finishPart();
  };

  const evaluationIds = useRef(submissionIds());
  async function answer(answers: Record<string, number>, crisis: boolean): Promise<EvaluationResult | "session-ended" | null> {
    if (!module) return null;
    setError(null);
    // Answers that show the crisis panel (`crisis`, from the form): a session that ended meanwhile
    // does not log the person out with a page load that would take the panel away; the form says
    // why and offers it.
    try {
      // The same answers sent again (a retry after a failure) keep their id: stored once.
      const id = evaluationIds.current.for({ module: module.id, answers });
      const result = await browserApi().post<EvaluationResponse>(`/evaluations/${module.id}/`, { answers, id }, { keepPageOnLogout: crisis });
      evaluationIds.current.done();
      await revalidator.revalidate();
      return result;
    } catch (e) {
      if (crisis && e instanceof ApiError && (e.status === 401 || e.status === 403)) return "session-ended";
      setError(errorKey(e));
      return null;
    }
  }

  const overlay = module ? (
    <ModuleOverlay labelledBy="module-title" onClose={close} returnTo={returnTo}>
      <Suspense fallback={<p role="status">{t("loading.label")}</p>}>
        <OpenModule>
          {({ ModuleView, WorksheetPanel }) => (
            <ModuleView
              module={module}
              part={partOf(module.key)}
              busy={busy}
              error={error}
              locale={locale}
              onComplete={() => void complete(module)}
              onAnswer={answer}
              onNext={next}
              onClose={close}
            >
              {worksheet ? (
                <WorksheetPanel
                  data={worksheet}
                  locale={locale}
                  onChange={async () => {
                    await revalidator.revalidate();
                  }}
                />
              ) : null}
            </ModuleView>
          )}
        </OpenModule>
      </Suspense>
    </ModuleOverlay>
  ) : null;

  return (
    <div className="page stack course-page">
      <p>
        <Link to={pathTo("courses", locale)}>{t("course.allCourses")}</Link>
      </p>
      <CourseImage courseKey={course.key} image={course.image} priority />
      <h1 tabIndex={-1}>{course.title}</h1>
      <p className="lead">{course.summary}</p>
      {moduleError ? <Notice tone="warning" role="alert">{t(moduleError)}</Notice> : null}
      {error ? <Notice tone="warning" role="alert">{t(error)}</Notice> : null}
      {course.status === "not_started" ? (
        <div className="stack">
          <div className="prose" dangerouslySetInnerHTML={{ __html: course.html }} />
          <Button variant="primary" size="lg" onClick={confirmStart} disabled={busy}>
            {t("course.start")}
          </Button>
        </div>
      ) : (
        // Where the page goes back to after starting and after a module (data-course-status).
        <div className="stack course-status" data-course-status tabIndex={-1}>
          <CourseProgress progress={course.progress} completed={course.status === "completed"} />
          {course.pause_until ? (
            <PauseNotice pauseUntil={course.pause_until} locale={locale} onOver={reload} />
          ) : course.active_module ? (
            <Link className={buttonClassName("primary", "lg")} to={`${here}?modul=${course.active_module}`} preventScrollReset data-opener="continue">
              {course.progress === 0 ? t("course.begin") : t("course.continue")}
            </Link>
          ) : null}
        </div>
      )}
      <ol className="course-parts">
        {course.course_parts.map((part) => {
          const open = course.status !== "not_started" && (part.completed || part.key === course.active_part) && !(part.key === course.active_part && course.pause_until);
          return (
            <li key={part.key} className="card course-part">
              <h2>{part.title}</h2>
              <ol className="course-modules">
                {part.content_modules.map((m) => (
                  <li key={m.key} className={m.completed ? "course-module is-done" : "course-module"}>
                    {open ? (
                      <Link to={`${here}?modul=${m.key}`} preventScrollReset data-opener={m.key}>
                        {m.title}
                      </Link>
                    ) : (
                      <span>{m.title}</span>
                    )}
                    <span className="course-module__state">
                      {m.completed ? t("course.moduleDone") : open ? t(`course.types.${m.type}`) : t("course.moduleLocked")}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ol>
      {overlay}
    </div>
  );
}
