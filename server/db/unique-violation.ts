/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = "23505";

/** Drizzle wraps the driver's error once; a few levels of `cause` are plenty. */
const MAX_DEPTH = 4;

/**
 * Whether a failed query broke the unique constraint `constraint`. Both drivers (pg and PGlite)
 * give the SQLSTATE in `code` and the constraint's name in `constraint`; drizzle puts the driver's
 * error in `cause`. Two requests that checked "not taken yet" at the same moment end here: the
 * caller answers as its sequential path does.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_DEPTH && typeof current === "object" && current !== null; depth += 1) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === UNIQUE_VIOLATION) return name === constraint;
    current = cause;
  }
  return false;
}
