import type { Area, InstrumentId } from "../instruments/types.ts";

/**
 * The clinical rules behind recommendations and healthcare advice, written as the table in
 * docs/clinical/recommendations.md and implemented as exactly that table (the test
 * `rules.test.ts` reads the document and compares). Pure: the server applies them to stored
 * results, tests apply them to profiles.
 *
 * Never a comparison of score/max across questionnaires: an area is recommended when one of its
 * criteria is met, and the recommended areas come in the table's order.
 */

/** A criterion: a score at or above a cut-off on one questionnaire, or the self-harm item. */
export type Criterion =
  | { kind: "self_harm" }
  | { kind: "score"; instrument: InstrumentId; min: number };

export interface RecommendationRule {
  /** 1 = recommended first. */
  precedence: 1 | 2 | 3 | 4;
  area: Area;
  /** Any one of these recommends the area. */
  criteria: readonly Criterion[];
}

/** Rows 1–4 of the table in docs/clinical/recommendations.md. */
export const RECOMMENDATION_RULES: readonly RecommendationRule[] = Object.freeze([
  {
    precedence: 1,
    area: "depression",
    criteria: [
      { kind: "self_harm" },
      { kind: "score", instrument: "phq9", min: 10 },
      { kind: "score", instrument: "phq2", min: 3 },
    ],
  },
  {
    precedence: 2,
    area: "anxiety",
    criteria: [
      { kind: "score", instrument: "gad7", min: 10 },
      { kind: "score", instrument: "gad2", min: 3 },
    ],
  },
  { precedence: 3, area: "sleep", criteria: [{ kind: "score", instrument: "miss", min: 6 }] },
  {
    precedence: 4,
    area: "stress",
    criteria: [
      { kind: "score", instrument: "pss10", min: 14 },
      { kind: "score", instrument: "pss4", min: 6 },
    ],
  },
] as const satisfies readonly RecommendationRule[]);

/** Scores at or above which contacting healthcare is advised, whatever else (table rows H2, H3). */
export const HEALTHCARE_SCORES: Readonly<Partial<Record<InstrumentId, number>>> = Object.freeze({
  phq9: 15,
  gad7: 15,
});

/** A crisis answer (PHQ-9 item 9 above 0) keeps the healthcare advice on this many days (H4). */
export const CRISIS_ADVICE_DAYS = 14;

/**
 * A reliable worsening (H5): a rise of at least `rise` points, or a move into the severe band
 * (`severeFrom` and above from below it). Only PHQ-9 and GAD-7: a step in a stress or sleep band
 * alone is never a reason.
 */
export const RELIABLE_WORSENING: Readonly<Partial<Record<InstrumentId, { rise: number; severeFrom: number }>>> =
  Object.freeze({
    phq9: { rise: 5, severeFrom: 20 },
    gad7: { rise: 4, severeFrom: 15 },
  });

/** The sleep window is withheld when the newest screening shows this PHQ-9 score or more (G2). */
export const SLEEP_WINDOW_PHQ9_LIMIT = 20;

/** A course starts only after a completed screening this many days old at most (S1). */
export const SCREENING_VALID_DAYS = 90;

/** One scored questionnaire of a screening or an evaluation. */
export interface ScoredResult {
  instrument: InstrumentId;
  score: number;
}

export interface Recommendation {
  area: Area;
  /** 1 = first. Consecutive over the recommended areas only. */
  rank: number;
  /** The criterion that recommended the area (the first met, in the table's order). */
  criterion: Criterion;
  /** The result the criterion read; null for the self-harm criterion. */
  result: ScoredResult | null;
}

function met(criterion: Criterion, results: readonly ScoredResult[], selfHarm: boolean): ScoredResult | null | false {
  if (criterion.kind === "self_harm") return selfHarm ? null : false;
  const result = results.find((candidate) => candidate.instrument === criterion.instrument);
  return result && result.score >= criterion.min ? result : false;
}

/**
 * The areas to recommend, in clinical precedence, from one screening's results and whether its
 * PHQ-9 item 9 was answered above 0. Areas below their threshold are not recommended: with none
 * the list is empty (no course is needed now).
 */
export function recommendAreas(results: readonly ScoredResult[], selfHarm: boolean): Recommendation[] {
  const recommended: Recommendation[] = [];
  for (const rule of RECOMMENDATION_RULES) {
    for (const criterion of rule.criteria) {
      const hit = met(criterion, results, selfHarm);
      if (hit === false) continue;
      recommended.push({ area: rule.area, rank: recommended.length + 1, criterion, result: hit });
      break;
    }
  }
  return recommended;
}

/** True for a rise of PHQ-9 ≥ 5 or GAD-7 ≥ 4 points, or a move into their severe band (H5). */
export function reliablyWorse(previous: ScoredResult | null | undefined, current: ScoredResult): boolean {
  if (!previous || previous.instrument !== current.instrument) return false;
  const rule = RELIABLE_WORSENING[current.instrument];
  if (!rule) return false;
  if (current.score - previous.score >= rule.rise) return true;
  return current.score >= rule.severeFrom && previous.score < rule.severeFrom;
}

/**
 * H5 for a course evaluation or check-in: reliably worse than the person's previous answer to the
 * same questionnaire or than the screening baseline (the newest completed screening holding it).
 * The same rule when the answer comes and when the recommendations read it later.
 */
export function evaluationWorsened(result: ScoredResult, earlier: { previousEvaluation: number | null; screeningBaseline: number | null }): boolean {
  return [earlier.previousEvaluation, earlier.screeningBaseline].some(
    (score) => score !== null && reliablyWorse({ instrument: result.instrument, score }, result),
  );
}

/** The questionnaires whose totals advise healthcare by themselves (H2, H3) or by a reliable worsening (H5). */
export const ADVICE_INSTRUMENTS: readonly InstrumentId[] = Object.freeze(
  [...new Set([...Object.keys(HEALTHCARE_SCORES), ...Object.keys(RELIABLE_WORSENING)])] as InstrumentId[],
);

export interface AdviceInput {
  /** The results now (a screening's areas, or one evaluation). */
  results: readonly ScoredResult[];
  /** PHQ-9 item 9 answered above 0 now. */
  selfHarm: boolean;
  /** PHQ-9 item 9 answered above 0 anywhere in the last CRISIS_ADVICE_DAYS days. */
  recentCrisis?: boolean;
  /** A reliable worsening against the previous evaluation or the screening baseline. */
  worsened?: boolean;
}

/**
 * Contact healthcare, next to any course (rows H1–H5): self-harm now or in the last 14 days,
 * PHQ-9 ≥ 15, GAD-7 ≥ 15, or a reliable worsening. The same rule on every path.
 */
export function healthcareAdvice(input: AdviceInput): boolean {
  if (input.selfHarm || input.recentCrisis || input.worsened) return true;
  return input.results.some((result) => {
    const threshold = HEALTHCARE_SCORES[result.instrument];
    return threshold !== undefined && result.score >= threshold;
  });
}

/**
 * Whether the sleep window (sleep restriction) is withheld by what the person answered (G2): PHQ-9
 * item 9 above 0 in the newest screening (or a crisis answer in the last 14 days), or their newest
 * PHQ-9 total (an extended screening or a course questionnaire, whichever is newer) at
 * SLEEP_WINDOW_PHQ9_LIMIT.
 */
export function sleepWindowWithheldByScreening(input: { selfHarm: boolean; recentCrisis: boolean; newestPhq9: number | null }): boolean {
  if (input.selfHarm || input.recentCrisis) return true;
  return input.newestPhq9 !== null && input.newestPhq9 >= SLEEP_WINDOW_PHQ9_LIMIT;
}
