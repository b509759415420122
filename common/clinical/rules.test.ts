import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CRISIS_ADVICE_DAYS,
  HEALTHCARE_SCORES,
  RECOMMENDATION_RULES,
  ADVICE_INSTRUMENTS,
  RELIABLE_WORSENING,
  SCREENING_VALID_DAYS,
  SLEEP_WINDOW_PHQ9_LIMIT,
  evaluationWorsened,
  healthcareAdvice,
  recommendAreas,
  reliablyWorse,
  sleepWindowWithheldByScreening,
  type ScoredResult,
} from "./rules.ts";
import {
  SLEEP_WINDOW_ADJUST_MINUTES,
  SLEEP_WINDOW_GROW_AT,
  SLEEP_WINDOW_KEEP_AT,
  SLEEP_WINDOW_MIN_MINUTES,
  SLEEP_WINDOW_MIN_NIGHTS,
} from "../worksheets/sleep-window.ts";

const doc = readFileSync(path.resolve("docs/clinical/recommendations.md"), "utf8");

/** The texts in backticks of the table row that starts with `| <rule> |` (its columns before the sources). */
function cells(rule: string, columns = 3): string[] {
  const line = doc.split("\n").find((l) => l.startsWith(`| ${rule} |`));
  if (!line) throw new Error(`no row ${rule} in recommendations.md`);
  const text = line.split("|").slice(2, 2 + columns).join("|");
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
}

describe("the rule table in docs/clinical/recommendations.md is the code", () => {
  it.each(RECOMMENDATION_RULES.map((rule, index) => [`R${index + 1}`, rule] as const))("%s", (row, rule) => {
    const [precedence, ...criteria] = cells(row, 3);
    expect(Number(precedence)).toBe(rule.precedence);
    expect(criteria).toEqual(
      rule.criteria.map((c) => (c.kind === "self_harm" ? "self_harm" : `${c.instrument} >= ${c.min}`)),
    );
    expect(doc.split("\n").find((l) => l.startsWith(`| ${row} |`))).toContain(`| ${rule.area} |`);
  });

  it("has no more R rows than the code", () => {
    expect(doc).not.toMatch(new RegExp(`^\\| R${RECOMMENDATION_RULES.length + 1} \\|`, "m"));
  });

  it("H and B rows: thresholds, the crisis window and reliable change", () => {
    expect(cells("H1")).toEqual(["self_harm"]);
    expect(cells("H2")).toEqual([`phq9 >= ${HEALTHCARE_SCORES.phq9}`]);
    expect(cells("H3")).toEqual([`gad7 >= ${HEALTHCARE_SCORES.gad7}`]);
    expect(cells("H4")).toEqual([String(CRISIS_ADVICE_DAYS)]);
    expect(cells("B2")).toEqual([String(CRISIS_ADVICE_DAYS)]);
    expect(cells("S1")).toEqual([String(SCREENING_VALID_DAYS), "POST /course-progress/clear-unfinished/", "screening.required"]);
    expect(cells("H5")).toEqual([
      `phq9 +${RELIABLE_WORSENING.phq9?.rise}`,
      `gad7 +${RELIABLE_WORSENING.gad7?.rise}`,
      `phq9 >= ${RELIABLE_WORSENING.phq9?.severeFrom}`,
      `gad7 >= ${RELIABLE_WORSENING.gad7?.severeFrom}`,
    ]);
    expect(Object.keys(RELIABLE_WORSENING).sort()).toEqual(["gad7", "phq9"]);
  });

  it("G rows: the sleep window's limits", () => {
    expect(cells("G2")).toEqual([`phq9 >= ${SLEEP_WINDOW_PHQ9_LIMIT}`]);
    expect(cells("G4")).toEqual([String(SLEEP_WINDOW_MIN_NIGHTS), String(SLEEP_WINDOW_MIN_MINUTES), `${SLEEP_WINDOW_MIN_MINUTES} minutes`]);
    expect(cells("G5")).toEqual([String(SLEEP_WINDOW_GROW_AT), String(SLEEP_WINDOW_KEEP_AT), String(SLEEP_WINDOW_KEEP_AT), `${SLEEP_WINDOW_ADJUST_MINUTES} minutes`]);
  });
});

const r = (instrument: ScoredResult["instrument"], score: number): ScoredResult => ({ instrument, score });

/** The profiles of issue 23 (and docs/clinical/recommendations.md, "Worked profiles"). */
const profiles: { name: string; results: ScoredResult[]; selfHarm: boolean; areas: string[]; advice: boolean }[] = [
  {
    name: "suicidal with high stress",
    results: [r("phq9", 13), r("gad7", 8), r("pss10", 21), r("miss", 6)],
    selfHarm: true,
    areas: ["depression", "sleep", "stress"],
    advice: true,
  },
  {
    name: "moderately severe depression with very high stress",
    results: [r("phq9", 16), r("gad7", 7), r("pss10", 30), r("miss", 4)],
    selfHarm: false,
    areas: ["depression", "stress"],
    advice: true,
  },
  { name: "no symptoms", results: [r("phq9", 2), r("gad7", 1), r("pss10", 8), r("miss", 1)], selfHarm: false, areas: [], advice: false },
  {
    name: "light screening at maximum with item 9 = 2",
    results: [r("phq2", 6), r("gad2", 6), r("pss4", 16), r("miss", 12)],
    selfHarm: true,
    areas: ["depression", "anxiety", "sleep", "stress"],
    advice: true,
  },
  { name: "anxiety alone", results: [r("phq9", 4), r("gad7", 12), r("pss10", 10), r("miss", 2)], selfHarm: false, areas: ["anxiety"], advice: false },
  { name: "sleep alone", results: [r("phq9", 3), r("gad7", 2), r("pss10", 9), r("miss", 9)], selfHarm: false, areas: ["sleep"], advice: false },
  { name: "self-harm alone puts depression first", results: [r("phq9", 1), r("gad7", 11), r("pss10", 5), r("miss", 0)], selfHarm: true, areas: ["depression", "anxiety"], advice: true },
];

describe("recommendAreas and healthcareAdvice: the profiles", () => {
  it.each(profiles)("$name", ({ results, selfHarm, areas, advice }) => {
    const recommended = recommendAreas(results, selfHarm);
    expect(recommended.map((rec) => rec.area)).toEqual(areas);
    expect(recommended.map((rec) => rec.rank)).toEqual(areas.map((_, i) => i + 1));
    expect(healthcareAdvice({ results, selfHarm })).toBe(advice);
  });

  it("names why: self-harm, or the score that met the cut-off", () => {
    const [depression, sleep] = recommendAreas([r("phq9", 3), r("miss", 7)], true);
    expect(depression).toMatchObject({ area: "depression", criterion: { kind: "self_harm" }, result: null });
    expect(sleep).toMatchObject({ area: "sleep", criterion: { kind: "score", instrument: "miss", min: 6 }, result: { score: 7 } });
  });

  it("each cut-off at its boundary", () => {
    const areas = (results: ScoredResult[]) => recommendAreas(results, false).map((rec) => rec.area);
    expect(areas([r("phq9", 9)])).toEqual([]);
    expect(areas([r("phq9", 10)])).toEqual(["depression"]);
    expect(areas([r("phq2", 2)])).toEqual([]);
    expect(areas([r("phq2", 3)])).toEqual(["depression"]);
    expect(areas([r("gad7", 9)])).toEqual([]);
    expect(areas([r("gad7", 10)])).toEqual(["anxiety"]);
    expect(areas([r("gad2", 3)])).toEqual(["anxiety"]);
    expect(areas([r("miss", 5)])).toEqual([]);
    expect(areas([r("miss", 6)])).toEqual(["sleep"]);
    expect(areas([r("pss10", 13)])).toEqual([]);
    expect(areas([r("pss10", 14)])).toEqual(["stress"]);
    expect(areas([r("pss4", 5)])).toEqual([]);
    expect(areas([r("pss4", 6)])).toEqual(["stress"]);
  });

  it("never compares score/max across questionnaires: stress at its maximum stays after sleep at its cut-off", () => {
    expect(recommendAreas([r("pss10", 40), r("miss", 6)], false).map((rec) => rec.area)).toEqual(["sleep", "stress"]);
    expect(recommendAreas([r("pss10", 40), r("gad7", 10), r("phq9", 10)], false).map((rec) => rec.area)).toEqual(["depression", "anxiety", "stress"]);
  });
});

describe("healthcareAdvice", () => {
  it("PHQ-9 ≥ 15 and GAD-7 ≥ 15 at their boundaries; stress and sleep never", () => {
    expect(healthcareAdvice({ results: [r("phq9", 14)], selfHarm: false })).toBe(false);
    expect(healthcareAdvice({ results: [r("phq9", 15)], selfHarm: false })).toBe(true);
    expect(healthcareAdvice({ results: [r("gad7", 14)], selfHarm: false })).toBe(false);
    expect(healthcareAdvice({ results: [r("gad7", 15)], selfHarm: false })).toBe(true);
    expect(healthcareAdvice({ results: [r("pss10", 40), r("miss", 12), r("pss4", 16)], selfHarm: false })).toBe(false);
  });

  it("a crisis in the last 14 days or a reliable worsening keeps it on", () => {
    expect(healthcareAdvice({ results: [r("phq9", 0)], selfHarm: false, recentCrisis: true })).toBe(true);
    expect(healthcareAdvice({ results: [r("phq9", 0)], selfHarm: false, worsened: true })).toBe(true);
  });
});

describe("reliablyWorse", () => {
  it("PHQ-9 +5 and GAD-7 +4, or into the severe band", () => {
    expect(reliablyWorse(r("phq9", 4), r("phq9", 8))).toBe(false);
    expect(reliablyWorse(r("phq9", 4), r("phq9", 9))).toBe(true);
    expect(reliablyWorse(r("phq9", 18), r("phq9", 20))).toBe(true);
    expect(reliablyWorse(r("phq9", 20), r("phq9", 22))).toBe(false);
    expect(reliablyWorse(r("gad7", 3), r("gad7", 6))).toBe(false);
    expect(reliablyWorse(r("gad7", 3), r("gad7", 7))).toBe(true);
    expect(reliablyWorse(r("gad7", 13), r("gad7", 15))).toBe(true);
  });

  it("a band step in stress or sleep alone is never a worsening, nor a different questionnaire", () => {
    expect(reliablyWorse(r("pss10", 13), r("pss10", 14))).toBe(false);
    expect(reliablyWorse(r("pss10", 0), r("pss10", 40))).toBe(false);
    expect(reliablyWorse(r("miss", 5), r("miss", 12))).toBe(false);
    expect(reliablyWorse(r("phq2", 0), r("phq9", 20))).toBe(false);
    expect(reliablyWorse(null, r("phq9", 27))).toBe(false);
  });
});

describe("sleepWindowWithheldByScreening", () => {
  it("item 9 above 0, a recent crisis, or the newest PHQ-9 ≥ 20", () => {
    expect(sleepWindowWithheldByScreening({ selfHarm: false, recentCrisis: false, newestPhq9: 19 })).toBe(false);
    expect(sleepWindowWithheldByScreening({ selfHarm: false, recentCrisis: false, newestPhq9: 20 })).toBe(true);
    expect(sleepWindowWithheldByScreening({ selfHarm: false, recentCrisis: false, newestPhq9: null })).toBe(false);
    expect(sleepWindowWithheldByScreening({ selfHarm: true, recentCrisis: false, newestPhq9: null })).toBe(true);
    expect(sleepWindowWithheldByScreening({ selfHarm: false, recentCrisis: true, newestPhq9: 3 })).toBe(true);
  });
});

describe("evaluationWorsened (H5 for a course evaluation)", () => {
  it("compares with the evaluation before it and with the screening baseline, either one enough", () => {
    expect(evaluationWorsened(r("phq9", 11), { previousEvaluation: 9, screeningBaseline: 6 })).toBe(true);
    expect(evaluationWorsened(r("phq9", 11), { previousEvaluation: 6, screeningBaseline: null })).toBe(true);
    expect(evaluationWorsened(r("phq9", 10), { previousEvaluation: 6, screeningBaseline: 7 })).toBe(false);
    expect(evaluationWorsened(r("gad7", 7), { previousEvaluation: null, screeningBaseline: 3 })).toBe(true);
    expect(evaluationWorsened(r("gad7", 7), { previousEvaluation: null, screeningBaseline: null })).toBe(false);
    expect(evaluationWorsened(r("pss10", 30), { previousEvaluation: 0, screeningBaseline: 0 })).toBe(false);
  });

  it("the advice questionnaires are those of H2, H3 and H5", () => {
    expect([...ADVICE_INSTRUMENTS].sort()).toEqual(["gad7", "phq9"]);
  });
});
