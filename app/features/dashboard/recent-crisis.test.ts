import { describe, expect, it } from "vitest";
import type { EvaluationHistory } from "../../../common/schemas/screening.ts";
import { recentCrisisIn } from "./recent-crisis.ts";

const NOW = Date.parse("2026-12-07T10:00:00Z") / 1000;
const DAY = 86_400;

function history(points: { daysAgo: number; crisis: boolean }[]): EvaluationHistory {
  return {
    series: [
      { instrument: "gad7", area: "anxiety", max: 21, points: [{ at: NOW - 1 * DAY, score: 3, band: "minimal", source: "course", crisis: false }] },
      { instrument: "phq9", area: "depression", max: 27, points: points.map((p) => ({ at: NOW - p.daysAgo * DAY, score: 5, band: "mild", source: "screening" as const, crisis: p.crisis })) },
    ],
  };
}

describe("recentCrisisIn", () => {
  it("a crisis point of the last 14 days counts, also on its last day; an older one or none does not", () => {
    expect(recentCrisisIn(history([{ daysAgo: 3, crisis: true }]), NOW)).toBe(true);
    expect(recentCrisisIn(history([{ daysAgo: 14, crisis: true }]), NOW)).toBe(true);
    expect(recentCrisisIn(history([{ daysAgo: 15, crisis: true }, { daysAgo: 2, crisis: false }]), NOW)).toBe(false);
    expect(recentCrisisIn(history([]), NOW)).toBe(false);
    expect(recentCrisisIn(null, NOW)).toBe(false);
  });
});
