import { randomInt, timingSafeEqual } from "node:crypto";

/**
 * Django-compatible CSRF tokens: the cookie holds a 32-character secret of [A-Za-z0-9]; the
 * token handed to the client is 64 characters, a random mask followed by the secret shifted by
 * the mask, so it differs on every call (BREACH), and unmasks back to the secret.
 */
export const CSRF_ALLOWED_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const CSRF_SECRET_LENGTH = 32;
export const CSRF_TOKEN_LENGTH = 64;
const N = CSRF_ALLOWED_CHARS.length;

function randomString(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += CSRF_ALLOWED_CHARS[randomInt(N)];
  return out;
}

export function newCsrfSecret(): string {
  return randomString(CSRF_SECRET_LENGTH);
}

export function isWellFormed(value: string, length?: number): boolean {
  if (length !== undefined && value.length !== length) return false;
  return /^[A-Za-z0-9]+$/.test(value);
}

export function maskSecret(secret: string): string {
  const mask = randomString(CSRF_SECRET_LENGTH);
  let cipher = "";
  for (let i = 0; i < CSRF_SECRET_LENGTH; i++) {
    const x = CSRF_ALLOWED_CHARS.indexOf(secret[i] ?? "");
    const y = CSRF_ALLOWED_CHARS.indexOf(mask[i] ?? "");
    cipher += CSRF_ALLOWED_CHARS[(x + y) % N];
  }
  return mask + cipher;
}

export function unmaskToken(token: string): string {
  const mask = token.slice(0, CSRF_SECRET_LENGTH);
  const cipher = token.slice(CSRF_SECRET_LENGTH);
  let secret = "";
  for (let i = 0; i < CSRF_SECRET_LENGTH; i++) {
    const x = CSRF_ALLOWED_CHARS.indexOf(cipher[i] ?? "");
    const y = CSRF_ALLOWED_CHARS.indexOf(mask[i] ?? "");
    secret += CSRF_ALLOWED_CHARS[(((x - y) % N) + N) % N];
  }
  return secret;
}

/** Compares a request token (masked 64 or plain 32 characters) with the secret in constant time. */
export function tokenMatchesSecret(token: string, secret: string): boolean {
  const candidate = token.length === CSRF_TOKEN_LENGTH ? unmaskToken(token) : token;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
