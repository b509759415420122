import type { z } from "zod";
import type { FieldErrors } from "../errors/error-codes.ts";

/**
 * Turns a zod error into `{ "field.path": "code" }`. Unknown keys (mass assignment attempts) are
 * reported one per key as `unknown_field`; other issues keep the message code a schema sets
 * (`email.invalid`, `required`, `consent.required` …) or else zod's issue code (`invalid_type`,
 * `too_small`, `invalid_format` …).
 */
/** Options of a union that failed only because the value is of another type or literal. */
function typeMismatch(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.every((i) => i.code === "invalid_type" || (i.code === "invalid_value" && i.path.length === 0));
}

/**
 * A failed union names the one option the value was meant for when the others failed only on
 * its type (`"a\u0000"` for string | number | null is a string with a control character).
 */
function unionIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== "invalid_union") return [issue];
    const meant = issue.errors.filter((option) => !typeMismatch(option));
    const [only] = meant;
    if (meant.length !== 1 || !only) return [issue];
    return unionIssues(only).map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
  });
}

/** The value at `path` in what was parsed; undefined where it is missing. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * No value: missing, null, or a string of nothing but white space (a form's empty field: the
 * worksheet form sends a required field left empty as "").
 */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * `input`: what was parsed. Zod 4 does not keep it on its issues (unless parsed with
 * `reportInput`), and a value of the wrong type (`invalid_type`) or not among the options
 * (`invalid_value`) is told from no value at all (`required`: "fill in this field") by looking it
 * up there.
 */
export function zodFieldErrors(error: z.ZodError, input: unknown, root?: string): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of unionIssues(error.issues)) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        fields[[...(root ? [root] : []), ...issue.path.map(String), key].join(".")] = "unknown_field";
      }
      continue;
    }
    const path = [...(root ? [root] : []), ...issue.path.map(String)].join(".");
    if (fields[path]) continue;
    // A schema may name its own code as the message (`z.email("email.invalid")`,
    // `.min(1, "required")`); zod's default messages are sentences and never match.
    const custom = /^[a-z_]+(\.[a-z_]+)*$/.test(issue.message);
    fields[path] = custom
      ? issue.message
      : (issue.code === "invalid_type" || issue.code === "invalid_value") && isEmpty(valueAt(input, issue.path))
        ? "required"
        : issue.code;
  }
  return fields;
}
