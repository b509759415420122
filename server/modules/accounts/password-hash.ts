import { hash, verify } from "@node-rs/argon2";
import { normalizePassword } from "../../../common/auth/password-policy.ts";

/** argon2id, m = 19 MiB, t = 2, p = 1 (security baseline; OWASP's first recommendation). */
export const ARGON2_PARAMS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, which type stripping cannot read */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/** The PHC string of a new password (NFKC-normalised first). */
export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_PARAMS);
}

/** True when the password matches; false for a wrong password or a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, normalizePassword(password));
  } catch {
    return false;
  }
}

const PHC = /^\$argon2(id|i|d)\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$/;

/** True when a stored hash was made with other parameters than today's (rehash at login). */
export function needsRehash(phc: string): boolean {
  const match = PHC.exec(phc);
  if (!match) return true;
  const [, variant, , m, t, p] = match;
  return (
    variant !== "id" ||
    Number(m) !== ARGON2_PARAMS.memoryCost ||
    Number(t) !== ARGON2_PARAMS.timeCost ||
    Number(p) !== ARGON2_PARAMS.parallelism
  );
}

let dummy: Promise<string> | null = null;

/**
 * One verification against a hash of a random value, so that an unknown address costs the same
 * time as a wrong password (no account enumeration by timing).
 */
export async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummy, password);
}
