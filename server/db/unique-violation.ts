/** PostgreSQL's SQLSTATEs for a unique and a foreign-key violation. */
const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

/** Drizzle wraps the driver's error once; a few levels of `cause` are plenty. */
const MAX_DEPTH = 4;

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/** The driver's error of SQLSTATE `code` in `error` or its causes. */
function driverError(error: unknown, code: string): DriverError | null {
  let current = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === "object" && current !== null; depth += 1) {
    const found = current as DriverError;
    if (found.code === code) return found;
    current = found.cause;
  }
  return null;
}

/**
 * Whether a failed query broke the unique constraint `constraint`. Both drivers (pg and PGlite)
 * give the SQLSTATE in `code` and the constraint's name in `constraint`; drizzle puts the driver's
 * error in `cause`. Two requests that checked "not taken yet" at the same moment end here: the
 * caller answers as its sequential path does.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return driverError(error, UNIQUE_VIOLATION)?.constraint === constraint;
}

/**
 * Whether a failed write referred to a row of `table` (a `…_<column>_<table>_id_fk` foreign key; to
 * `id`, when given) after that row was deleted. PostgreSQL names the missing key in `detail`.
 */
function isDeletedReference(error: unknown, fkSuffix: string, id?: string): boolean {
  const found = driverError(error, FOREIGN_KEY_VIOLATION);
  return (
    typeof found?.constraint === "string" &&
    found.constraint.endsWith(fkSuffix) &&
    (id === undefined || (typeof found.detail === "string" && found.detail.includes(`(${id})`)))
  );
}

/**
 * Whether a failed write referred to a user (to `userId`, when given) after that user's row was
 * deleted: the account was deleted, or a consent withdrawn (ADR 011), while the request ran.
 */
export function isDeletedUserReference(error: unknown, userId?: string): boolean {
  return isDeletedReference(error, "_user_id_users_id_fk", userId);
}

/** Whether a failed write referred to a visitor's onboarding after the clean-up deleted it. */
export function isDeletedOnboardingReference(error: unknown, onboardingId: string): boolean {
  return isDeletedReference(error, "_onboarding_id_onboardings_id_fk", onboardingId);
}
