import { deepFreeze } from "./deep-freeze.ts";
import { gad2 } from "./gad2.ts";
import { gad7 } from "./gad7.ts";
import { miss } from "./miss.ts";
import { phq2 } from "./phq2.ts";
import { phq9 } from "./phq9.ts";
import { pss10 } from "./pss10.ts";
import { pss4 } from "./pss4.ts";
import {
  InvalidAnswersError,
  PHQ9_SAFETY_ITEM,
  isCrisis,
  itemOptions,
  scoreInstrument,
  validateItemAnswers,
} from "./scoring.ts";
import type {
  Instrument,
  InstrumentId,
  InstrumentResult,
  Localized,
  Option,
  ValidationResult,
} from "./types.ts";

export const instruments: Readonly<Record<InstrumentId, Instrument>> = Object.freeze({
  phq9,
  gad7,
  pss10,
  miss,
  phq2,
  gad2,
  pss4,
});

export function isInstrumentId(value: unknown): value is InstrumentId {
  return typeof value === "string" && Object.hasOwn(instruments, value);
}

export function getInstrument(id: InstrumentId): Instrument {
  const instrument = instruments[id];
  if (!instrument) throw new RangeError(`Unknown instrument ${String(id)}`);
  return instrument;
}

/* ---------- Extended screening (/fordjupad-screening) ---------- */

/** One question group per instrument, completed one group at a time, in this order. */
export const extendedScreeningGroups = Object.freeze(["phq9", "gad7", "pss10", "miss"] as const);

export type ExtendedScreeningGroup = (typeof extendedScreeningGroups)[number];

/* ---------- Light screening (/screening) ---------- */

/** One question of the light screening, carrying its own instrument's stem and answer scale. */
export interface LightScreeningQuestion {
  id: string;
  /** The instrument the wording, stem and answer scale come from. */
  instrument: InstrumentId;
  /** The question stem (with time frame) of that instrument. */
  intro: Localized;
  text: Localized;
  options: readonly Option[];
}

function question(instrument: Instrument, id: string): LightScreeningQuestion {
  const item = instrument.items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`${instrument.id} has no item ${id}`);
  return {
    id,
    instrument: instrument.id,
    intro: instrument.intro,
    text: item.text,
    options: itemOptions(instrument, item),
  };
}

/**
 * The light screening in the order asked: PHQ-2, GAD-2, PSS-4, MISS, and PHQ-9 item 9, which is
 * always asked directly (a PHQ-2 gate would miss about half of those with thoughts of self-harm).
 */
export const lightScreening: readonly LightScreeningQuestion[] = deepFreeze([
  question(phq9, "phq9_1"),
  question(phq9, "phq9_2"),
  // Item 9 is always asked, directly after the two PHQ items that share its stem and scale.
  question(phq9, PHQ9_SAFETY_ITEM),
  question(gad7, "gad7_1"),
  question(gad7, "gad7_2"),
  question(pss4, "pss4_1"),
  question(pss4, "pss4_2"),
  question(pss4, "pss4_3"),
  question(pss4, "pss4_4"),
  question(miss, "miss_1"),
  question(miss, "miss_2"),
  question(miss, "miss_3"),
]);

/** Which instrument scores each area of the light screening, in result order. */
const lightScreeningAreas: readonly Instrument[] = [phq2, gad2, pss4, miss];

export interface LightScreeningResult {
  /** depression via PHQ-2, anxiety via GAD-2, stress via PSS-4, sleep via MISS. */
  areas: InstrumentResult[];
  /** PHQ-9 item 9 answered above 0: show the crisis panel, whatever the scores. */
  crisis: boolean;
}

export function validateLightScreening(answers: Record<string, unknown>): ValidationResult {
  return validateItemAnswers(lightScreening, answers);
}

/**
 * Scores a complete, valid light screening (throws InvalidAnswersError otherwise). Call
 * `isCrisis` on the raw answers first: the crisis check must not depend on validation.
 */
export function scoreLightScreening(answers: Record<string, number>): LightScreeningResult {
  const validation = validateLightScreening(answers);
  if (!validation.ok) throw new InvalidAnswersError(validation.fields);
  const valid = validation.answers;

  const areas = lightScreeningAreas.map((instrument) => {
    const subset: Record<string, number> = {};
    for (const item of instrument.items) subset[item.id] = valid[item.id] ?? Number.NaN;
    return scoreInstrument(instrument, subset);
  });
  return { areas, crisis: isCrisis(valid) };
}
