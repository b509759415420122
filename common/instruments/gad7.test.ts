import { describe, expect, it } from "vitest";
import { gad7 } from "./gad7.ts";
import { bandFor, scoreInstrument } from "./scoring.ts";

function answers(values: number[]): Record<string, number> {
  return Object.fromEntries(values.map((value, index) => [`gad7_${index + 1}`, value]));
}

describe("gad7", () => {
  it("has seven items gad7_1…gad7_7 on a 0–3 scale, max 21", () => {
    expect(gad7.items.map((item) => item.id)).toEqual([
      "gad7_1",
      "gad7_2",
      "gad7_3",
      "gad7_4",
      "gad7_5",
      "gad7_6",
      "gad7_7",
    ]);
    expect(gad7.options.map((option) => option.value)).toEqual([0, 1, 2, 3]);
    expect(gad7.maxScore).toBe(21);
    expect(gad7.items.some((item) => item.reverse)).toBe(false);
    expect(gad7.area).toBe("anxiety");
  });

  it("uses the original English wording", () => {
    expect(gad7.intro.en).toBe(
      "Over the last 2 weeks, how often have you been bothered by the following problems?",
    );
    expect(gad7.items[0]?.text.en).toBe("Feeling nervous, anxious, or on edge");
    expect(gad7.items[6]?.text.en).toBe("Feeling afraid, as if something awful might happen");
  });

  it("scores all zeros as 0, minimal", () => {
    const result = scoreInstrument(gad7, answers([0, 0, 0, 0, 0, 0, 0]));
    expect(result).toEqual({
      instrument: "gad7",
      area: "anxiety",
      score: 0,
      max: 21,
      band: "minimal",
      severity: 0,
    });
  });

  it("scores all 3 as 21, severe", () => {
    const result = scoreInstrument(gad7, answers([3, 3, 3, 3, 3, 3, 3]));
    expect(result.score).toBe(21);
    expect(result.band).toBe("severe");
    expect(result.severity).toBe(4);
  });

  it("scores a mixed set: 2+1+3+0+1+2+0 = 9, mild", () => {
    const result = scoreInstrument(gad7, answers([2, 1, 3, 0, 1, 2, 0]));
    expect(result.score).toBe(9);
    expect(result.band).toBe("mild");
  });

  it.each([
    [0, "minimal"],
    [4, "minimal"],
    [5, "mild"],
    [9, "mild"],
    [10, "moderate"],
    [14, "moderate"],
    [15, "severe"],
    [21, "severe"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(gad7, score).id).toBe(band);
  });

  it("reaches 14/15 through real answer sets", () => {
    expect(scoreInstrument(gad7, answers([3, 3, 3, 3, 2, 0, 0])).band).toBe("moderate");
    expect(scoreInstrument(gad7, answers([3, 3, 3, 3, 3, 0, 0])).band).toBe("severe");
  });
});
