import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import QRCode from "qrcode";

/**
 * RFC 6238 time-based one-time passwords (HMAC-SHA1, 6 digits, 30-second steps) as authenticator
 * apps expect them, plus base32 secrets, otpauth:// URLs, QR codes and recovery codes.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of the current one, for clock drift and typing time. */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;
const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
/**
 * Lower case (so never a capital I or O) without the look-alikes 0, o, 1 and l: 32 symbols, 5 bits
 * each. The dotted lower-case i stays so that 12 characters carry 60 bits.
 */
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;

/** Encodes bytes as RFC 4648 base32 (upper case, no padding). */
export function base32Encode(buf: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of buf) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Removes spaces and trailing `=` padding and upper-cases; rejects impossible lengths. */
function normalizeBase32(str: string): string {
  const compact = str.replace(/\s+/g, "").toUpperCase().replace(/=+$/, "");
  if ([1, 3, 6].includes(compact.length % 8)) throw new Error("Invalid base32: impossible length");
  return compact;
}

/**
 * Decodes RFC 4648 base32: case-insensitive, ignores whitespace and trailing `=` padding.
 * Throws on any other character or an impossible length.
 */
export function base32Decode(str: string): Buffer {
  const compact = normalizeBase32(str);
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of compact) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error("Invalid base32: unexpected character");
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit TOTP secret in base32 (32 characters). */
export function generateSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The 30-second time step (RFC 6238 counter T) containing `timeMs` (milliseconds since the epoch). */
export function stepOf(timeMs: number): number {
  return Math.floor(timeMs / (TOTP_PERIOD_SECONDS * 1000));
}

/** RFC 4226 HOTP with dynamic truncation, zero-padded to six digits. */
function hotp(key: Uint8Array, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 0)
    throw new Error("TOTP step must be a non-negative integer");
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

function secretKey(secretBase32: string): Buffer {
  const key = base32Decode(secretBase32);
  if (key.length === 0) throw new Error("TOTP secret is empty");
  return key;
}

/** The six-digit code for `step` (see `stepOf`) of a base32 secret. */
export function totpAt(secretBase32: string, step: number): string {
  return hotp(secretKey(secretBase32), step);
}

/** Compares two codes in constant time. */
function codesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Checks a code typed by the user against the steps now-1, now and now+1. Steps at or before
 * `lastUsedStep` are refused, so each code works once; store the returned step as the new
 * `lastUsedStep`. Spaces are ignored; anything but exactly six ASCII digits is refused.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): { ok: true; step: number } | { ok: false } {
  const candidate = code.replace(/\s+/g, "");
  if (!/^[0-9]{6}$/.test(candidate)) return { ok: false };
  const key = secretKey(secretBase32);
  const now = stepOf(nowMs);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step < 0 || (lastUsedStep !== null && step <= lastUsedStep)) continue;
    // Every allowed step is compared, so the time taken does not depend on which one matched.
    if (codesEqual(hotp(key, step), candidate) && matched === null) matched = step;
  }
  return matched === null ? { ok: false } : { ok: true, step: matched };
}

/** What an authenticator app needs to add the account. */
export interface OtpauthParams {
  /** The base32 secret. */
  secret: string;
  /** Shown in the app under the issuer, usually the e-mail address. */
  accountName: string;
  /** The service name, e.g. "KBT Självhjälp". */
  issuer: string;
}

/**
 * The Key URI Format URL `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`,
 * with issuer and account percent-encoded (a colon inside either is encoded too).
 */
export function otpauthUrl({ secret, accountName, issuer }: OtpauthParams): string {
  if (issuer.trim() === "" || accountName.trim() === "")
    throw new Error("otpauth URL needs an issuer and account");
  const canonicalSecret = base32Encode(secretKey(secret));
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = [
    `secret=${canonicalSecret}`,
    `issuer=${encodeURIComponent(issuer)}`,
    "algorithm=SHA1",
    `digits=${TOTP_DIGITS}`,
    `period=${TOTP_PERIOD_SECONDS}`,
  ].join("&");
  return `otpauth://totp/${label}?${query}`;
}

function escapeXmlAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * The QR code of `text` as an inline SVG string with `role="img"` and `aria-label` = `label`
 * (escaped), scaled by its viewBox so CSS sets its size.
 */
export async function qrSvg(text: string, label: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  const start = svg.indexOf("<svg");
  if (start < 0) throw new Error("QR code renderer returned no <svg> element");
  const attributes = ` role="img" aria-label="${escapeXmlAttribute(label)}"`;
  return `${svg.slice(start, start + 4)}${attributes}${svg.slice(start + 4)}`.trim();
}

function recoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < RECOVERY_GROUPS; g++) {
    let group = "";
    for (let i = 0; i < RECOVERY_GROUP_LENGTH; i++)
      group += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/**
 * `count` distinct one-time recovery codes like `k7qm-x3vd-9hte`: 12 characters from a 32-symbol
 * alphabet without 0, o, 1 or l (60 bits each). Store them hashed after `normalizeRecoveryCode`.
 */
export function generateRecoveryCodes(count = 10): string[] {
  if (!Number.isInteger(count) || count < 0)
    throw new Error("Recovery code count must be a non-negative integer");
  const codes = new Set<string>();
  while (codes.size < count) codes.add(recoveryCode());
  return [...codes];
}

/** The canonical form of a typed recovery code: lower case, without whitespace or hyphens/dashes. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s\u002d\u2010-\u2015\u2212]+/g, "");
}
