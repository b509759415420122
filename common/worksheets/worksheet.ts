import { z } from "zod";
import { multilineText, text } from "../schemas/text.ts";
import type { WorksheetDef } from "../content/schema.ts";

/** A worksheet row's values: field key → value (absent or null when left empty). */
export type WorksheetValues = Record<string, string | number | boolean | null>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The zod schema of one worksheet's rows, from its definition (shared by UI and server). */
export function worksheetValuesSchema(def: WorksheetDef): z.ZodType<WorksheetValues> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of def.fields) {
    let schema: z.ZodType;
    switch (field.type) {
      case "text":
        schema = text().trim().min(1, "required").max(500, "too_long");
        break;
      case "longtext":
        schema = multilineText().trim().min(1, "required").max(5000, "too_long");
        break;
      case "number":
      case "scale": {
        let n = field.type === "scale" ? z.number().int("not_integer") : z.number();
        if (field.min !== undefined) n = n.min(field.min, "out_of_range");
        if (field.max !== undefined) n = n.max(field.max, "out_of_range");
        schema = n;
        break;
      }
      case "time":
        schema = text().regex(TIME, "invalid_time");
        break;
      case "date":
        schema = text().regex(DATE, "invalid_date");
        break;
      case "boolean":
        schema = z.boolean();
        break;
      case "select":
        schema = z.enum((field.options ?? []).map((o) => o.value) as [string, ...string[]]);
        break;
    }
    shape[field.key] = field.required ? schema : schema.nullable().optional();
  }
  return z.strictObject(shape) as unknown as z.ZodType<WorksheetValues>;
}

function minutesOf(time: unknown): number | null {
  if (typeof time !== "string" || !TIME.test(time)) return null;
  const [h, m] = time.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes from `from` to `to` on the clock, crossing midnight when `to` is earlier. */
function span(from: number, to: number): number {
  return to >= from ? to - from : to + 1440 - from;
}

/** Time in bed and time asleep of one diary night, in minutes; null when a value is missing. */
export function sleepTimes(values: WorksheetValues): { inBed: number; asleep: number } | null {
  const bed = minutesOf(values.bedtime);
  const lightsOut = minutesOf(values.lights_out);
  const wake = minutesOf(values.wake_time);
  const up = minutesOf(values.out_of_bed);
  const onset = values.sleep_onset_minutes;
  const awake = values.awake_minutes;
  if (bed === null || lightsOut === null || wake === null || up === null) return null;
  if (typeof onset !== "number" || typeof awake !== "number") return null;
  return { inBed: span(bed, up), asleep: Math.max(0, span(lightsOut, wake) - onset - awake) };
}

/**
 * Sleep efficiency (content/worksheets/sleep-diary.yaml): time asleep / time in bed × 100,
 * rounded and kept within 0–100; null when a value is missing or time in bed is zero.
 */
export function sleepEfficiency(values: WorksheetValues): number | null {
  const times = sleepTimes(values);
  if (!times || times.inBed === 0) return null;
  return Math.min(100, Math.max(0, Math.round((times.asleep / times.inBed) * 100)));
}

/** The computed values of a row (by the definition's `computed` list). */
export function computedValues(def: WorksheetDef, values: WorksheetValues): Record<string, number | null> {
  const result: Record<string, number | null> = {};
  for (const c of def.computed ?? []) {
    if (c.formula === "sleep_efficiency") result[c.key] = sleepEfficiency(values);
    // The sleep window's values are worked out from the diary when the row is saved, and stored
    // with it under their own keys (sleep-window.ts): a past week keeps the window it had.
    else {
      const stored = values[c.key];
      result[c.key] = typeof stored === "number" ? stored : null;
    }
  }
  return result;
}
