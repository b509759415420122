import { describe, expect, it } from "vitest";
import { getInstrument } from "../instruments/registry.ts";
import { itemOptions, scoreInstrument } from "../instruments/scoring.ts";
import type { InstrumentId } from "../instruments/types.ts";
import { healthcareAdvice, recommendAreas, reliablyWorse, sleepWindowWithheldByScreening, type ScoredResult } from "./rules.ts";

/**
 * Every cut-off of ../../../shared/design/clinical.md, written out here by hand from that document
 * (not read from the code), checked one below, at and one above, through real answer sets: the
 * scales, ranges and bands of the instruments table, and the cut-offs of the recommendation and
 * safety rules. PSS-4 has "no official bands" in clinical.md: its bands are the product's own
 * (docs/clinical/instruments.md) and are held here to "never above mild" as the PSS rule says.
 */

/** Answers scoring exactly `score` (items filled in order; reversed items answered to score what is wanted). */
function answersScoring(id: InstrumentId, score: number): Record<string, number> {
  const instrument = getInstrument(id);
  let remaining = score;
  const answers: Record<string, number> = {};
  for (const item of instrument.items) {
    if (item.unscored) continue;
    const max = Math.max(...itemOptions(instrument, item).map((o) => o.value));
    const wanted = Math.min(remaining, max);
    remaining -= wanted;
    answers[item.id] = item.reverse ? max - wanted : wanted;
  }
  if (remaining !== 0) throw new Error(`${id} cannot reach ${score}`);
  return answers;
}

/** clinical.md's instruments table: scale, range and bands (lowest score of each band, its name). */
const TABLE: Record<InstrumentId, { items: number; scale: [number, number]; max: number; bands: [number, string][]; maxSeverity?: number }> = {
  phq9: { items: 9, scale: [0, 3], max: 27, bands: [[0, "minimal"], [5, "mild"], [10, "moderate"], [15, "moderately_severe"], [20, "severe"]] },
  phq2: { items: 2, scale: [0, 3], max: 6, bands: [[0, "negative"], [3, "positive"]] },
  gad7: { items: 7, scale: [0, 3], max: 21, bands: [[0, "minimal"], [5, "mild"], [10, "moderate"], [15, "severe"]] },
  gad2: { items: 2, scale: [0, 3], max: 6, bands: [[0, "negative"], [3, "positive"]] },
  pss10: { items: 10, scale: [0, 4], max: 40, bands: [[0, "low"], [14, "moderate"], [27, "high"]], maxSeverity: 1 },
  pss4: { items: 4, scale: [0, 4], max: 16, bands: [[0, "low"], [6, "moderate"], [11, "high"]], maxSeverity: 1 },
  miss: { items: 3, scale: [0, 4], max: 12, bands: [[0, "no_insomnia_likely"], [6, "insomnia_likely"]] },
};

/** The band clinical.md gives a score. */
function expectedBand(id: InstrumentId, score: number): string {
  return [...TABLE[id].bands].reverse().find(([from]) => score >= from)?.[1] ?? "none";
}

/** Each band's lowest score − 1, itself and + 1, and the two ends of the range. */
function boundaryScores(id: InstrumentId): number[] {
  const { bands, max } = TABLE[id];
  const scores = new Set<number>([0, 1, max - 1, max]);
  for (const [from] of bands.slice(1)) for (const score of [from - 1, from, from + 1]) scores.add(score);
  return [...scores].filter((score) => score >= 0 && score <= max).sort((a, b) => a - b);
}

const IDS = Object.keys(TABLE) as InstrumentId[];

describe.each(IDS)("%s as clinical.md gives it", (id) => {
  const instrument = getInstrument(id);
  const { items, scale, max, maxSeverity } = TABLE[id];

  it(`${items} scored items on a ${scale[0]}–${scale[1]} scale, range 0–${max}`, () => {
    const scored = instrument.items.filter((item) => !item.unscored);
    expect(scored).toHaveLength(items);
    for (const item of scored) expect(itemOptions(instrument, item).map((o) => o.value)).toEqual(Array.from({ length: scale[1] - scale[0] + 1 }, (_, i) => scale[0] + i));
    expect(instrument.maxScore).toBe(max);
    expect(scoreInstrument(instrument, answersScoring(id, 0)).score).toBe(0);
    expect(scoreInstrument(instrument, answersScoring(id, max)).score).toBe(max);
    expect(() => answersScoring(id, max + 1)).toThrow();
  });

  it.each(boundaryScores(id))("score %i is in the band clinical.md gives it", (score) => {
    const result = scoreInstrument(instrument, answersScoring(id, score));
    expect(result.score).toBe(score);
    expect(result.band).toBe(expectedBand(id, score));
    if (maxSeverity !== undefined) expect(result.severity).toBeLessThanOrEqual(maxSeverity);
  });
});

const r = (instrument: InstrumentId, score: number): ScoredResult => ({ instrument, score });
const areas = (results: ScoredResult[], selfHarm = false) => recommendAreas(results, selfHarm).map((rec) => rec.area);

/** clinical.md's recommendation cut-offs: [instrument, cut-off, area]. PSS: from the common-use "moderate". */
const RECOMMEND: [InstrumentId, number, string][] = [
  ["phq9", 10, "depression"],
  ["phq2", 3, "depression"],
  ["gad7", 10, "anxiety"],
  ["gad2", 3, "anxiety"],
  ["miss", 6, "sleep"],
  ["pss10", 14, "stress"],
  ["pss4", 6, "stress"],
];

describe("recommendations (clinical.md): each cut-off one below, at and one above", () => {
  it.each(RECOMMEND)("%s ≥ %i recommends %s", (id, cut, area) => {
    expect(areas([r(id, cut - 1)])).toEqual([]);
    expect(areas([r(id, cut)])).toEqual([area]);
    expect(areas([r(id, cut + 1)])).toEqual([area]);
  });

  it("item 9 above 0 puts depression first whatever the totals; every area at its cut-off in clinical precedence", () => {
    expect(areas([r("phq9", 0), r("gad7", 21), r("pss10", 40), r("miss", 12)], true)).toEqual(["depression", "anxiety", "sleep", "stress"]);
    expect(areas([r("phq9", 10), r("gad7", 10), r("pss10", 14), r("miss", 6)])).toEqual(["depression", "anxiety", "sleep", "stress"]);
    // A tie of score/max never reorders: stress at its maximum stays last.
    expect(areas([r("pss10", 40), r("miss", 6), r("gad7", 10)])).toEqual(["anxiety", "sleep", "stress"]);
  });
});

describe("safety rules (clinical.md): each cut-off one below, at and one above", () => {
  it.each([
    ["phq9", 15],
    ["gad7", 15],
  ] as const)("%s ≥ %i advises healthcare", (id, cut) => {
    expect(healthcareAdvice({ results: [r(id, cut - 1)], selfHarm: false })).toBe(false);
    expect(healthcareAdvice({ results: [r(id, cut)], selfHarm: false })).toBe(true);
    expect(healthcareAdvice({ results: [r(id, cut + 1)], selfHarm: false })).toBe(true);
  });

  it("item 9 above 0 advises healthcare at any total, and for 14 days after", () => {
    expect(healthcareAdvice({ results: [r("phq9", 1)], selfHarm: true })).toBe(true);
    expect(healthcareAdvice({ results: [r("phq2", 0)], selfHarm: false, recentCrisis: true })).toBe(true);
  });

  it("the sleep window is withheld at PHQ-9 ≥ 20 and after item 9 above 0", () => {
    const withheld = (newestPhq9: number) => sleepWindowWithheldByScreening({ selfHarm: false, recentCrisis: false, newestPhq9 });
    expect([19, 20, 21].map(withheld)).toEqual([false, true, true]);
    expect(sleepWindowWithheldByScreening({ selfHarm: true, recentCrisis: false, newestPhq9: 0 })).toBe(true);
  });

  it.each([
    ["phq9", 5, 20],
    ["gad7", 4, 15],
  ] as const)("%s: a rise of %i points, or into the severe band (from %i), is a reliable worsening", (id, rise, severe) => {
    expect(reliablyWorse(r(id, 2), r(id, 2 + rise - 1))).toBe(false);
    expect(reliablyWorse(r(id, 2), r(id, 2 + rise))).toBe(true);
    expect(reliablyWorse(r(id, 2), r(id, 2 + rise + 1))).toBe(true);
    expect(reliablyWorse(r(id, severe - 2), r(id, severe - 1))).toBe(false);
    expect(reliablyWorse(r(id, severe - 2), r(id, severe))).toBe(true);
    expect(reliablyWorse(r(id, severe), r(id, severe + 1))).toBe(false);
  });

  it("a step in a stress or sleep band alone is never a reason", () => {
    for (const [id, cut] of [["pss10", 27], ["pss4", 11], ["miss", 6]] as const) {
      expect(reliablyWorse(r(id, 0), r(id, cut + 1))).toBe(false);
      expect(healthcareAdvice({ results: [r(id, TABLE[id].max)], selfHarm: false })).toBe(false);
    }
  });
});
