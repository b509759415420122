import { describe, expect, it } from "vitest";
import { gad2 } from "./gad2.ts";
import { gad7 } from "./gad7.ts";
import { bandFor, scoreInstrument } from "./scoring.ts";

describe("gad2", () => {
  it("reuses GAD-7 items 1 and 2 with their ids, wording and scale", () => {
    expect(gad2.items).toEqual([gad7.items[0], gad7.items[1]]);
    expect(gad2.items.map((item) => item.id)).toEqual(["gad7_1", "gad7_2"]);
    expect(gad2.options).toBe(gad7.options);
    expect(gad2.intro).toBe(gad7.intro);
    expect(gad2.maxScore).toBe(6);
  });

  it("scores all zeros as 0 and all 3 as 6", () => {
    expect(scoreInstrument(gad2, { gad7_1: 0, gad7_2: 0 })).toMatchObject({
      score: 0,
      band: "negative",
    });
    expect(scoreInstrument(gad2, { gad7_1: 3, gad7_2: 3 })).toMatchObject({
      score: 6,
      band: "positive",
    });
  });

  it("is positive from 3: 2 + 1 = 3 positive, 0 + 2 = 2 negative", () => {
    expect(scoreInstrument(gad2, { gad7_1: 2, gad7_2: 1 }).band).toBe("positive");
    expect(scoreInstrument(gad2, { gad7_1: 0, gad7_2: 2 }).band).toBe("negative");
  });

  it.each([
    [0, "negative"],
    [2, "negative"],
    [3, "positive"],
    [6, "positive"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(gad2, score).id).toBe(band);
  });
});
