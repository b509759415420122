import type { ErrorCode, FieldErrors } from "../../common/errors/error-codes.ts";

/** The one code → HTTP status map. */
const STATUS: Record<ErrorCode, number> = {
  "request.invalid": 400,
  "request.malformed_json": 400,
  "request.body_too_large": 413,
  "request.unsupported_media_type": 415,
  "request.method_not_allowed": 405,
  "request.not_found": 404,
  "request.rate_limited": 429,
  "auth.not_authenticated": 401,
  "auth.forbidden": 403,
  "auth.invalid_credentials": 400,
  "auth.code_invalid": 400,
  "auth.link_invalid": 400,
  "auth.locked": 429,
  "twofa.already_enabled": 409,
  "twofa.not_enabled": 409,
  "course.not_started": 409,
  "course.locked": 409,
  "course.module_needs_answers": 409,
  "course.safety_check_required": 409,
  "screening.required": 409,
  "worksheet.diary_too_short": 409,
  "worksheet.row_changed": 409,
  "onboarding.token_invalid": 400,
  "bankid.already_in_progress": 409,
  "bankid.unavailable": 503,
  "bankid.reauth_required": 409,
  "csrf.failed": 403,
  "server.error": 500,
  "server.busy": 503,
};

const DEFAULT_DETAIL: Partial<Record<ErrorCode, string>> = {
  "request.invalid": "Invalid input.",
  "request.malformed_json": "Malformed JSON body.",
  "request.body_too_large": "Request body too large.",
  "request.unsupported_media_type": "Unsupported media type.",
  "request.method_not_allowed": "Method not allowed.",
  "request.not_found": "Not found.",
  "request.rate_limited": "Too many requests. Try again later.",
  "auth.not_authenticated": "Authentication credentials were not provided.",
  "auth.forbidden": "You do not have permission to perform this action.",
  "auth.invalid_credentials": "The e-mail address or password is not correct.",
  "auth.code_invalid": "The code is not correct.",
  "auth.link_invalid": "The link has expired or has already been used.",
  "auth.locked": "Too many failed attempts. The account is locked for a while.",
  "twofa.already_enabled": "Two-factor authentication is already enabled.",
  "twofa.not_enabled": "Two-factor authentication is not enabled.",
  "course.not_started": "Start the course first.",
  "course.locked": "This part opens after the pause.",
  "course.module_needs_answers": "This module is completed by sending its answers.",
  "course.safety_check_required": "Answer the safety check before this part.",
  "screening.required": "Do a screening first: a course starts after a screening in the last 90 days.",
  "worksheet.diary_too_short": "Fill in the sleep diary for a few more nights first.",
  "worksheet.row_changed": "The row has been changed since this change was started.",
  "onboarding.token_invalid": "The screening session has expired or is not valid.",
  "bankid.already_in_progress": "A BankID identification for this person is already in progress.",
  "bankid.unavailable": "BankID cannot be reached right now. Try again.",
  "bankid.reauth_required": "Deleting the account needs a BankID login from the last ten minutes: log in again with BankID first.",
  "server.error": "Something went wrong on our side.",
  "server.busy": "The service is busy. Try again in a moment.",
};

/**
 * Why an error happened when its code alone does not say enough: each reason has a message in
 * every language (`errors.reasons.*`), sent as the `detail` instead of the code's own message.
 */
export type ErrorReason = "twofa_required" | "twofa_setup_first" | "use_method";

export interface ErrorBody {
  detail: string;
  code: string;
  fields?: FieldErrors;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldErrors;
  readonly headers?: Record<string, string>;
  readonly reason?: ErrorReason;
  /** Values for the reason's message (`{{name}}`). */
  readonly params?: Record<string, string>;

  /**
   * `detail` is an English text for the logs (and the technical part of a CSRF refusal, which
   * clients recognise by the word "CSRF", spec §7); what a client reads is the localized `detail`
   * of `body(locale)` (server/lib/error-language.ts).
   */
  constructor(
    code: ErrorCode,
    options: {
      detail?: string;
      reason?: ErrorReason;
      params?: Record<string, string>;
      fields?: FieldErrors;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(options.detail ?? DEFAULT_DETAIL[code] ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code];
    if (options.reason) this.reason = options.reason;
    if (options.params) this.params = options.params;
    if (options.fields) this.fields = options.fields;
    if (options.headers) this.headers = options.headers;
  }

  /** The response body with `detail` in English (tests and logs; responses use errorBody). */
  toJSON(): ErrorBody {
    return this.fields
      ? { detail: this.message, code: this.code, fields: this.fields }
      : { detail: this.message, code: this.code };
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
