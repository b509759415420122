import { AppError } from "../../lib/app-error.ts";
import { checkPassword } from "./password-policy.ts";
import { dummyVerify, hashPassword, verifyPassword } from "./password-hash.ts";
import { HashGate } from "./hash-gate.ts";

const gate = new HashGate(4);

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
