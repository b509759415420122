import { describe, expect, it } from "vitest";
import {
  SLEEP_WINDOW_MIN_MINUTES,
  bedtimeMinutes,
  diaryNight,
  formatClock,
  planSleepWindow,
  weeklyAdjustment,
  type DiaryNight,
} from "./sleep-window.ts";

/** A night with `asleep` minutes of sleep and `inBed` minutes in bed, dated `date`. */
const night = (date: string, asleep: number, inBed: number): DiaryNight => ({ date, asleep, inBed });
const week = (asleep: number, inBed: number, days = 7, last = 7): DiaryNight[] =>
  Array.from({ length: days }, (_, i) => night(`2026-03-${String(last - i).padStart(2, "0")}`, asleep, inBed));

describe("diaryNight", () => {
  it("reads a complete diary row: time in bed and time asleep, across midnight", () => {
    expect(
      diaryNight({ date: "2026-03-01", bedtime: "22:30", lights_out: "23:00", sleep_onset_minutes: 45, awake_minutes: 60, wake_time: "06:00", out_of_bed: "06:45" }),
    ).toEqual({ date: "2026-03-01", inBed: 495, asleep: 315 });
    expect(diaryNight({ date: "2026-03-01", bedtime: "22:30" })).toBeNull();
  });
});

describe("planSleepWindow: the first window (G4)", () => {
  it("is the mean total sleep time rounded up to the next quarter hour", () => {
    // Jonas: 350 minutes of sleep on average: a 6-hour window.
    const plan = planSleepWindow({ nights: week(350, 510), today: "2026-03-08", previous: null });
    expect(plan).toEqual({
      ready: true,
      nights: 7,
      mean_sleep_minutes: 350,
      efficiency: 69,
      previous_window_minutes: null,
      adjustment_minutes: null,
      window_minutes: 360,
    });
  });

  it("is never under 5 hours", () => {
    const plan = planSleepWindow({ nights: week(200, 480), today: "2026-03-08", previous: null });
    expect(plan).toMatchObject({ ready: true, mean_sleep_minutes: 200, window_minutes: SLEEP_WINDOW_MIN_MINUTES });
  });

  it("uses the newest 7 nights of the last 14 days, and needs at least 3", () => {
    const old = week(100, 600, 5, 5).map((n) => ({ ...n, date: n.date.replace("2026-03", "2026-01") }));
    expect(planSleepWindow({ nights: [...old, ...week(400, 450, 2, 7)], today: "2026-03-08", previous: null })).toEqual({ ready: false, nights: 2, needed: 3 });
    const many = [...week(420, 480, 7, 14), ...week(300, 480, 3, 7)];
    expect(planSleepWindow({ nights: many, today: "2026-03-14", previous: null })).toMatchObject({ ready: true, nights: 7, mean_sleep_minutes: 420 });
  });
});

describe("planSleepWindow: the weekly adjustment (G5)", () => {
  const previous = { windowMinutes: 360, since: "2026-03-08" };
  const next = (asleep: number, inBed: number) => planSleepWindow({ nights: week(asleep, inBed, 7, 14), today: "2026-03-15", previous });

  it("≥ 90 % adds 15 minutes, 85–89 % keeps, < 85 % takes 15 off", () => {
    expect(next(324, 360)).toMatchObject({ efficiency: 90, adjustment_minutes: 15, window_minutes: 375 });
    expect(next(322, 360)).toMatchObject({ efficiency: 89, adjustment_minutes: 0, window_minutes: 360 });
    expect(next(306, 360)).toMatchObject({ efficiency: 85, adjustment_minutes: 0, window_minutes: 360 });
    expect(next(304, 360)).toMatchObject({ efficiency: 84, adjustment_minutes: -15, window_minutes: 345 });
    expect([90, 89, 85, 84].map(weeklyAdjustment)).toEqual([15, 0, 0, -15]);
  });

  it("never shrinks under 5 hours", () => {
    const plan = planSleepWindow({ nights: week(200, 300, 7, 14), today: "2026-03-15", previous: { windowMinutes: 300, since: "2026-03-08" } });
    expect(plan).toMatchObject({ adjustment_minutes: -15, window_minutes: 300 });
  });

  it("counts only the nights since the last window was set", () => {
    const before = week(100, 480, 3, 7); // nights of 5–7 March, before the window of 8 March
    const plan = planSleepWindow({ nights: [...before, ...week(340, 360, 3, 10)], today: "2026-03-11", previous });
    expect(plan).toMatchObject({ ready: true, nights: 3, efficiency: 94, window_minutes: 375 });
  });
});

describe("bedtime", () => {
  it("is the rise time minus the window, across midnight", () => {
    expect(formatClock(bedtimeMinutes(6 * 60 + 30, 360))).toBe("00:30");
    expect(formatClock(bedtimeMinutes(6 * 60 + 30, 375))).toBe("00:15");
    expect(formatClock(bedtimeMinutes(7 * 60, 300))).toBe("02:00");
    expect(formatClock(bedtimeMinutes(0, 330))).toBe("18:30");
  });
});
