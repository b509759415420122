import type { TFunction } from "../../lib/i18n.ts";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { ComputedFormula } from "../../../common/content/schema.ts";
import { bedtimeMinutes, clockMinutes, formatClock, type SleepWindowPlan as Plan } from "../../../common/worksheets/sleep-window.ts";

/** "5 h 45 min" in the page's language. */
export function formatDuration(t: TFunction, minutes: number): string {
  return t("worksheet.duration", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** A computed value of a worksheet row as a person reads it (%, hours and minutes, a clock time). */
export function formatComputed(t: TFunction, formula: ComputedFormula, value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  switch (formula) {
    case "sleep_efficiency":
    case "sleep_window_efficiency":
      return `${value} %`;
    case "sleep_window_mean_sleep":
    case "sleep_window_minutes":
      return formatDuration(t, value);
    case "sleep_window_adjustment":
      return t("worksheet.adjustment", { sign: value > 0 ? "+" : value < 0 ? "−" : "±", minutes: Math.abs(value) });
    case "sleep_window_bedtime":
      return formatClock(value);
    case "sleep_window_nights":
      return String(value);
  }
}

/**
 * The sleep window a row saved now would get, worked out from the diary by the server (rules G4
 * and G5), and the bedtime for the rise time being typed.
 */
export function SleepWindowPlan({ plan, riseTime }: { plan: Plan; riseTime: string }) {
  const { t } = useTranslation();
  if (!plan.ready) {
    return (
      <section className="card card--soft stack stack--sm" aria-labelledby="window-plan">
        <h3 id="window-plan">{t("worksheet.window.heading")}</h3>
        <p>{t("worksheet.window.notReady", { needed: plan.needed, nights: plan.nights })}</p>
      </section>
    );
  }
  const window = formatDuration(t, plan.window_minutes);
  const rise = clockMinutes(riseTime);
  const step = plan.adjustment_minutes === null ? "first" : plan.adjustment_minutes > 0 ? "longer" : plan.adjustment_minutes < 0 ? "shorter" : "same";
  return (
    <section className="card card--soft stack stack--sm" aria-labelledby="window-plan">
      <h3 id="window-plan">{t("worksheet.window.heading")}</h3>
      <p>
        {t("worksheet.window.summary", { nights: plan.nights, sleep: formatDuration(t, plan.mean_sleep_minutes), efficiency: plan.efficiency })}
      </p>
      <p>
        <strong>{t(`worksheet.window.${step}`, { window })}</strong>
      </p>
      <p aria-live="polite">
        {rise === null
          ? t("worksheet.window.chooseRise")
          : t("worksheet.window.bedtime", { rise: formatClock(rise), bedtime: formatClock(bedtimeMinutes(rise, plan.window_minutes)) })}
      </p>
    </section>
  );
}
