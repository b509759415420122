import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { Notice } from "../../components/alert.tsx";
import { dateTimeFormat } from "../../../common/i18n/formatters.ts";

/** Whole days, hours and minutes left until `until` (milliseconds). */
export function timeLeft(until: number, now: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil((until - now) / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/**
 * §4: a paused course shows the countdown, the time, the date and the weekday when the next part
 * opens (pause_until is in seconds; times 1000 for milliseconds). The time zone is the reader's,
 * so the details render in the browser only (no hydration mismatch).
 */
export function PauseNotice({ pauseUntil, locale, onOver }: { pauseUntil: number; locale: Locale; onOver?: () => void }) {
  const { t } = useTranslation();
  const until = pauseUntil * 1000;
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 60_000);
    // When the pause is over, the page reloads the course and the next part opens.
    const over = onOver ? window.setTimeout(onOver, Math.min(Math.max(0, until - Date.now()) + 1000, 2_147_000_000)) : undefined;
    return () => {
      window.clearInterval(id);
      window.clearTimeout(over);
    };
  }, [until, onOver]);
  const left = now === null ? null : timeLeft(until, now);
  const when =
    now === null
      ? null
      : dateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, {
          weekday: "long",
          day: "numeric",
          month: "long",
          hour: "2-digit",
          minute: "2-digit",
        }).format(new Date(until));
  return (
    <Notice tone="info" role="status" title={t("course.pausedTitle")} className="pause-notice">
      {when && left ? (
        <>
          <p>{t("course.pausedUntil", { when })}</p>
          <p>{t("course.timeLeft", { days: left.days, hours: left.hours, minutes: left.minutes })}</p>
        </>
      ) : null}
      <p>{t("course.pauseWhy")}</p>
    </Notice>
  );
}
