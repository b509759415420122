import { type Algorithm, type Version, hash, parseOptions, verify } from "@node-rs/argon2";
import { normalizePassword } from "../../../common/auth/password-policy.ts";

/*
 * Algorithm and Version are const enums in @node-rs/argon2's types and empty objects at run time,
 * and Node's type stripping cannot inline them: the values are written out, typed by the enums.
 */
const ARGON2ID: Algorithm.Argon2id = 2;
const VERSION_0X13: Version.V0x13 = 1;

/** argon2id, m = 19 MiB, t = 2, p = 1, 32-byte output (security baseline; OWASP's first choice). */
export const ARGON2_OPTIONS = Object.freeze({
  algorithm: ARGON2ID,
  version: VERSION_0X13,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
});

/**
 * An argon2id hash, with {@link ARGON2_OPTIONS}, of a random value nobody knows (it was thrown
 * away), for {@link dummyVerify}. Precomputed so that even the first unknown address costs one
 * verification and no more. Make a new one when the options change (a test checks this).
 */
export const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$t567MTBVJGjjUih3sCuG3A$amKA+MyFuUZlIILAms3z8G8MRmSkYFiO7IIX6V9r7zY";

/** The PHC string ("$argon2id$v=19$m=19456,t=2,p=1$salt$hash") of a new password, NFKC first. */
export function hashPassword(plain: string): Promise<string> {
  return hash(normalizePassword(plain), ARGON2_OPTIONS);
}

/**
 * True when the password (NFKC first) matches the stored PHC string. False for a wrong password
 * and for a hash that cannot be read; never throws.
 */
export async function verifyPassword(phc: string, plain: string): Promise<boolean> {
  try {
    return await verify(phc, normalizePassword(plain));
  } catch {
    return false;
  }
}

/**
 * True when a stored hash was made otherwise than {@link ARGON2_OPTIONS} prescribes (another
 * variant, version, memory, time, parallelism or output length), or cannot be read: hash the
 * password again after a successful login.
 */
export function needsRehash(phc: string): boolean {
  try {
    const used = parseOptions(phc);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.version !== ARGON2_OPTIONS.version ||
      used.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      used.timeCost !== ARGON2_OPTIONS.timeCost ||
      used.parallelism !== ARGON2_OPTIONS.parallelism ||
      used.outputLen !== ARGON2_OPTIONS.outputLen
    );
  } catch {
    return true;
  }
}

/**
 * Spends one verification against {@link DUMMY_HASH}, so that a login with an unknown address (or
 * an account without a password) takes about as long as a wrong password: no account enumeration
 * by timing. Always false.
 */
export async function dummyVerify(plain: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, plain);
  return false;
}
