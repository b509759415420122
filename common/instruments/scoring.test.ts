import { describe, expect, it } from "vitest";
import { gad7 } from "./gad7.ts";
import { phq9 } from "./phq9.ts";
import {
  InvalidAnswersError,
  PHQ9_SAFETY_ITEM,
  bandFor,
  isCrisis,
  scoreInstrument,
  validateAnswers,
  validateItemAnswers,
} from "./scoring.ts";
import type { Instrument } from "./types.ts";

const gadZeros = (): Record<string, unknown> =>
  Object.fromEntries(gad7.items.map((item) => [item.id, 0]));

describe("validateAnswers", () => {
  it("accepts a complete set and returns the numbers", () => {
    expect(validateAnswers(gad7, { ...gadZeros(), gad7_3: 2 })).toEqual({
      ok: true,
      answers: { gad7_1: 0, gad7_2: 0, gad7_3: 2, gad7_4: 0, gad7_5: 0, gad7_6: 0, gad7_7: 0 },
    });
  });

  it("reports a missing item as required", () => {
    const answers = gadZeros();
    delete answers.gad7_4;
    expect(validateAnswers(gad7, answers)).toEqual({ ok: false, fields: { gad7_4: "required" } });
  });

  it("treats null and empty string as missing", () => {
    expect(validateAnswers(gad7, { ...gadZeros(), gad7_1: null, gad7_2: "" })).toEqual({
      ok: false,
      fields: { gad7_1: "required", gad7_2: "required" },
    });
  });

  it("requires every item of an empty answer set", () => {
    const result = validateAnswers(phq9, {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fields)).toHaveLength(9);
      expect(result.fields[PHQ9_SAFETY_ITEM]).toBe("required");
    }
  });

  it("reports unknown items", () => {
    expect(validateAnswers(gad7, { ...gadZeros(), gad7_8: 1, phq9_1: 0 })).toEqual({
      ok: false,
      fields: { gad7_8: "unknown_item", phq9_1: "unknown_item" },
    });
  });

  it("reports a __proto__ key from parsed JSON as unknown", () => {
    const answers = JSON.parse(`{"__proto__": 1}`) as Record<string, unknown>;
    const result = validateAnswers(gad7, Object.assign(answers, gadZeros()));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fields)).toEqual(["__proto__"]);
      expect(Object.getOwnPropertyDescriptor(result.fields, "__proto__")?.value).toBe(
        "unknown_item",
      );
    }
  });

  it("reports values outside the answer scale as out_of_range", () => {
    expect(validateAnswers(gad7, { ...gadZeros(), gad7_1: 4, gad7_2: -1 })).toEqual({
      ok: false,
      fields: { gad7_1: "out_of_range", gad7_2: "out_of_range" },
    });
  });

  it("reports non-integers, strings and other types as not_integer", () => {
    expect(
      validateAnswers(gad7, {
        ...gadZeros(),
        gad7_1: 1.5,
        gad7_2: "2",
        gad7_3: Number.NaN,
        gad7_4: Number.POSITIVE_INFINITY,
        gad7_5: true,
        gad7_6: [1],
        gad7_7: { value: 1 },
      }),
    ).toEqual({
      ok: false,
      fields: {
        gad7_1: "not_integer",
        gad7_2: "not_integer",
        gad7_3: "not_integer",
        gad7_4: "not_integer",
        gad7_5: "not_integer",
        gad7_6: "not_integer",
        gad7_7: "not_integer",
      },
    });
  });

  it("treats a non-object answer set as empty", () => {
    for (const value of [null, undefined, 3, "x", [0, 1]]) {
      const result = validateAnswers(gad7, value as unknown as Record<string, unknown>);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.values(result.fields)).toEqual(Array(7).fill("required"));
    }
  });

  it("uses an item's own options over the instrument's", () => {
    const custom: Instrument = {
      ...gad7,
      items: [{ id: "x_1", text: gad7.intro, options: [{ value: 0, label: gad7.intro }] }],
    };
    expect(validateAnswers(custom, { x_1: 1 })).toEqual({
      ok: false,
      fields: { x_1: "out_of_range" },
    });
    expect(validateItemAnswers([{ id: "a", options: gad7.options }], { a: 3 }).ok).toBe(true);
  });
});

describe("scoreInstrument", () => {
  it("throws InvalidAnswersError with the field errors on invalid answers", () => {
    try {
      scoreInstrument(gad7, { gad7_1: 1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidAnswersError);
      expect((error as InvalidAnswersError).fields.gad7_2).toBe("required");
    }
  });
});

describe("bandFor", () => {
  it("throws for scores no band covers", () => {
    expect(() => bandFor(phq9, -1)).toThrow(RangeError);
    expect(() => bandFor(phq9, 28)).toThrow(RangeError);
    expect(() => bandFor(phq9, 4.5)).toThrow(RangeError);
  });
});

describe("isCrisis", () => {
  it("uses PHQ-9 item 9", () => {
    expect(PHQ9_SAFETY_ITEM).toBe("phq9_9");
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, true],
  ])("phq9_9 = %i → %s", (value, expected) => {
    expect(isCrisis({ phq9_1: 0, phq9_2: 0, phq9_9: value })).toBe(expected);
  });

  it("is false when phq9_9 is absent, null or empty", () => {
    expect(isCrisis({})).toBe(false);
    expect(isCrisis({ phq9_1: 3, phq9_2: 3 })).toBe(false);
    expect(isCrisis({ phq9_9: null })).toBe(false);
    expect(isCrisis({ phq9_9: "" })).toBe(false);
    expect(isCrisis(null)).toBe(false);
    expect(isCrisis(undefined)).toBe(false);
  });

  it("ignores a low total: crisis whatever the other answers", () => {
    const answers = Object.fromEntries(phq9.items.map((item) => [item.id, 0]));
    expect(isCrisis({ ...answers, phq9_9: 1 })).toBe(true);
    expect(scoreInstrument(phq9, { ...answers, phq9_9: 1 }).band).toBe("minimal");
  });

  it("reads numeric strings and fails safe on unreadable answers", () => {
    expect(isCrisis({ phq9_9: "2" })).toBe(true);
    expect(isCrisis({ phq9_9: " 0 " })).toBe(false);
    expect(isCrisis({ phq9_9: "yes" })).toBe(true);
    expect(isCrisis({ phq9_9: Number.NaN })).toBe(true);
    expect(isCrisis({ phq9_9: true })).toBe(true);
  });

  it("does not look at inherited properties", () => {
    const answers = Object.create({ phq9_9: 3 }) as Record<string, number>;
    expect(isCrisis(answers)).toBe(false);
  });
});
