import { describe, expect, it } from "vitest";
import { phq9 } from "./phq9.ts";
import { bandFor, scoreInstrument } from "./scoring.ts";

function answers(values: number[]): Record<string, number> {
  return Object.fromEntries(values.map((value, index) => [`phq9_${index + 1}`, value]));
}

describe("phq9", () => {
  it("has nine scored items phq9_1…phq9_9 on a 0–3 scale, max 27", () => {
    expect(phq9.items.filter((item) => !item.unscored).map((item) => item.id)).toEqual([
      "phq9_1",
      "phq9_2",
      "phq9_3",
      "phq9_4",
      "phq9_5",
      "phq9_6",
      "phq9_7",
      "phq9_8",
      "phq9_9",
    ]);
    expect(phq9.options.map((option) => option.value)).toEqual([0, 1, 2, 3]);
    expect(phq9.maxScore).toBe(27);
    expect(phq9.items.some((item) => item.reverse)).toBe(false);
    expect(phq9.area).toBe("depression");
  });

  it("closes with the unscored difficulty question, optional and left out of the total", () => {
    const difficulty = phq9.items[9];
    expect(difficulty).toMatchObject({ id: "phq9_10", unscored: true });
    expect(difficulty?.text.en).toBe(
      "If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?",
    );
    expect(difficulty?.options?.map((option) => option.label.en)).toEqual([
      "Not difficult at all",
      "Somewhat difficult",
      "Very difficult",
      "Extremely difficult",
    ]);
    const all3 = answers([3, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(scoreInstrument(phq9, all3).score).toBe(27);
    expect(scoreInstrument(phq9, { ...all3, phq9_10: 3 }).score).toBe(27);
  });

  it("keeps the official item 9 wording", () => {
    expect(phq9.items[8]?.text).toEqual({
      sv: "Tankar att det skulle vara bättre om du var död eller att du skulle skada dig på något sätt",
      en: "Thoughts that you would be better off dead or of hurting yourself in some way",
      no: "Tanker om at det ville vært bedre om du var død eller om å skade deg selv",
      da: "Tanker om, at det ville være bedre, hvis du var død eller om at gøre skade på dig selv på en eller anden måde",
    });
  });

  it("states the two-week time frame in every language", () => {
    expect(phq9.intro.en).toBe(
      "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
    );
    expect(phq9.intro.sv).toContain("2 veckorna");
    expect(phq9.intro.no).toContain("to ukene");
    expect(phq9.intro.da).toContain("2 uger");
  });

  it("scores all zeros as 0, minimal", () => {
    expect(scoreInstrument(phq9, answers([0, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual({
      instrument: "phq9",
      area: "depression",
      score: 0,
      max: 27,
      band: "minimal",
      severity: 0,
    });
  });

  it("scores all 3 as 27, severe", () => {
    const result = scoreInstrument(phq9, answers([3, 3, 3, 3, 3, 3, 3, 3, 3]));
    expect(result.score).toBe(27);
    expect(result.band).toBe("severe");
    expect(result.severity).toBe(4);
  });

  it("scores a mixed set: 1+2+0+3+1+0+2+1+0 = 10, moderate", () => {
    const result = scoreInstrument(phq9, answers([1, 2, 0, 3, 1, 0, 2, 1, 0]));
    expect(result.score).toBe(10);
    expect(result.band).toBe("moderate");
    expect(result.severity).toBe(2);
  });

  it.each([
    [0, "minimal"],
    [4, "minimal"],
    [5, "mild"],
    [9, "mild"],
    [10, "moderate"],
    [14, "moderate"],
    [15, "moderately_severe"],
    [19, "moderately_severe"],
    [20, "severe"],
    [27, "severe"],
  ])("puts score %i in band %s", (score, band) => {
    expect(bandFor(phq9, score).id).toBe(band);
  });

  it("reaches the band boundaries through real answer sets", () => {
    expect(scoreInstrument(phq9, answers([3, 1, 0, 0, 0, 0, 0, 0, 0])).band).toBe("minimal"); // 4
    expect(scoreInstrument(phq9, answers([3, 2, 0, 0, 0, 0, 0, 0, 0])).band).toBe("mild"); // 5
    expect(scoreInstrument(phq9, answers([3, 3, 3, 3, 3, 3, 1, 0, 0])).band).toBe(
      "moderately_severe",
    ); // 19
    expect(scoreInstrument(phq9, answers([3, 3, 3, 3, 3, 3, 2, 0, 0])).band).toBe("severe"); // 20
  });
});
