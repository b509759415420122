/**
 * The password policy (security baseline), shared by the browser (hints as you type) and the
 * server (the rule). No composition rules: length, and not guessable from context. The list of
 * common passwords is checked on the server only.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordProblem =
  | "password.too_short"
  | "password.too_long"
  | "password.contains_email"
  | "password.contains_product_name"
  | "password.common";

/** Names of the product a password must not contain (whole names, compared in lower case). */
export const PRODUCT_NAMES = ["självhjälp", "sjalvhjalp", "selvhjelp", "selvhjælp", "selfhelp", "self-help"];

export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

/** Length in Unicode code points (an emoji counts once). */
function length(value: string): number {
  return [...value].length;
}

export function checkPasswordShape(
  password: string,
  context: { email?: string | null; productNames?: readonly string[] } = {},
): PasswordProblem | null {
  const normalized = normalizePassword(password);
  const size = length(normalized);
  if (size < PASSWORD_MIN) return "password.too_short";
  if (size > PASSWORD_MAX) return "password.too_long";
  const lower = normalized.toLowerCase();
  const local = context.email?.split("@")[0]?.toLowerCase() ?? "";
  if (length(local) >= 3 && lower.includes(local)) return "password.contains_email";
  for (const name of context.productNames ?? PRODUCT_NAMES) {
    if (lower.includes(name)) return "password.contains_product_name";
  }
  return null;
}
