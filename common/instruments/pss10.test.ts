import { describe, expect, it } from "vitest";
import { pss10 } from "./pss10.ts";
import { bandFor, scoreInstrument, scoredValue } from "./scoring.ts";

function answers(values: number[]): Record<string, number> {
  return Object.fromEntries(values.map((value, index) => [`pss10_${index + 1}`, value]));
}

describe("pss10", () => {
  it("has ten items on a 0–4 scale, max 40", () => {
    expect(pss10.items.map((item) => item.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `pss10_${index + 1}`),
    );
    expect(pss10.options.map((option) => option.value)).toEqual([0, 1, 2, 3, 4]);
    expect(pss10.maxScore).toBe(40);
    expect(pss10.area).toBe("stress");
  });

  it("reverse-scores exactly items 4, 5, 7 and 8", () => {
    expect(pss10.items.filter((item) => item.reverse).map((item) => item.id)).toEqual([
      "pss10_4",
      "pss10_5",
      "pss10_7",
      "pss10_8",
    ]);
  });

  it("reverses an answer as 4 − value", () => {
    const item4 = pss10.items[3];
    const item1 = pss10.items[0];
    if (!item4 || !item1) throw new Error("missing items");
    expect([0, 1, 2, 3, 4].map((value) => scoredValue(pss10, item4, value))).toEqual([
      4, 3, 2, 1, 0,
    ]);
    expect([0, 1, 2, 3, 4].map((value) => scoredValue(pss10, item1, value))).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });

  it("scores all zeros as 16 (the four reversed items give 4 each), moderate", () => {
    const result = scoreInstrument(pss10, answers([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(result.score).toBe(16);
    expect(result.band).toBe("moderate");
  });

  it("scores all 4 as 24 (six items × 4, reversed items 0), moderate", () => {
    const result = scoreInstrument(pss10, answers([4, 4, 4, 4, 4, 4, 4, 4, 4, 4]));
    expect(result.score).toBe(24);
    expect(result.band).toBe("moderate");
  });

  it("scores the most stressed answers as 40 and the least as 0", () => {
    expect(scoreInstrument(pss10, answers([4, 4, 4, 0, 0, 4, 0, 0, 4, 4])).score).toBe(40);
    expect(scoreInstrument(pss10, answers([0, 0, 0, 4, 4, 0, 4, 4, 0, 0])).score).toBe(0);
  });

  it("scores a mixed set computed by hand: 28, high", () => {
    // answers:            1  2  3  4  5  6  7  8  9  10
    // values:             3  2  4  1  0  2  3  1  2  4
    // scored (4,5,7,8 rev) 3  2  4  3  4  2  1  3  2  4  = 28
    const result = scoreInstrument(pss10, answers([3, 2, 4, 1, 0, 2, 3, 1, 2, 4]));
    expect(result.score).toBe(28);
    expect(result.band).toBe("high");
    // The PSS has no clinical cut-offs: even "high" weighs no more than "mild".
    expect(result.severity).toBe(1);
  });

  it.each([
    [0, "low"],
    [13, "low"],
    [14, "moderate"],
    [26, "moderate"],
    [27, "high"],
    [40, "high"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(pss10, score).id).toBe(band);
  });

  it("says in its source that the bands are common use, not official", () => {
    expect(pss10.source).toMatch(/common use/);
    expect(pss10.source).toMatch(/not official/);
  });
});
