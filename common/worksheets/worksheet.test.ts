import { describe, expect, it } from "vitest";
import { sleepEfficiency, worksheetValuesSchema } from "./worksheet.ts";
import { zodFieldErrors } from "../schemas/field-errors.ts";
import type { WorksheetDef } from "../content/schema.ts";

const night = { bedtime: "22:30", lights_out: "23:00", sleep_onset_minutes: 45, awake_minutes: 60, wake_time: "06:00", out_of_bed: "06:45" };

describe("sleepEfficiency", () => {
  it("computes the worked example of the sleep diary (64 %)", () => {
    expect(sleepEfficiency(night)).toBe(64);
  });

  it("handles nights that do not cross midnight, limits to 0–100, and is empty when data is missing", () => {
    expect(sleepEfficiency({ ...night, bedtime: "00:30", lights_out: "00:30", sleep_onset_minutes: 0, awake_minutes: 0, wake_time: "08:30", out_of_bed: "08:30" })).toBe(100);
    expect(sleepEfficiency({ ...night, sleep_onset_minutes: 600 })).toBe(0);
    expect(sleepEfficiency({ ...night, wake_time: null })).toBeNull();
    expect(sleepEfficiency({ ...night, bedtime: "06:45" })).toBeNull();
  });
});

describe("worksheetValuesSchema", () => {
  const def: WorksheetDef = {
    key: "t",
    title: { sv: "T", en: "T", no: "T", da: "T" },
    fields: [
      { key: "note", type: "longtext", required: true, label: { sv: "N", en: "N", no: "N", da: "N" } },
      { key: "level", type: "scale", required: false, min: 0, max: 10, label: { sv: "L", en: "L", no: "L", da: "L" } },
      { key: "at", type: "time", required: false, label: { sv: "A", en: "A", no: "A", da: "A" } },
    ],
  };
  const schema = worksheetValuesSchema(def);

  it("accepts valid values and empty optional ones", () => {
    expect(schema.safeParse({ note: "Jobbmöte", level: 7, at: "08:15" }).success).toBe(true);
    expect(schema.safeParse({ note: "Jobbmöte", level: null }).success).toBe(true);
  });

  it("refuses missing required values, out-of-range numbers, bad times and unknown fields", () => {
    expect(schema.safeParse({ level: 3 }).success).toBe(false);
    expect(schema.safeParse({ note: "x", level: 11 }).success).toBe(false);
    expect(schema.safeParse({ note: "x", at: "25:00" }).success).toBe(false);
    expect(schema.safeParse({ note: "x", other: 1 }).success).toBe(false);
  });
});

describe("a required field left empty", () => {
  const label = { sv: "F", en: "F", no: "F", da: "F" };
  const def: WorksheetDef = {
    key: "stress-like",
    title: label,
    fields: [
      { key: "level", type: "scale", required: true, min: 0, max: 10, label },
      { key: "minutes", type: "number", required: true, label },
      { key: "kind", type: "select", required: true, options: [{ value: "a", label }], label },
      { key: "note", type: "longtext", required: true, label },
    ],
  };

  it("is 'fill in this field' (required), not 'this value can't be used', as the form sends it (an empty string)", () => {
    const values = { level: "", minutes: "", kind: "", note: "" };
    const parsed = worksheetValuesSchema(def).safeParse(values);
    expect(parsed.success).toBe(false);
    expect(parsed.success ? {} : zodFieldErrors(parsed.error, values)).toEqual({ level: "required", minutes: "required", kind: "required", note: "required" });
  });

  it("a value that is there but wrong keeps its own message", () => {
    const values = { level: 11, minutes: Number.NaN, kind: "b", note: "x" };
    const parsed = worksheetValuesSchema(def).safeParse(values);
    expect(parsed.success ? {} : zodFieldErrors(parsed.error, values)).toEqual({ level: "out_of_range", minutes: "invalid_type", kind: "invalid_value" });
  });
});
