import { describe, expect, it } from "vitest";
import type { ScreeningQuestion } from "../../../common/schemas/screening.ts";
import { restoreAnswers } from "./kept-answers.ts";

const scale = [0, 1, 2, 3].map((value) => ({ value, label: String(value) }));
const question = (id: string, optional?: true): ScreeningQuestion => ({
  id,
  instrument: "phq9",
  intro: "Under de senaste två veckorna",
  text: id,
  options: scale,
  ...(optional ? { optional } : {}),
});
const questions = [question("phq9_1"), question("phq9_9"), question("phq9_10", true)];

describe("answers kept for the tab", () => {
  it("gives back the kept answers that the questions still ask, with a value they offer", () => {
    expect(restoreAnswers({ phq9_1: 2, phq9_9: 1, phq9_10: 0 }, questions)).toEqual({ phq9_1: 2, phq9_9: 1, phq9_10: 0 });
    // An item 9 answer above 0 comes back like any other (the form shows the crisis panel from it).
    expect(restoreAnswers({ phq9_9: 3 }, questions)).toEqual({ phq9_9: 3 });
  });

  it("leaves out what no longer fits: another question, a value not offered, not a number", () => {
    expect(restoreAnswers({ phq9_1: 2, gad7_1: 1, phq9_9: 7, phq9_10: "1" }, questions)).toEqual({ phq9_1: 2 });
    expect(restoreAnswers({ phq9_1: 1.5, phq9_9: -1 }, questions)).toBeNull();
  });

  it("takes nothing that is not a kept set of answers", () => {
    for (const stored of [null, undefined, "phq9_1", 3, [2, 1], {}]) expect(restoreAnswers(stored, questions)).toBeNull();
  });
});
