import { AppError } from "../../lib/app-error.ts";

/** An error answer (or no answer) from the RP API: `{errorCode, details}`, or a timeout. */
export class BankIdRpError extends Error {
  readonly errorCode: string;
  readonly httpStatus: number;
  constructor(errorCode: string, httpStatus: number, details?: string) {
    super(`BankID RP API: ${errorCode}${details ? ` (${details})` : ""}`);
    this.name = "BankIdRpError";
    this.errorCode = errorCode;
    this.httpStatus = httpStatus;
  }
}

/**
 * RP API errors → our AppErrors. `alreadyInProgress` is the user's to resolve (RFA4); the
 * others are ours or BankID's (RFA5): parameter and certificate errors are our configuration,
 * timeouts and maintenance are temporary.
 */
export function appErrorOf(error: BankIdRpError): AppError {
  switch (error.errorCode) {
    case "alreadyInProgress":
      return new AppError("bankid.already_in_progress");
    case "notFound":
      return new AppError("request.not_found");
    default:
      return new AppError("bankid.unavailable");
  }
}
