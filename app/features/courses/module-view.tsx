import "./courses.css";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { ANSWERED_MODULE_TYPES } from "../../../common/content/schema.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { ModuleContent } from "../../../common/schemas/courses.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { EvaluationForm, type EvaluationResult } from "./evaluation-form.tsx";
import { AudioPlayer, VideoPlayer, formatPlaybackTime } from "./media-players.tsx";
import { SafetyCheckForm } from "./safety-check-form.tsx";

export type { ModuleContent };

/** Where the module is in its part: "step 3 of 7" and a bar (§2: progress within the part). */
export interface PartPosition {
  title: string;
  step: number;
  steps: number;
}

/**
 * One module inside the overlay: where it is in the part, its text, list, player, questionnaire
 * or worksheet, and "Done" when it is completed by reading or practising. Focus moves to the
 * heading when a module opens.
 */
export function ModuleView({
  module,
  part,
  busy,
  error,
  locale,
  onComplete,
  onAnswer,
  onNext,
  onClose,
  children,
}: {
  module: ModuleContent;
  part: PartPosition | null;
  busy: boolean;
  error: string | null;
  locale: Locale;
  onComplete: () => void;
  /** The result; "session-ended": the session had ended and the answers show the crisis panel. */
  onAnswer: (answers: Record<string, number>, crisis: boolean) => Promise<EvaluationResult | "session-ended" | null>;
  /** After a questionnaire's result: on to the part's next module. */
  onNext: () => void;
  onClose: () => void;
  /** The worksheet of a worksheet module. */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [module.key]);
  const media = module.media;
  return (
    <article className="stack module-view" aria-labelledby="module-title">
      {part ? (
        <div className="module-view__part">
          <p>{t("courses.overlay.step", { part: part.title, step: part.step, steps: part.steps })}</p>
          <progress max={part.steps} value={part.step - (module.completed ? 0 : 1)} aria-label={t("courses.overlay.partProgress")} />
        </div>
      ) : null}
      <p className="module-view__type">{t(`course.types.${module.type}`)}</p>
      <h1 id="module-title" ref={heading} tabIndex={-1}>
        {module.title}
      </h1>
      {media ? <p>{t("course.duration", { time: formatPlaybackTime(media.duration_seconds) })}</p> : null}
      {media && module.type === "audio" ? <AudioPlayer media={media} transcript={module.html} /> : null}
      {media && module.type === "video" ? <VideoPlayer media={media} transcript={module.html} title={module.title} locale={locale} /> : null}
      {media ? null : <div className="prose" dangerouslySetInnerHTML={{ __html: module.html }} />}
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
      {module.check ? (
        <SafetyCheckForm moduleId={module.id} check={module.check} completed={module.completed} />
      ) : ANSWERED_MODULE_TYPES.has(module.type) ? (
        <EvaluationForm
          instrumentId={String(module.settings.instrument)}
          questions={module.questions ?? []}
          locale={locale}
          carried={module.carried}
          draftName={`answers:module:${module.id}`}
          onSubmit={onAnswer}
          onNext={onNext}
        />
      ) : module.completed ? (
        <p>{t("course.moduleDone")}</p>
      ) : (
        <Button variant="primary" size="lg" onClick={onComplete} disabled={busy}>
          {t("course.markDone")}
        </Button>
      )}
      <p>
        <Button variant="secondary" onClick={onClose}>
          {t("course.backToCourse")}
        </Button>
      </p>
    </article>
  );
}
