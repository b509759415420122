import { readFileSync } from "node:fs";
import {
  checkPasswordShape,
  normalizePassword,
  type PasswordContext,
  type PasswordProblem,
} from "../../../common/auth/password-policy.ts";
import { projectPath } from "../../lib/project-root.ts";

/** Why a new password is refused: a shared shape rule, or being one of the common passwords. */
export type PasswordPolicyProblem = PasswordProblem | "password.common";

/** The 10,000 most common passwords, lower case, one a line (see common-passwords.md). */
const COMMON_PASSWORDS_FILE = projectPath("server/modules/accounts/common-passwords.txt");

let commonPasswords: ReadonlySet<string> | null = null;

function loadCommonPasswords(): ReadonlySet<string> {
  const lines = readFileSync(COMMON_PASSWORDS_FILE, "utf8").split(/\r?\n/);
  return new Set(lines.map((line) => line.trim()).filter((line) => line !== ""));
}

/** True when the password (NFKC, in any case) is one of the 10,000 most common; the list loads once. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(normalizePassword(password).toLowerCase());
}

/**
 * The whole password policy for a new password: the shared shape rules
 * (common/auth/password-policy.ts) first, then the list of common passwords. Returns the first
 * problem, or null when the password may be used.
 */
export function checkPassword(
  password: string,
  context: PasswordContext = {},
): PasswordPolicyProblem | null {
  return (
    checkPasswordShape(password, context) ?? (isCommonPassword(password) ? "password.common" : null)
  );
}
