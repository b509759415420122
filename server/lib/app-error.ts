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
  "onboarding.token_invalid": 400,
  "bankid.already_in_progress": 409,
  "bankid.unavailable": 503,
  "bankid.reauth_required": 403,
  "csrf.failed": 403,
  "server.error": 500,
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
  "onboarding.token_invalid": "The screening session has expired or is not valid.",
  "bankid.already_in_progress": "A BankID identification for this person is already in progress.",
  "bankid.unavailable": "BankID cannot be reached right now. Try again.",
  "bankid.reauth_required": "Log in again with BankID to confirm.",
  "server.error": "Something went wrong on our side.",
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: { detail?: string; fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(options.detail ?? DEFAULT_DETAIL[code] ?? code);
    this.name = "AppError";
    this.code = code;
    this.status = STATUS[code];
    if (options.fields) this.fields = options.fields;
    if (options.headers) this.headers = options.headers;
  }

  toJSON(): { detail: string; code: string; fields?: FieldErrors } {
    return this.fields
      ? { detail: this.message, code: this.code, fields: this.fields }
      : { detail: this.message, code: this.code };
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
