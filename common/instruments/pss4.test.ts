import { describe, expect, it } from "vitest";
import { pss10 } from "./pss10.ts";
import { pss4 } from "./pss4.ts";
import { bandFor, scoreInstrument } from "./scoring.ts";

function answers(values: number[]): Record<string, number> {
  return Object.fromEntries(values.map((value, index) => [`pss4_${index + 1}`, value]));
}

describe("pss4", () => {
  it("uses PSS-10 items 2, 4, 5 and 10 as pss4_1…pss4_4", () => {
    expect(pss4.items.map((item) => item.id)).toEqual(["pss4_1", "pss4_2", "pss4_3", "pss4_4"]);
    const pss10Text = (n: number) => pss10.items[n - 1]?.text;
    expect(pss4.items.map((item) => item.text)).toEqual([
      pss10Text(2),
      pss10Text(4),
      pss10Text(5),
      pss10Text(10),
    ]);
    expect(pss4.options).toBe(pss10.options);
    expect(pss4.intro).toBe(pss10.intro);
    expect(pss4.maxScore).toBe(16);
  });

  it("reverse-scores PSS-4 items 2 and 3 only", () => {
    expect(pss4.items.map((item) => item.reverse === true)).toEqual([false, true, true, false]);
  });

  it("scores all zeros as 8 (items 2 and 3 reversed to 4), moderate", () => {
    const result = scoreInstrument(pss4, answers([0, 0, 0, 0]));
    expect(result.score).toBe(8);
    expect(result.band).toBe("moderate");
  });

  it("scores all 4 as 8, moderate", () => {
    expect(scoreInstrument(pss4, answers([4, 4, 4, 4])).score).toBe(8);
  });

  it("scores a mixed set computed by hand: 3 + (4−1) + (4−0) + 4 = 14, high", () => {
    const result = scoreInstrument(pss4, answers([3, 1, 0, 4]));
    expect(result.score).toBe(14);
    expect(result.band).toBe("high");
  });

  it("scores the extremes 0 and 16", () => {
    expect(scoreInstrument(pss4, answers([0, 4, 4, 0])).score).toBe(0);
    expect(scoreInstrument(pss4, answers([4, 0, 0, 4])).score).toBe(16);
  });

  it.each([
    [0, "low"],
    [5, "low"],
    [6, "moderate"],
    [10, "moderate"],
    [11, "high"],
    [16, "high"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(pss4, score).id).toBe(band);
  });

  it("says in its source that the bands are not official", () => {
    expect(pss4.source).toMatch(/no official cut-offs/);
    expect(pss4.source).toMatch(/common/);
  });
});
