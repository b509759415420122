import "./courses.css";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { ANSWERED_MODULE_TYPES } from "../../../common/content/schema.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import { EvaluationForm, type EvaluationResult } from "./evaluation-form.tsx";

export interface ModuleContent {
  key: string;
  type: "text" | "list" | "audio" | "video" | "evaluation" | "worksheet" | "post_part_screening";
  title: string;
  html: string;
  items?: string[];
  captions?: { start: number; end: number; text: string }[];
  settings: Record<string, string | number>;
  completed: boolean;
  pause_until: number | null;
}

/** mm:ss, or h:mm:ss from one hour (§5). */
export function formatPlaybackTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${String(m).padStart(2, "0")}:${rest}`;
}


/**
 * One module, full width: its text, list, transcript or instructions, and "Done" when the module
 * is completed by reading or practising. Focus moves to the heading when it opens.
 */
export function ModuleView({
  module,
  backTo,
  busy,
  error,
  locale,
  onComplete,
  onAnswer,
  children,
}: {
  module: ModuleContent;
  backTo: string;
  busy: boolean;
  error: string | null;
  locale: Locale;
  onComplete: () => void;
  onAnswer: (answers: Record<string, number>) => Promise<EvaluationResult | null>;
  /** The worksheet of a worksheet module. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [module.key]);
  const duration = typeof module.settings.duration_seconds === "number" ? module.settings.duration_seconds : null;
  return (
    <article className="page stack module-view" aria-labelledby="module-title">
      <p>
        <Link to={backTo}>{t("course.backToCourse")}</Link>
      </p>
      <p className="module-view__type">{t(`course.types.${module.type}`)}</p>
      <h1 id="module-title" ref={heading} tabIndex={-1}>
        {module.title}
      </h1>
      {duration !== null ? <p>{t("course.duration", { time: formatPlaybackTime(duration) })}</p> : null}
      {module.type === "audio" || module.type === "video" ? (
        <Notice tone="info">{t("course.transcriptOnly")}</Notice>
      ) : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: module.html }} />
      {module.items ? (
        <ul className="module-list">
          {module.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {children}
      {error ? (
        <Notice tone="warning" role="alert">
          {t(error)}
        </Notice>
      ) : null}
      {ANSWERED_MODULE_TYPES.has(module.type) ? (
        <>
          <EvaluationForm instrumentId={String(module.settings.instrument)} locale={locale} onSubmit={onAnswer} />
          <p>
            <Link to={backTo}>{t("course.backToCourse")}</Link>
          </p>
        </>
      ) : module.completed ? (
        <p>{t("course.moduleDone")}</p>
      ) : (
        <Button variant="primary" size="lg" onClick={onComplete} disabled={busy}>
          {t("course.markDone")}
        </Button>
      )}
    </article>
  );
}
