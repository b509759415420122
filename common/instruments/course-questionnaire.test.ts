import { describe, expect, it } from "vitest";
import { courseQuestionnaire, questionnaireKind, scoreCourseAnswers, validateCourseAnswers } from "./course-questionnaire.ts";
import { namesMonth } from "./recall.ts";
import { getInstrument } from "./registry.ts";
import { COURSE_INSTRUMENTS } from "../content/schema.ts";
import type { Locale } from "./types.ts";

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];

describe("courseQuestionnaire: PHQ-9 item 9 in every programme", () => {
  it.each(COURSE_INSTRUMENTS.flatMap((id) => (["evaluation", "check_in"] as const).map((kind) => [id, kind] as const)))(
    "%s %s asks phq9_9 once, in PHQ-9's wording and scale",
    (id, kind) => {
      const { questions } = courseQuestionnaire(id, kind);
      const safety = questions.filter((q) => q.id === "phq9_9");
      expect(safety).toHaveLength(1);
      expect(safety[0]).toMatchObject({ instrument: "phq9", text: getInstrument("phq9").items[8]?.text, intro: getInstrument("phq9").intro });
      expect(safety[0]?.options.map((o) => o.value)).toEqual([0, 1, 2, 3]);
      expect(questions.filter((q) => q.instrument === id).length).toBe(getInstrument(id).items.length);
    },
  );

  it("a GAD-7 check-in with item 9 = 1: a crisis, and the GAD-7 score leaves item 9 out", () => {
    const gad = courseQuestionnaire("gad7", "check_in");
    const answers = { ...Object.fromEntries(getInstrument("gad7").items.map((item) => [item.id, 2])), phq9_9: 1 };
    expect(scoreCourseAnswers(gad, answers)).toEqual({
      crisis: true,
      result: { instrument: "gad7", area: "anxiety", score: 14, max: 21, band: "moderate", severity: 2 },
    });
  });

  it("item 9 must be answered; the PHQ-9 difficulty question may be left out", () => {
    const gad = courseQuestionnaire("gad7", "check_in");
    const withoutSafety = Object.fromEntries(getInstrument("gad7").items.map((item) => [item.id, 0]));
    expect(validateCourseAnswers(gad, withoutSafety)).toEqual({ ok: false, fields: { phq9_9: "required" } });
    const phq = courseQuestionnaire("phq9", "evaluation");
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9_${i + 1}`, 1]));
    expect(validateCourseAnswers(phq, nine).ok).toBe(true);
    expect(scoreCourseAnswers(phq, { ...nine, phq9_10: 3 }).result.score).toBe(9);
    expect(phq.questions.find((q) => q.id === "phq9_10")?.optional).toBe(true);
  });

  it("post-part screenings are check-ins, evaluations keep the published wording", () => {
    expect(questionnaireKind("post_part_screening")).toBe("check_in");
    expect(questionnaireKind("evaluation")).toBe("evaluation");
  });
});

describe("check-in recall windows: two weeks, not a month", () => {
  it.each(LOCALES)("%s: PSS-10 and MISS name the month in the published wording and two weeks in a check-in", (locale) => {
    for (const id of ["pss10", "miss"] as const) {
      const published = courseQuestionnaire(id, "evaluation").questions.filter((q) => q.instrument === id);
      const checkIn = courseQuestionnaire(id, "check_in").questions.filter((q) => q.instrument === id);
      expect(namesMonth(published[0]?.intro[locale] ?? "", locale), `${id} intro`).toBe(true);
      for (const question of checkIn) {
        expect(namesMonth(question.intro[locale], locale), `${id} ${question.id} intro`).toBe(false);
        expect(namesMonth(question.text[locale], locale), `${id} ${question.id}`).toBe(false);
      }
      expect(checkIn[0]?.intro[locale]).toMatch({ sv: /två veckorna/, en: /two weeks/, no: /to ukene/, da: /to uger/ }[locale]);
    }
    // Every PSS-10 item names its month in the published wording, so each one changed.
    for (const item of getInstrument("pss10").items) expect(namesMonth(item.text[locale], locale), item.id).toBe(true);
  });

  it("PHQ-9 and GAD-7 already ask about two weeks: their check-ins are the published wording", () => {
    for (const id of ["phq9", "gad7"] as const) {
      expect(courseQuestionnaire(id, "check_in").questions.filter((q) => q.instrument === id)).toEqual(
        courseQuestionnaire(id, "evaluation").questions.filter((q) => q.instrument === id),
      );
    }
  });
});
