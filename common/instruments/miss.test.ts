import { describe, expect, it } from "vitest";
import { miss } from "./miss.ts";
import { bandFor, scoreInstrument } from "./scoring.ts";

function answers(values: number[]): Record<string, number> {
  return Object.fromEntries(values.map((value, index) => [`miss_${index + 1}`, value]));
}

describe("miss", () => {
  it("has three items on a 0–4 scale, max 12", () => {
    expect(miss.items.map((item) => item.id)).toEqual(["miss_1", "miss_2", "miss_3"]);
    expect(miss.options.map((option) => option.value)).toEqual([0, 1, 2, 3, 4]);
    expect(miss.options.map((option) => option.label.en)).toEqual([
      "No problems",
      "Minor problems",
      "Moderate problems",
      "Severe problems",
      "Very severe problems",
    ]);
    expect(miss.maxScore).toBe(12);
    expect(miss.area).toBe("sleep");
  });

  it("scores all zeros as 0 and all 4 as 12", () => {
    expect(scoreInstrument(miss, answers([0, 0, 0]))).toMatchObject({
      score: 0,
      band: "no_insomnia_likely",
    });
    expect(scoreInstrument(miss, answers([4, 4, 4]))).toMatchObject({
      score: 12,
      band: "insomnia_likely",
    });
  });

  it("puts 6 (the cut-off) in insomnia_likely and 5 below it", () => {
    expect(scoreInstrument(miss, answers([2, 1, 3])).score).toBe(6);
    expect(scoreInstrument(miss, answers([2, 1, 3])).band).toBe("insomnia_likely");
    expect(scoreInstrument(miss, answers([2, 2, 1])).band).toBe("no_insomnia_likely");
  });

  it.each([
    [0, "no_insomnia_likely"],
    [5, "no_insomnia_likely"],
    [6, "insomnia_likely"],
    [12, "insomnia_likely"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(miss, score).id).toBe(band);
  });

  it("cites Broman et al. 2008 and asks for the cut-off to be verified", () => {
    expect(miss.source).toMatch(/Broman/);
    expect(miss.source).toMatch(/2008/);
    expect(miss.source).toMatch(/verified/);
  });
});
