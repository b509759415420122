import { ApiError } from "../../lib/api/client.ts";
import { newSubmissionId } from "../../lib/api/submission-id.ts";

/** What is typed in a worksheet's form, field by field. */
export type DraftFields = Record<string, string | boolean>;

/**
 * A worksheet's form: what is typed, and what saving it does. It is kept until it is saved (and
 * kept as a draft for the tab, lib/form/draft-store.ts), so a failed save, a retry and a save
 * after logging in again all send the same row.
 */
export interface WorksheetDraft {
  fields: DraftFields;
  /** The row being changed; null: a new row. */
  editing: string | null;
  /** The `updated_at` of the row as the change started: a row changed since is not overwritten. */
  base: string | null;
  /**
   * The person was told the row had changed since, and shown it as it is now: the next save
   * replaces that version (its `updated_at` then, not `base`).
   */
  replace: boolean;
  /** The id the new row is sent with: sent again after an answer that never came, it is stored once. */
  id: string;
  /** Typed in since the form was emptied or a row loaded into it (nothing to keep before). */
  changed: boolean;
  /**
   * A new row being written when a saved row was loaded into the form to change it: it comes back
   * when that change is saved or cancelled.
   */
  aside?: WorksheetDraft;
}

/** A row as the worksheet shows it (the parts saving needs). */
export interface ShownRow {
  id: string;
  updated_at: string;
}

/** A new row's id, chosen here so that sending it again stores it once. */
export const newRowId = newSubmissionId;

export function emptyDraft(id: string = newRowId()): WorksheetDraft {
  return { fields: {}, editing: null, base: null, replace: false, id, changed: false };
}

/**
 * Whether loading row `rowId` into the form would replace a change typed to another row: the
 * form then asks for that change to be saved or cancelled first instead (`editDraft` is not for it).
 */
export function changingAnotherRow(draft: WorksheetDraft, rowId: string): boolean {
  return draft.editing !== null && draft.editing !== rowId && draft.changed;
}

/**
 * A saved row loaded into the form for changing it. A new row being written is put aside, not
 * thrown away (`leaveEdit` gives it back). A change being made to another row would be replaced:
 * see `changingAnotherRow`.
 */
export function editDraft(row: ShownRow, fields: DraftFields, current?: WorksheetDraft): WorksheetDraft {
  const aside = current && !current.editing && worthKeeping(current) ? current : current?.aside;
  return { fields, editing: row.id, base: row.updated_at, replace: false, id: newRowId(), changed: false, ...(aside ? { aside } : {}) };
}

/** The form after a change to a row is saved or cancelled: the new row put aside for it, or empty. */
export function leaveEdit(draft: WorksheetDraft): WorksheetDraft {
  return draft.aside ?? emptyDraft();
}

/** Worth keeping: typed in, and holding some text, a ticked box or a row being changed; or a new row put aside. */
export function worthKeeping(draft: WorksheetDraft): boolean {
  if (draft.aside && worthKeeping(draft.aside)) return true;
  if (!draft.changed) return false;
  return draft.editing !== null || Object.values(draft.fields).some((value) => value === true || (typeof value === "string" && value.trim() !== ""));
}

export interface SaveRequest {
  method: "POST" | "PATCH";
  path: string;
  body: Record<string, unknown>;
}

/** The call that saves the form: a new row with its id, or a change made from the version it started from. */
export function saveRequest(moduleId: string, draft: WorksheetDraft, values: unknown, rows: readonly ShownRow[]): SaveRequest {
  if (!draft.editing) return { method: "POST", path: `/worksheets/${moduleId}/rows/`, body: { values, id: draft.id } };
  const base = draft.replace ? (rows.find((row) => row.id === draft.editing)?.updated_at ?? draft.base) : draft.base;
  return { method: "PATCH", path: `/worksheets/rows/${draft.editing}/`, body: { values, ...(base ? { updated_at: base } : {}) } };
}

/** Why a save failed, as the form says it; the text typed is always kept. */
export type FailureKind = "fields" | "diary" | "changed" | "gone" | "other";

/**
 * What the form does after a failed save: field errors (`fields`), the sleep diary too short, the
 * row changed elsewhere since (told, the row list reloaded, and the next save replaces it), the
 * row deleted elsewhere (the text is saved as a new row instead), or anything else (offline, the
 * server, a session that ended): said, with the text kept for trying again.
 */
export function afterFailure(draft: WorksheetDraft, error: unknown): { draft: WorksheetDraft; kind: FailureKind; fields: Record<string, string> } {
  if (error instanceof ApiError) {
    if (error.code === "worksheet.row_changed" && draft.editing) return { draft: { ...draft, replace: true }, kind: "changed", fields: {} };
    if (error.status === 404 && draft.editing) return { draft: { ...draft, editing: null, base: null, replace: false }, kind: "gone", fields: {} };
    if (error.code === "worksheet.diary_too_short") return { draft, kind: "diary", fields: {} };
    const fields = Object.fromEntries(Object.entries(error.fields).map(([path, code]) => [path.replace(/^body\.values\./, ""), code]));
    if (Object.keys(fields).length > 0) return { draft, kind: "fields", fields };
  }
  return { draft, kind: "other", fields: {} };
}

function isFields(value: unknown): value is DraftFields {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((field) => typeof field === "string" || typeof field === "boolean")
  );
}

const optionalString = (value: unknown): value is string | null => value === null || typeof value === "string";

/**
 * A kept draft (draft-store) as the form takes it back, or null when it is not one. A change of
 * a row deleted since is kept as a new row: what was typed is never thrown away.
 */
export function restoreDraft(stored: unknown, rows: readonly ShownRow[]): WorksheetDraft | null {
  if (typeof stored !== "object" || stored === null) return null;
  const draft = stored as Partial<Record<keyof WorksheetDraft, unknown>>;
  if (!isFields(draft.fields) || !optionalString(draft.editing) || !optionalString(draft.base) || typeof draft.id !== "string") return null;
  const aside = draft.aside === undefined ? null : restoreDraft(draft.aside, rows);
  const restored: WorksheetDraft = {
    fields: draft.fields,
    editing: draft.editing,
    base: draft.base,
    replace: draft.replace === true,
    id: draft.id,
    changed: draft.changed !== false,
    ...(aside && !aside.editing ? { aside } : {}),
  };
  if (!worthKeeping(restored)) return null;
  if (restored.editing && !rows.some((row) => row.id === restored.editing)) {
    // The row is gone: a change typed to it becomes a new row (and what was put aside for it
    // comes back after that); with nothing typed to it, what was put aside comes back now.
    if (restored.changed) return { ...restored, editing: null, base: null, replace: false };
    const back = leaveEdit(restored);
    return worthKeeping(back) ? back : null;
  }
  return restored;
}
