import { describe, expect, it } from "vitest";
import { rankAreas } from "./recommended-courses.ts";
import { anonymise, MIN_GROUP } from "./screening-stats.ts";
import { toSeries } from "./evaluation-history.ts";

describe("rankAreas", () => {
  it("ranks by severity, then by the share of the maximum score", () => {
    const ranked = rankAreas([
      { area: "sleep", severity: 1, score: 6, max: 12 },
      { area: "depression", severity: 3, score: 16, max: 27 },
      { area: "stress", severity: 1, score: 20, max: 40 },
      { area: "anxiety", severity: 3, score: 14, max: 21 },
    ]);
    expect(ranked.map((a) => a.area)).toEqual(["anxiety", "depression", "sleep", "stress"]);
  });
});

describe("anonymise", () => {
  it("hides bands below the minimum group and leaves their people out of the total", () => {
    const stats = anonymise([
      { instrument: "phq2", band: "negative", count: MIN_GROUP },
      { instrument: "phq2", band: "positive", count: MIN_GROUP - 1 },
      { instrument: "gad2", band: "negative", count: 3 },
    ]);
    expect(stats.areas).toEqual([{ area: "depression", instrument: "phq2", total: MIN_GROUP, bands: [{ band: "negative", count: MIN_GROUP }] }]);
  });
});

describe("toSeries", () => {
  it("one series per instrument, oldest first, times in seconds", () => {
    const series = toSeries([
      { instrument: "phq9", at: new Date(2_000_000), score: 12, band: "moderate", source: "course" },
      { instrument: "phq9", at: new Date(1_000_000), score: 20, band: "severe", source: "screening" },
      { instrument: "gad2", at: new Date(1_500_000), score: 1, band: "negative", source: "screening" },
      { instrument: "unknown", at: new Date(0), score: 1, band: "x", source: "course" },
    ]);
    expect(series).toEqual([
      {
        instrument: "phq9",
        area: "depression",
        max: 27,
        points: [
          { at: 1000, score: 20, band: "severe", source: "screening" },
          { at: 2000, score: 12, band: "moderate", source: "course" },
        ],
      },
      { instrument: "gad2", area: "anxiety", max: 6, points: [{ at: 1500, score: 1, band: "negative", source: "screening" }] },
    ]);
  });
});
