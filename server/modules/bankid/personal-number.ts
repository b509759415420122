import { createHmac, hkdfSync } from "node:crypto";
import type { AppContext } from "../../app-context.ts";

/**
 * Personal numbers are never stored in clear: a keyed hash (HMAC-SHA256 with a key derived from
 * SECRET_KEY) finds the account, and the number itself is field-encrypted.
 */
const keys = new Map<string, Buffer>();

function lookupKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "kbt-self-help", "bankid personal number lookup", 32));
    keys.set(secret, key);
  }
  return key;
}

export function personalNumberHash(ctx: AppContext, personalNumber: string): string {
  return createHmac("sha256", lookupKey(ctx.env.SECRET_KEY)).update(personalNumber).digest("base64url");
}

export function personalNumberAad(userId: string): string {
  return `bankid_identities.personal_number:${userId}`;
}

export function encryptPersonalNumber(ctx: AppContext, userId: string, personalNumber: string): string {
  return ctx.cipher.encrypt(personalNumber, personalNumberAad(userId));
}
