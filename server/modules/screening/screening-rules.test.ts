import { describe, expect, it } from "vitest";
import { anonymise, MIN_GROUP, periodStart, roundCount } from "./screening-stats.ts";
import { toSeries } from "./evaluation-history.ts";

describe("anonymise", () => {
  it("hides bands below the minimum group, and counts their people in the total (shares are of everyone)", () => {
    const stats = anonymise([
      { instrument: "phq2", band: "negative", count: MIN_GROUP },
      { instrument: "phq2", band: "positive", count: MIN_GROUP - 1 },
      { instrument: "gad2", band: "negative", count: 3 },
    ]);
    // 50 + 49 = 99 people, rounded to 100: the 50 shown are half of everyone, not "100 %".
    expect(stats.areas).toEqual([{ area: "depression", instrument: "phq2", total: 100, bands: [{ band: "negative", count: MIN_GROUP }] }]);
  });
});

describe("anonymise: at least 50 people, rounded counts", () => {
  it("shows no band of fewer than 50 people, and rounds shown counts to the nearest 10", () => {
    expect(MIN_GROUP).toBe(50);
    const stats = anonymise([
      { instrument: "phq2", band: "negative", count: 54 },
      { instrument: "phq2", band: "positive", count: 49 },
      { instrument: "gad2", band: "negative", count: 55 },
      { instrument: "gad2", band: "positive", count: 149 },
      { instrument: "pss4", band: "low", count: 12 },
    ]);
    expect(stats).toEqual({
      min_group: 50,
      areas: [
        { area: "depression", instrument: "phq2", total: 100, bands: [{ band: "negative", count: 50 }] },
        // 204 people round to 200, below the shown 60 + 150: the total is never less than those.
        { area: "anxiety", instrument: "gad2", total: 210, bands: [{ band: "negative", count: 60 }, { band: "positive", count: 150 }] },
      ],
    });
    for (const area of stats.areas) for (const band of area.bands) expect(band.count % 10).toBe(0);
    expect([50, 51, 54, 55, 59, 1234].map(roundCount)).toEqual([50, 50, 50, 60, 60, 1230]);
  });

  it("a snapshot stands for a clock hour", () => {
    expect(periodStart(new Date("2026-03-01T10:59:59.999Z")).toISOString()).toBe("2026-03-01T10:00:00.000Z");
    expect(periodStart(new Date("2026-03-01T11:00:00.000Z")).toISOString()).toBe("2026-03-01T11:00:00.000Z");
  });
});

describe("toSeries", () => {
  it("one series per instrument, oldest first, times in seconds, bands worked out from the scores (ADR 023), crisis kept with its point", () => {
    const series = toSeries([
      { instrument: "phq9", at: new Date(2_000_000), score: 12, source: "course", crisis: true },
      { instrument: "phq9", at: new Date(1_000_000), score: 20, source: "screening", crisis: false },
      { instrument: "gad2", at: new Date(1_500_000), score: 1, source: "screening", crisis: false },
      { instrument: "unknown", at: new Date(0), score: 1, source: "course", crisis: true },
    ]);
    expect(series).toEqual([
      {
        instrument: "phq9",
        area: "depression",
        max: 27,
        points: [
          { at: 1000, score: 20, band: "severe", source: "screening", crisis: false },
          { at: 2000, score: 12, band: "moderate", source: "course", crisis: true },
        ],
      },
      { instrument: "gad2", area: "anxiety", max: 6, points: [{ at: 1500, score: 1, band: "negative", source: "screening", crisis: false }] },
    ]);
  });
});
