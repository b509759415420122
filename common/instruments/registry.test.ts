import { describe, expect, it } from "vitest";
import { phq9 } from "./phq9.ts";
import {
  extendedScreeningGroups,
  getInstrument,
  instruments,
  isInstrumentId,
  lightScreening,
  scoreLightScreening,
  validateLightScreening,
} from "./registry.ts";
import { bandFor, itemOptions, scoreInstrument } from "./scoring.ts";
import type { Instrument, Locale, Localized } from "./types.ts";

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];
const allInstruments = Object.values(instruments);

function expectLocalized(text: Localized, where: string): void {
  expect(Object.keys(text).sort(), where).toEqual([...LOCALES].sort());
  for (const locale of LOCALES) {
    expect(typeof text[locale], `${where}.${locale}`).toBe("string");
    expect(text[locale].trim(), `${where}.${locale}`).not.toBe("");
  }
}

function itemMax(instrument: Instrument, index: number): number {
  const item = instrument.items[index];
  if (!item) throw new Error("no item");
  if (item.unscored) return 0; // asked, not scored (the PHQ-9 difficulty question)
  return Math.max(...itemOptions(instrument, item).map((option) => option.value));
}

/** An answer set whose total score is `target` (fills items in order, honouring reversal). */
function answersForScore(instrument: Instrument, target: number): Record<string, number> {
  let remaining = target;
  const answers: Record<string, number> = {};
  instrument.items.forEach((item, index) => {
    if (item.unscored) return;
    const max = itemMax(instrument, index);
    const wanted = Math.min(remaining, max);
    remaining -= wanted;
    answers[item.id] = item.reverse ? max - wanted : wanted;
  });
  if (remaining !== 0) throw new Error(`cannot reach ${target}`);
  return answers;
}

describe("instruments registry", () => {
  it("holds the seven instruments under their own ids", () => {
    expect(Object.keys(instruments).sort()).toEqual(
      ["gad2", "gad7", "miss", "phq2", "phq9", "pss10", "pss4"].sort(),
    );
    for (const [id, instrument] of Object.entries(instruments)) expect(instrument.id).toBe(id);
  });

  it("looks instruments up by id", () => {
    expect(getInstrument("phq9")).toBe(phq9);
    expect(isInstrumentId("gad7")).toBe(true);
    expect(isInstrumentId("isi")).toBe(false);
    expect(isInstrumentId("toString")).toBe(false);
    expect(isInstrumentId(7)).toBe(false);
  });

  it("lists the extended screening groups in order", () => {
    expect(extendedScreeningGroups).toEqual(["phq9", "gad7", "pss10", "miss"]);
    for (const id of extendedScreeningGroups)
      expect(instruments[id].items.length).toBeGreaterThan(2);
  });

  it("is frozen, so the safety item and the question list cannot be changed at run time", () => {
    expect(Object.isFrozen(instruments)).toBe(true);
    expect(Object.isFrozen(phq9.items)).toBe(true);
    expect(Object.isFrozen(phq9.items[8])).toBe(true);
    expect(Object.isFrozen(lightScreening)).toBe(true);
    expect(() => (lightScreening as unknown[]).pop()).toThrow(TypeError);
  });
});

describe.each(allInstruments.map((instrument) => [instrument.id, instrument] as const))(
  "%s data",
  (id, instrument) => {
    it("has every text in all four languages", () => {
      expectLocalized(instrument.title, `${id}.title`);
      expectLocalized(instrument.intro, `${id}.intro`);
      for (const option of instrument.options) expectLocalized(option.label, `${id}.option`);
      for (const item of instrument.items) {
        expectLocalized(item.text, `${id}.${item.id}`);
        for (const option of item.options ?? []) expectLocalized(option.label, `${id}.${item.id}`);
      }
      for (const band of instrument.bands) {
        expectLocalized(band.label, `${id}.${band.id}.label`);
        expectLocalized(band.meaning, `${id}.${band.id}.meaning`);
      }
      expect(instrument.source.trim()).not.toBe("");
      expect(instrument.licence.trim()).not.toBe("");
    });

    it("has option values that are consecutive integers from 0", () => {
      const scales = [instrument.options, ...instrument.items.map((item) => item.options ?? [])];
      for (const scale of scales.filter((options) => options.length > 0)) {
        expect(scale.map((option) => option.value)).toEqual(scale.map((_, index) => index));
      }
    });

    it("has unique item ids of the form <instrument>_<n>", () => {
      const ids = instrument.items.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const itemId of ids) expect(itemId).toMatch(/^(phq9|gad7|pss10|pss4|miss)_\d+$/);
    });

    it("has maxScore equal to the sum of the highest answers", () => {
      const sum = instrument.items.reduce(
        (total, _, index) => total + itemMax(instrument, index),
        0,
      );
      expect(instrument.maxScore).toBe(sum);
    });

    it("has contiguous bands covering 0…maxScore with unique ids", () => {
      const bands = instrument.bands;
      expect(bands[0]?.min).toBe(0);
      expect(bands.at(-1)?.max).toBe(instrument.maxScore);
      bands.forEach((band, index) => {
        expect(band.min).toBeLessThanOrEqual(band.max);
        const next = bands[index + 1];
        if (next) {
          expect(next.min).toBe(band.max + 1);
          // PSS bands have no clinical meaning: they never weigh more than "mild" (severity 1).
          if (instrument.area === "stress") expect(next.severity).toBeGreaterThanOrEqual(band.severity);
          else expect(next.severity).toBeGreaterThan(band.severity);
        }
      });
      expect(new Set(bands.map((band) => band.id)).size).toBe(bands.length);
    });

    it("maps the min and max of every band to that band, also via real answers", () => {
      for (const band of instrument.bands) {
        for (const score of [band.min, band.max]) {
          expect(bandFor(instrument, score).id).toBe(band.id);
          const result = scoreInstrument(instrument, answersForScore(instrument, score));
          expect(result).toEqual({
            instrument: id,
            area: instrument.area,
            score,
            max: instrument.maxScore,
            band: band.id,
            severity: band.severity,
          });
        }
      }
    });
  },
);

describe("lightScreening", () => {
  it("asks the questions in the designed order, PHQ-9 item 9 right after the PHQ-2 items", () => {
    expect(lightScreening.map((question) => question.id)).toEqual([
      "phq9_1",
      "phq9_2",
      "phq9_9",
      "gad7_1",
      "gad7_2",
      "pss4_1",
      "pss4_2",
      "pss4_3",
      "pss4_4",
      "miss_1",
      "miss_2",
      "miss_3",
    ]);
  });

  it("asks PHQ-9 item 9 directly, with the official wording and PHQ-9 stem and scale", () => {
    const item9 = lightScreening.find((question) => question.id === "phq9_9");
    expect(item9).toBeDefined();
    expect(item9?.instrument).toBe("phq9");
    expect(item9?.text).toEqual(phq9.items[8]?.text);
    expect(item9?.intro).toEqual(phq9.intro);
    expect(item9?.options).toEqual(phq9.options);
  });

  it("gives each question its own instrument's stem, wording and options", () => {
    for (const question of lightScreening) {
      const instrument = instruments[question.instrument];
      const item = instrument.items.find((candidate) => candidate.id === question.id);
      expect(item, question.id).toBeDefined();
      if (!item) continue;
      expect(question.intro).toBe(instrument.intro);
      expect(question.text).toBe(item.text);
      expect(question.options).toBe(itemOptions(instrument, item));
      expectLocalized(question.text, question.id);
      expectLocalized(question.intro, question.id);
    }
  });

  const answers = {
    phq9_1: 2,
    phq9_2: 1,
    gad7_1: 0,
    gad7_2: 1,
    pss4_1: 2,
    pss4_2: 1,
    pss4_3: 3,
    pss4_4: 2,
    miss_1: 3,
    miss_2: 2,
    miss_3: 2,
    phq9_9: 0,
  };

  it("scores depression via PHQ-2, anxiety via GAD-2, stress via PSS-4, sleep via MISS", () => {
    expect(scoreLightScreening(answers)).toEqual({
      areas: [
        { instrument: "phq2", area: "depression", score: 3, max: 6, band: "positive", severity: 2 },
        { instrument: "gad2", area: "anxiety", score: 1, max: 6, band: "negative", severity: 0 },
        // PSS-4: 2 + (4−1) + (4−3) + 2 = 8
        { instrument: "pss4", area: "stress", score: 8, max: 16, band: "moderate", severity: 1 },
        {
          instrument: "miss",
          area: "sleep",
          score: 7,
          max: 12,
          band: "insomnia_likely",
          severity: 2,
        },
      ],
      crisis: false,
    });
  });

  it.each([1, 2, 3])("flags a crisis when phq9_9 = %i, whatever the scores", (value) => {
    const calm = Object.fromEntries(Object.keys(answers).map((key) => [key, 0]));
    calm.pss4_2 = 4;
    calm.pss4_3 = 4;
    const result = scoreLightScreening({ ...calm, phq9_9: value });
    expect(result.crisis).toBe(true);
    expect(result.areas.every((area) => area.severity === 0)).toBe(true);
  });

  it("does not count phq9_9 in the depression score", () => {
    const result = scoreLightScreening({ ...answers, phq9_9: 3 });
    expect(result.areas[0]?.score).toBe(3);
  });

  it("validates its own question list", () => {
    expect(validateLightScreening(answers).ok).toBe(true);
    const { phq9_9: _omitted, ...withoutItem9 } = answers;
    expect(validateLightScreening(withoutItem9)).toEqual({
      ok: false,
      fields: { phq9_9: "required" },
    });
    expect(validateLightScreening({ ...answers, phq9_3: 1, miss_1: 5, gad7_1: "1" })).toEqual({
      ok: false,
      fields: { phq9_3: "unknown_item", miss_1: "out_of_range", gad7_1: "not_integer" },
    });
    expect(() => scoreLightScreening(withoutItem9)).toThrow(/phq9_9/);
  });
});
