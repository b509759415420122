import { sleepTimes, type WorksheetValues } from "./worksheet.ts";

/**
 * The sleep window (sleep restriction, CBT for insomnia) worked out from the person's sleep diary:
 * rules G4 and G5 of docs/clinical/recommendations.md. Pure, shared by the server (which stores
 * the window with the row when it is saved) and the screen (which shows the bedtime for the rise
 * time being typed).
 *
 * - The first window: the mean total sleep time of the last nights, rounded up to the next quarter
 *   hour, never under 5 hours.
 * - Each following week: from that week's sleep efficiency, ≥ 90 % adds 15 minutes, 85–89 %
 *   keeps the window, < 85 % takes 15 minutes off (never under 5 hours).
 * - The rise time is fixed; bedtime = rise time − window.
 */

/** Never a window under 5 hours. */
export const SLEEP_WINDOW_MIN_MINUTES = 300;
/** At least this many complete diary nights are needed. */
export const SLEEP_WINDOW_MIN_NIGHTS = 3;
/** At most this many of the newest nights are used. */
export const SLEEP_WINDOW_MAX_NIGHTS = 7;
/** Nights older than this many days are not used. */
export const SLEEP_WINDOW_LOOKBACK_DAYS = 14;
/** Sleep efficiency (%) from which the window grows. */
export const SLEEP_WINDOW_GROW_AT = 90;
/** Sleep efficiency (%) from which the window stays (below it, it shrinks). */
export const SLEEP_WINDOW_KEEP_AT = 85;
/** The weekly step, in minutes. */
export const SLEEP_WINDOW_ADJUST_MINUTES = 15;

/** The keys under which a sleep-window row stores what was worked out (content/worksheets/sleep-window.yaml). */
export const SLEEP_WINDOW_KEYS = {
  nights: "nights",
  meanSleep: "mean_sleep_minutes",
  efficiency: "efficiency",
  adjustment: "adjustment_minutes",
  window: "window_minutes",
  bedtime: "bedtime_minutes",
} as const;

export interface DiaryNight {
  /** `YYYY-MM-DD`, the evening the night began. */
  date: string;
  inBed: number;
  asleep: number;
}

/** A complete night of the sleep diary, or null. */
export function diaryNight(values: WorksheetValues): DiaryNight | null {
  const times = sleepTimes(values);
  if (!times || times.inBed === 0 || typeof values.date !== "string") return null;
  return { date: values.date, ...times };
}

export type SleepWindowPlan =
  | {
      ready: true;
      nights: number;
      mean_sleep_minutes: number;
      /** Sleep efficiency over the nights: total time asleep / total time in bed, in %. */
      efficiency: number;
      /** The window of the week before; null for the first window. */
      previous_window_minutes: number | null;
      /** +15, 0 or −15; null for the first window. */
      adjustment_minutes: number | null;
      window_minutes: number;
    }
  | { ready: false; nights: number; needed: number };

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** The weekly step from a week's sleep efficiency (G5). */
export function weeklyAdjustment(efficiency: number): number {
  if (efficiency >= SLEEP_WINDOW_GROW_AT) return SLEEP_WINDOW_ADJUST_MINUTES;
  if (efficiency >= SLEEP_WINDOW_KEEP_AT) return 0;
  return -SLEEP_WINDOW_ADJUST_MINUTES;
}

/**
 * The window for the week starting `today` (`YYYY-MM-DD`). `previous`: the last window and the
 * date it was set; only the nights since then count towards its adjustment.
 */
export function planSleepWindow(input: {
  nights: readonly DiaryNight[];
  today: string;
  previous: { windowMinutes: number; since: string } | null;
}): SleepWindowPlan {
  const today = dayNumber(input.today);
  const from = Math.max(today - SLEEP_WINDOW_LOOKBACK_DAYS, input.previous ? dayNumber(input.previous.since) : -Infinity);
  const used = input.nights
    .filter((night) => {
      const day = dayNumber(night.date);
      return Number.isFinite(day) && day >= from && day <= today;
    })
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, SLEEP_WINDOW_MAX_NIGHTS);
  if (used.length < SLEEP_WINDOW_MIN_NIGHTS) return { ready: false, nights: used.length, needed: SLEEP_WINDOW_MIN_NIGHTS };
  const asleep = used.reduce((sum, night) => sum + night.asleep, 0);
  const inBed = used.reduce((sum, night) => sum + night.inBed, 0);
  const meanSleep = Math.round(asleep / used.length);
  const efficiency = Math.min(100, Math.round((asleep / inBed) * 100));
  const previous = input.previous?.windowMinutes ?? null;
  const adjustment = previous === null ? null : weeklyAdjustment(efficiency);
  const window =
    previous === null
      ? Math.ceil(meanSleep / SLEEP_WINDOW_ADJUST_MINUTES) * SLEEP_WINDOW_ADJUST_MINUTES
      : previous + (adjustment ?? 0);
  return {
    ready: true,
    nights: used.length,
    mean_sleep_minutes: meanSleep,
    efficiency,
    previous_window_minutes: previous,
    adjustment_minutes: adjustment,
    window_minutes: Math.max(SLEEP_WINDOW_MIN_MINUTES, window),
  };
}

/** Minutes since midnight of `HH:MM`, or null. */
export function clockMinutes(time: unknown): number | null {
  if (typeof time !== "string" || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The bedtime (minutes since midnight) for a rise time and a window: rise − window, across midnight. */
export function bedtimeMinutes(riseMinutes: number, windowMinutes: number): number {
  return (((riseMinutes - windowMinutes) % 1440) + 1440) % 1440;
}

/** `HH:MM` of minutes since midnight. */
export function formatClock(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
