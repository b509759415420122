import { describe, expect, it } from "vitest";
import { phq2 } from "./phq2.ts";
import { phq9 } from "./phq9.ts";
import { bandFor, scoreInstrument } from "./scoring.ts";

describe("phq2", () => {
  it("reuses PHQ-9 items 1 and 2 with their ids, wording and scale", () => {
    expect(phq2.items).toEqual([phq9.items[0], phq9.items[1]]);
    expect(phq2.items.map((item) => item.id)).toEqual(["phq9_1", "phq9_2"]);
    expect(phq2.options).toBe(phq9.options);
    expect(phq2.intro).toBe(phq9.intro);
    expect(phq2.maxScore).toBe(6);
  });

  it("scores all zeros as 0 and all 3 as 6", () => {
    expect(scoreInstrument(phq2, { phq9_1: 0, phq9_2: 0 })).toMatchObject({
      score: 0,
      band: "negative",
    });
    expect(scoreInstrument(phq2, { phq9_1: 3, phq9_2: 3 })).toMatchObject({
      score: 6,
      band: "positive",
    });
  });

  it("is positive from 3: 1 + 2 = 3 positive, 1 + 1 = 2 negative", () => {
    expect(scoreInstrument(phq2, { phq9_1: 1, phq9_2: 2 }).band).toBe("positive");
    expect(scoreInstrument(phq2, { phq9_1: 1, phq9_2: 1 }).band).toBe("negative");
  });

  it("rejects PHQ-9 items beyond the first two", () => {
    expect(() => scoreInstrument(phq2, { phq9_1: 1, phq9_2: 1, phq9_3: 0 })).toThrow();
  });

  it.each([
    [0, "negative"],
    [2, "negative"],
    [3, "positive"],
    [6, "positive"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(phq2, score).id).toBe(band);
  });
});
