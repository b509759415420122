import { readFileSync } from "node:fs";
import {
  checkPasswordShape,
  normalizePassword,
  type PasswordProblem,
} from "../../../common/auth/password-policy.ts";

let common: Set<string> | null = null;

/** The 10,000 most common passwords (see common-passwords.md), loaded once. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return common;
}

/** The whole policy: shape and context (shared rules) and the list of common passwords. */
export function checkPassword(password: string, context: { email?: string | null } = {}): PasswordProblem | null {
  const shape = checkPasswordShape(password, context);
  if (shape) return shape;
  return commonPasswords().has(normalizePassword(password).toLowerCase()) ? "password.common" : null;
}
