import { useTranslation } from "../../lib/i18n-react.tsx";
import "./courses.css";

/** How far into a course the user is: a bar for the eye and a sentence for everyone. */
export function CourseProgress({ progress, completed = false }: { progress: number; completed?: boolean }) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  return (
    <>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("course.progressLabel")}>
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p>{completed ? t("course.completed") : t("course.progress", { percent })}</p>
    </>
  );
}
