import type { FieldCipher } from "../../lib/field-encryption.ts";

/**
 * Health-derived values tied to a person (a score, its band and severity, the PHQ-9 item 9 crisis
 * flag) are field-encrypted like the answers (AES-256-GCM through `ctx.cipher`), each bound by its
 * associated data to its table, column and row, so a value copied to another row or column does
 * not decrypt. They are decrypted in the app: a person's data is small.
 *
 * The plaintext is padded to a fixed width before encryption. AES-GCM keeps the length of what it
 * encrypts, so without padding the length of a token would tell "true" from "false", "mild" from
 * "moderately_severe" and 7 from 17.
 */

/** Every value is padded to this many characters (the longest band id has 18). */
export const SEALED_WIDTH = 24;

/** What a field-encrypted value looks like in a row (`v1.<keyId>.<iv>.<ciphertext+tag>`). */
export const SEALED_PATTERN = /^v1\.[A-Za-z0-9_-]{1,32}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/;

/** True for a value written by `seal`; plain values from before encryption never start with `v1.`. */
export function isSealed(value: string): boolean {
  return value.startsWith("v1.");
}

export function seal(cipher: FieldCipher, value: string | number | boolean, aad: string): string {
  const plain = String(value);
  if (plain.length > SEALED_WIDTH || plain !== plain.trim()) throw new Error(`value for ${aad.split(":")[0]} cannot be sealed`);
  return cipher.encrypt(plain.padEnd(SEALED_WIDTH, " "), aad);
}

export function openText(cipher: FieldCipher, token: string, aad: string): string {
  return cipher.decrypt(token, aad).trimEnd();
}

export function openInt(cipher: FieldCipher, token: string, aad: string): number {
  const text = openText(cipher, token, aad);
  const value = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(value)) throw new Error(`${aad.split(":")[0]} is not an integer`);
  return value;
}

export function openBool(cipher: FieldCipher, token: string, aad: string): boolean {
  const text = openText(cipher, token, aad);
  if (text !== "true" && text !== "false") throw new Error(`${aad.split(":")[0]} is not a boolean`);
  return text === "true";
}

export interface ScoreValues {
  score: number;
  band: string;
  severity: number;
}

export interface SealedScore {
  score: string;
  band: string;
  severity: string;
}

type ScoreColumn = keyof ScoreValues;

/** `screening_scores.<column>:<screening id>:<instrument>`, as the group's answers are bound. */
export function screeningScoreAad(column: ScoreColumn, screeningId: string, instrument: string): string {
  return `screening_scores.${column}:${screeningId}:${instrument}`;
}

/** `evaluation_answers.<column>:<user id>:<row id>`: the user, as the answers, and the row. */
export function evaluationScoreAad(column: ScoreColumn, userId: string, id: string): string {
  return `evaluation_answers.${column}:${userId}:${id}`;
}

export function screeningCrisisAad(screeningId: string): string {
  return `screenings.crisis:${screeningId}`;
}

function sealWith(cipher: FieldCipher, values: ScoreValues, aad: (column: ScoreColumn) => string): SealedScore {
  return {
    score: seal(cipher, values.score, aad("score")),
    band: seal(cipher, values.band, aad("band")),
    severity: seal(cipher, values.severity, aad("severity")),
  };
}

function openWith(cipher: FieldCipher, row: SealedScore, aad: (column: ScoreColumn) => string): ScoreValues {
  return {
    score: openInt(cipher, row.score, aad("score")),
    band: openText(cipher, row.band, aad("band")),
    severity: openInt(cipher, row.severity, aad("severity")),
  };
}

export function sealScreeningScore(cipher: FieldCipher, values: ScoreValues, screeningId: string, instrument: string): SealedScore {
  return sealWith(cipher, values, (column) => screeningScoreAad(column, screeningId, instrument));
}

export function openScreeningScore(cipher: FieldCipher, row: SealedScore, screeningId: string, instrument: string): ScoreValues {
  return openWith(cipher, row, (column) => screeningScoreAad(column, screeningId, instrument));
}

export function sealEvaluationScore(cipher: FieldCipher, values: ScoreValues, userId: string, id: string): SealedScore {
  return sealWith(cipher, values, (column) => evaluationScoreAad(column, userId, id));
}

export function openEvaluationScore(cipher: FieldCipher, row: SealedScore, userId: string, id: string): ScoreValues {
  return openWith(cipher, row, (column) => evaluationScoreAad(column, userId, id));
}

export function sealCrisis(cipher: FieldCipher, crisis: boolean, screeningId: string): string {
  return seal(cipher, crisis, screeningCrisisAad(screeningId));
}

export function openCrisis(cipher: FieldCipher, token: string, screeningId: string): boolean {
  return openBool(cipher, token, screeningCrisisAad(screeningId));
}
