/**
 * The password policy's shape rules (security baseline), shared by the browser (hints as you
 * type) and the server (the rule). No composition rules: a length window, and nothing guessable
 * from the context (the e-mail address, the product's name). The list of common passwords is
 * checked on the server only (server/modules/accounts/password-policy.ts).
 */

/** Fewest Unicode code points (after NFKC) a password may have. */
export const PASSWORD_MIN = 8;

/** Most Unicode code points (after NFKC) a password may have. */
export const PASSWORD_MAX = 128;

/** Why a password breaks the shared shape rules (an i18n message key and an API field code). */
export type PasswordProblem =
  | "password.too_short"
  | "password.too_long"
  | "password.contains_email"
  | "password.contains_product_name";

/** What a password is checked against besides itself. */
export interface PasswordContext {
  /** The account's e-mail address; its local part must not be in the password. */
  email?: string | null;
  /** Names the password must not contain; {@link DEFAULT_PRODUCT_NAMES} when left out. */
  productNames?: readonly string[];
}

/** The product's names a password must not contain (whole names, compared in lower case). */
export const DEFAULT_PRODUCT_NAMES: readonly string[] = Object.freeze([
  "självhjälp",
  "sjalvhjalp",
  "selfhelp",
  "self-help",
  "selvhjelp",
  "selvhjælp",
]);

/** Shortest e-mail local part that counts as a guessable word. */
const MIN_LOCAL_PART = 3;

/** Shortest product name that is checked (shorter ones, such as "kbt", are too common). */
const MIN_PRODUCT_NAME = 4;

/**
 * The form a password is hashed and compared in: NFKC, so that visually equal input typed on
 * different keyboards or devices ("ﬁ" and "fi", full-width digits) is the same password.
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

/** NFKC and lower case: the form context words are compared in. */
function fold(value: string): string {
  return normalizePassword(value).toLowerCase();
}

/** Length in Unicode code points (an emoji counts once, not as two UTF-16 units). */
function codePoints(value: string): number {
  return [...value].length;
}

/** The part of an e-mail address before the last "@" (the whole value when there is none). */
function localPart(email: string): string {
  const at = email.lastIndexOf("@");
  return at === -1 ? email : email.slice(0, at);
}

function lengthProblem(normalized: string): PasswordProblem | null {
  const size = codePoints(normalized);
  if (size < PASSWORD_MIN) return "password.too_short";
  if (size > PASSWORD_MAX) return "password.too_long";
  return null;
}

function containsEmail(folded: string, email: string | null | undefined): boolean {
  if (!email) return false;
  const local = fold(localPart(email.trim()));
  return codePoints(local) >= MIN_LOCAL_PART && folded.includes(local);
}

function containsProductName(folded: string, names: readonly string[]): boolean {
  return names
    .map(fold)
    .some((name) => codePoints(name) >= MIN_PRODUCT_NAME && folded.includes(name));
}

/**
 * Checks a new password against the shared rules, in this order: length (code points after
 * NFKC), the e-mail's local part (when it has at least 3 characters), the product's names (whole
 * names of at least 4 characters; case-insensitive). Returns the first problem, or null.
 */
export function checkPasswordShape(
  password: string,
  context: PasswordContext = {},
): PasswordProblem | null {
  const normalized = normalizePassword(password);
  const tooLongOrShort = lengthProblem(normalized);
  if (tooLongOrShort) return tooLongOrShort;
  const folded = normalized.toLowerCase();
  if (containsEmail(folded, context.email)) return "password.contains_email";
  if (containsProductName(folded, context.productNames ?? DEFAULT_PRODUCT_NAMES)) {
    return "password.contains_product_name";
  }
  return null;
}
