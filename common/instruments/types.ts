/**
 * Screening questionnaires as data. Every user-visible string is given in all four locales;
 * scoring lives in `scoring.ts`, the instruments themselves in one file each.
 */

export type Locale = "sv" | "en" | "no" | "da";

/** One text in every locale. */
export type Localized = Record<Locale, string>;

export type InstrumentId = "phq9" | "gad7" | "pss10" | "miss" | "phq2" | "gad2" | "pss4";

export type Area = "depression" | "anxiety" | "stress" | "sleep";

/** 0 = nothing to note … 4 = severe. Used to compare bands over time and to pick colours. */
export type Severity = 0 | 1 | 2 | 3 | 4;

export interface Option {
  /** Answer value as scored (before any reverse scoring). Values start at 0 and are consecutive. */
  value: number;
  label: Localized;
}

export interface Item {
  /** `<instrument>_<n>`, e.g. `phq9_9`. Short forms reuse the ids of their long form. */
  id: string;
  text: Localized;
  /** Reverse-scored: the scored value is (highest option value − answer). */
  reverse?: boolean;
  /** Item-specific answer scale; when absent the instrument's `options` apply. */
  options?: readonly Option[];
  /**
   * Asked but not scored, and may be left unanswered (the PHQ-9 difficulty question): not part
   * of the total, the bands or `maxScore`.
   */
  unscored?: true;
}

export interface Band {
  /** Stable id, unique within the instrument (stored with results). */
  id: string;
  /** Inclusive score range. */
  min: number;
  max: number;
  label: Localized;
  /** One or two warm, plain sentences: what this band means and what could help. */
  meaning: Localized;
  severity: Severity;
}

export interface Instrument {
  id: InstrumentId;
  area: Area;
  title: Localized;
  /** The question stem including the time frame, shown above the items. */
  intro: Localized;
  items: readonly Item[];
  /** Default answer scale for items without their own `options`. */
  options: readonly Option[];
  /** Contiguous, non-overlapping, covering 0…maxScore. */
  bands: readonly Band[];
  maxScore: number;
  /** Citation, and where each translation comes from. */
  source: string;
  licence: string;
}

export type AnswerError = "required" | "unknown_item" | "out_of_range" | "not_integer";

export type ValidationResult =
  | { ok: true; answers: Record<string, number> }
  | { ok: false; fields: Record<string, AnswerError> };

export interface InstrumentResult {
  instrument: InstrumentId;
  area: Area;
  score: number;
  max: number;
  /** Band id. */
  band: string;
  severity: number;
}
