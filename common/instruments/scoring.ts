import type {
  AnswerError,
  Band,
  Instrument,
  InstrumentResult,
  Item,
  Option,
  ValidationResult,
} from "./types.ts";

/** PHQ-9 item 9 (thoughts of being better off dead or of self-harm). */
export const PHQ9_SAFETY_ITEM = "phq9_9";

/** A question that can be answered: an id and the answer scale that applies to it. */
export interface AnswerableItem {
  readonly id: string;
  readonly options: readonly Option[];
  /** May be left unanswered (an unscored question). */
  readonly optional?: boolean;
}

/** Thrown by the scoring functions when given answers that do not validate. */
export class InvalidAnswersError extends Error {
  readonly fields: Record<string, AnswerError>;

  constructor(fields: Record<string, AnswerError>) {
    super(`Invalid answers: ${Object.keys(fields).join(", ")}`);
    this.name = "InvalidAnswersError";
    this.fields = fields;
  }
}

/** The answer scale of an item: its own options, else the instrument's. */
export function itemOptions(instrument: Instrument, item: Item): readonly Option[] {
  return item.options ?? instrument.options;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * Validates answers against a list of questions: every question but an optional one is required, no other keys are
 * allowed, and each value must be an integer number among the question's option values.
 * Strings (even "2") are rejected as `not_integer`: answers arrive as JSON numbers.
 */
export function validateItemAnswers(
  items: readonly AnswerableItem[],
  answers: unknown,
): ValidationResult {
  const source = isRecord(answers) ? answers : {};
  const known = new Set(items.map((item) => item.id));
  const errors: [string, AnswerError][] = [];
  const clean: [string, number][] = [];

  for (const key of Object.keys(source)) {
    if (!known.has(key)) errors.push([key, "unknown_item"]);
  }
  for (const item of items) {
    const value = Object.hasOwn(source, item.id) ? source[item.id] : undefined;
    if (isEmpty(value)) {
      if (!item.optional) errors.push([item.id, "required"]);
    } else if (typeof value !== "number" || !Number.isInteger(value)) {
      errors.push([item.id, "not_integer"]);
    } else if (!item.options.some((option) => option.value === value)) {
      errors.push([item.id, "out_of_range"]);
    } else {
      clean.push([item.id, value + 0]); // + 0 turns -0 into 0
    }
  }

  // Object.fromEntries defines own properties, so a key such as "__proto__" is reported too.
  if (errors.length > 0) return { ok: false, fields: Object.fromEntries(errors) };
  return { ok: true, answers: Object.fromEntries(clean) };
}

/** The questions of an instrument with the answer scale that applies to each. */
export function answerableItems(instrument: Instrument): AnswerableItem[] {
  return instrument.items.map((item) => ({
    id: item.id,
    options: itemOptions(instrument, item),
    ...(item.unscored ? { optional: true } : {}),
  }));
}

export function validateAnswers(
  instrument: Instrument,
  answers: Record<string, unknown>,
): ValidationResult {
  return validateItemAnswers(answerableItems(instrument), answers);
}

/** The band containing `score`. Throws a RangeError for a score no band covers. */
export function bandFor(instrument: Instrument, score: number): Band {
  const band = instrument.bands.find(
    (candidate) => score >= candidate.min && score <= candidate.max,
  );
  if (!band) throw new RangeError(`No ${instrument.id} band for score ${score}`);
  return band;
}

/** The scored value of one answer, applying reverse scoring (highest option value − answer). */
export function scoredValue(instrument: Instrument, item: Item, value: number): number {
  if (!item.reverse) return value;
  const highest = Math.max(...itemOptions(instrument, item).map((option) => option.value));
  return highest - value;
}

/**
 * Total score, band and severity. The answers must be complete and valid for the instrument
 * (see `validateAnswers`); otherwise an InvalidAnswersError is thrown.
 */
export function scoreInstrument(
  instrument: Instrument,
  answers: Record<string, number>,
): InstrumentResult {
  const validation = validateAnswers(instrument, answers);
  if (!validation.ok) throw new InvalidAnswersError(validation.fields);

  let score = 0;
  for (const item of instrument.items) {
    if (item.unscored) continue;
    score += scoredValue(instrument, item, validation.answers[item.id] ?? 0);
  }
  const band = bandFor(instrument, score);
  return {
    instrument: instrument.id,
    area: instrument.area,
    score,
    max: instrument.maxScore,
    band: band.id,
    severity: band.severity,
  };
}

/**
 * True when PHQ-9 item 9 has been answered above 0: the crisis panel must be shown at once,
 * whatever the total. Check raw answers with this before (and regardless of) validation.
 *
 * Fails safe: a present answer to the item that cannot be read as a number counts as a crisis.
 * Numeric strings are read as numbers. Absent, null or empty answers are not a crisis.
 */
export function isCrisis(answers: Readonly<Record<string, unknown>> | null | undefined): boolean {
  if (!isRecord(answers) || !Object.hasOwn(answers, PHQ9_SAFETY_ITEM)) return false;
  const value = answers[PHQ9_SAFETY_ITEM];
  if (isEmpty(value)) return false;
  const number =
    typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (Number.isNaN(number)) return true;
  return number > 0;
}

/** Whether two sets of answers are the same items with the same values (a submission sent again). */
export function sameAnswers(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  return Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([item, value]) => b[item] === value);
}
