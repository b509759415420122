import { and, desc, eq, lt } from "drizzle-orm";
import type { WorksheetDef } from "../../../common/content/schema.ts";
import type { WorksheetValues } from "../../../common/worksheets/worksheet.ts";
import {
  SLEEP_WINDOW_KEYS,
  bedtimeMinutes,
  clockMinutes,
  diaryNight,
  planSleepWindow,
  type DiaryNight,
  type SleepWindowPlan,
} from "../../../common/worksheets/sleep-window.ts";
import type { AppContext } from "../../app-context.ts";
import { worksheetRows } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { worksheetAad } from "./worksheet-aad.ts";

/** The diary the sleep window is worked out from. */
const DIARY = "sleep-diary";

/** Whether a worksheet's values are worked out from the sleep diary (the sleep window). */
export function isSleepWindow(def: WorksheetDef): boolean {
  return (def.computed ?? []).some((c) => c.formula.startsWith("sleep_window_"));
}

function decrypt(ctx: AppContext, userId: string, token: string): WorksheetValues {
  return JSON.parse(ctx.cipher.decrypt(token, worksheetAad(userId))) as WorksheetValues;
}

/** `YYYY-MM-DD` of a moment (UTC): the day a window is set. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The window for a sleep-window row set on `today`: from the diary, and from the window set
 * before it (rows of `sheet` created before `before`, newest first).
 */
export async function sleepWindowPlan(ctx: AppContext, userId: string, sheet: string, today: string, before: Date): Promise<SleepWindowPlan> {
  const diary = await ctx.db
    .select({ values: worksheetRows.values })
    .from(worksheetRows)
    .where(and(eq(worksheetRows.userId, userId), eq(worksheetRows.worksheet, DIARY)));
  const nights = diary.flatMap((row) => {
    const night = diaryNight(decrypt(ctx, userId, row.values));
    return night ? [night] : ([] as DiaryNight[]);
  });
  const [last] = await ctx.db
    .select({ values: worksheetRows.values, createdAt: worksheetRows.createdAt })
    .from(worksheetRows)
    .where(and(eq(worksheetRows.userId, userId), eq(worksheetRows.worksheet, sheet), lt(worksheetRows.createdAt, before)))
    .orderBy(desc(worksheetRows.createdAt))
    .limit(1);
  const values = last ? decrypt(ctx, userId, last.values) : null;
  const window = values?.[SLEEP_WINDOW_KEYS.window];
  const previous =
    last && typeof window === "number"
      ? { windowMinutes: window, since: typeof values?.week_start === "string" ? values.week_start : dayOf(last.createdAt) }
      : null;
  return planSleepWindow({ nights, today, previous });
}

/**
 * The values a sleep-window row is stored with: what the person chose (the rise time, notes) and
 * the window worked out for them. 409 `worksheet.diary_too_short` without enough diary nights.
 */
export async function sleepWindowValues(
  ctx: AppContext,
  userId: string,
  sheet: string,
  chosen: WorksheetValues,
  at: { today: string; before: Date },
): Promise<WorksheetValues> {
  const plan = await sleepWindowPlan(ctx, userId, sheet, at.today, at.before);
  if (!plan.ready) throw new AppError("worksheet.diary_too_short");
  const rise = clockMinutes(chosen.wake_time);
  return {
    ...chosen,
    week_start: at.today,
    [SLEEP_WINDOW_KEYS.nights]: plan.nights,
    [SLEEP_WINDOW_KEYS.meanSleep]: plan.mean_sleep_minutes,
    [SLEEP_WINDOW_KEYS.efficiency]: plan.efficiency,
    [SLEEP_WINDOW_KEYS.adjustment]: plan.adjustment_minutes,
    [SLEEP_WINDOW_KEYS.window]: plan.window_minutes,
    [SLEEP_WINDOW_KEYS.bedtime]: rise === null ? null : bedtimeMinutes(rise, plan.window_minutes),
  };
}

