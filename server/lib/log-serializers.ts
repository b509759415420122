/**
 * The `err` serialiser of the logger. Database errors carry the values of a query: drizzle's
 * DrizzleQueryError has `params` (and repeats them in its message and stack), PostgreSQL's
 * errors put row values into `detail` ("Key (email)=(…) already exists", "Failing row contains
 * (…)"), parameter values into `where` ("unnamed portal parameter $1 = '…'") and, for bad
 * input, into the message (`invalid input syntax for type uuid: "…"`). None of that is logged:
 * the SQL text (placeholders only), the SQLSTATE code and the names of the table, column and
 * constraint are enough to find the fault.
 */

/** Fields of a PostgreSQL error (pg, PGlite) that name things but never carry values. */
const SAFE_DB_FIELDS = ["code", "severity", "schema", "table", "column", "dataType", "constraint", "routine"] as const;

const MAX_DEPTH = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function isDrizzleQueryError(err: Error): err is Error & { query: string; params: unknown } {
  return "query" in err && "params" in err && typeof (err as { query: unknown }).query === "string";
}

/** A PostgreSQL error as pg and PGlite raise them: a SQLSTATE code and a severity. */
function isPostgresError(err: Error): err is Error & Record<string, unknown> {
  const code = (err as { code?: unknown }).code;
  const severity = (err as { severity?: unknown }).severity;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string";
}

/** The call sites of a stack, without its first lines (which repeat the message). */
function framesOf(stack: string | undefined): string {
  if (!stack) return "";
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

function withFrames(head: string, stack: string | undefined): string {
  const frames = framesOf(stack);
  return frames ? `${head}\n${frames}` : head;
}

/** Quoted literals of a PostgreSQL message (`"…"` and `'…'`) are input values: they go. */
function redactLiterals(message: string): string {
  return message.replace(/"[^"]*"/g, '"<redacted>"').replace(/'[^']*'/g, "'<redacted>'");
}

function safeError(err: Error, depth: number): LoggedError {
  const type = err.constructor?.name || err.name || "Error";
  let out: LoggedError;
  if (isDrizzleQueryError(err)) {
    const message = `Failed query: ${err.query}`;
    out = { type, message, stack: withFrames(`${type}: ${message}`, err.stack) };
  } else if (isPostgresError(err)) {
    const code = err.code as string;
    // Data exceptions (class 22) quote the offending input in their message.
    const message = code.startsWith("22") ? redactLiterals(err.message) : err.message;
    out = { type, message, stack: withFrames(`${type}: ${message}`, err.stack) };
    for (const field of SAFE_DB_FIELDS) {
      if (err[field] !== undefined) out[field] = err[field];
    }
  } else {
    out = { type, message: err.message, stack: err.stack ?? "" };
    for (const [key, value] of Object.entries(err)) {
      if (key === "cause" || key === "message" || key === "stack") continue;
      out[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
    }
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(cause, depth + 1);
  return out;
}

export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  return safeError(err, depth);
}

/** The logger's `err` serialiser (pino calls it for `{ err }` and for an error logged alone). */
export function errSerializer(err: Error): LoggedError {
  return err instanceof Error ? safeError(err, 0) : { type: typeof err, message: String(err), stack: "" };
}
