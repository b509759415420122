/**
 * Every error code the API can answer with. The UI translates codes (message keys
 * `errors.codes.<code>`); it never shows the server's `detail` text.
 */
export const ERROR_CODES = [
  "request.invalid",
  "request.malformed_json",
  "request.body_too_large",
  "request.unsupported_media_type",
  "request.method_not_allowed",
  "request.not_found",
  "request.rate_limited",
  "auth.not_authenticated",
  "auth.forbidden",
  "auth.invalid_credentials",
  "auth.code_invalid",
  "auth.link_invalid",
  "auth.locked",
  "twofa.already_enabled",
  "twofa.not_enabled",
  "course.not_started",
  "course.locked",
  "course.module_needs_answers",
  "course.safety_check_required",
  "screening.required",
  "worksheet.diary_too_short",
  "worksheet.row_changed",
  "onboarding.token_invalid",
  "bankid.already_in_progress",
  "bankid.unavailable",
  "bankid.reauth_required",
  "csrf.failed",
  "server.error",
  "server.busy",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field-level problems: the dotted path of the field → a short machine-readable code. */
export type FieldErrors = Record<string, string>;
