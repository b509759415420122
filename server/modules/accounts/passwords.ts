import { AppError } from "../../lib/app-error.ts";
import { checkPassword } from "./password-policy.ts";
import { dummyVerify, hashPassword, verifyPassword } from "./password-hash.ts";
import { HashGate } from "./hash-gate.ts";

/**
 * Four hashes at a time (the machine's cores and argon2's thread pool), 32 waiting at most, and
 * per source address `HASHING_PER_SOURCE` (8) requests that hash in flight: people behind one
 * address who log in at the same moment wait their turn, a flood from one address is refused at
 * the door instead of queueing in front of everybody else (docs/security.md, "Bounded work").
 */
export const DEFAULT_HASHING_PER_SOURCE = 8;
let gate = new HashGate({ concurrency: 4, maxQueue: 32, perSource: DEFAULT_HASHING_PER_SOURCE });

/** Sets the per-source share from the configuration (at start, before any request). */
export function configureHashing(perSource: number): void {
  if (gate.stats().active === 0 && gate.stats().sources === 0) gate = new HashGate({ concurrency: 4, maxQueue: 32, perSource });
}

/** Admits a request that will hash a password, for one source address (see HashGate.enter). */
export function enterHashing(source: string): () => void {
  return gate.enter(source);
}

/** Whether a source may have one more hashing request admitted now (the server's early shed). */
export function hasHashingRoom(source: string): boolean {
  return gate.hasRoom(source);
}

export function hashingStats(): ReturnType<HashGate["stats"]> {
  return gate.stats();
}

/** 400 with the reason on the field when a new password breaks the policy. */
export function assertAcceptablePassword(password: string, email: string | null, field: string): void {
  const problem = checkPassword(password, { email });
  if (problem) throw new AppError("request.invalid", { fields: { [field]: problem } });
}

export function hashNewPassword(password: string): Promise<string> {
  return gate.run(() => hashPassword(password));
}

/**
 * Checks a password against a stored hash; without a hash (unknown address, BankID account) it
 * still spends the time of one verification, so answers do not reveal which case it was.
 */
export function checkPasswordHash(hash: string | null | undefined, password: string): Promise<boolean> {
  return gate.run(async () => {
    if (!hash) {
      await dummyVerify(password);
      return false;
    }
    return verifyPassword(hash, password);
  });
}
