import { z } from "zod";

/**
 * The one string primitive of every request schema. Text from a form never holds control
 * characters (C0, DEL, C1): a NUL cannot even be stored by PostgreSQL, and the others only hide
 * or reorder what a person reads. Such text is refused on its field with
 * `text.control_characters` (400), before any other check of the field.
 */
export const CONTROL_CHARACTERS_CODE = "text.control_characters";

/** Every C0 control, DEL and every C1 control (matching them is the point here). */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same but tab, line feed and carriage return (a textarea's line breaks). */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A one-line text field (names, e-mail, codes, passwords): no control character at all. */
export function text() {
  return z.string().refine((value) => !ANY_CONTROL.test(value), { message: CONTROL_CHARACTERS_CODE, abort: true });
}

/** A multi-line text field (messages, worksheet notes): tab and line breaks are allowed. */
export function multilineText() {
  return z.string().refine((value) => !CONTROL_BUT_LINES.test(value), { message: CONTROL_CHARACTERS_CODE, abort: true });
}
