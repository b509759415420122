import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/api/client.ts";
import { afterFailure, changingAnotherRow, editDraft, emptyDraft, leaveEdit, newRowId, restoreDraft, saveRequest, worthKeeping, type WorksheetDraft } from "./worksheet-draft.ts";

const MODULE = "7d0c1a52-0c4e-4d3e-9b7a-3f1f4c7e2a10";
const row = { id: "0b9f2a4e-8f6d-4c2b-a1e3-5d7c9b1a3e5f", updated_at: "2026-11-25T09:00:00.000Z" };
const values = { situation: "Mötet", intensity: 70 };
const typed = (draft: WorksheetDraft, fields: WorksheetDraft["fields"]): WorksheetDraft => ({ ...draft, fields: { ...draft.fields, ...fields }, changed: true });

describe("saving a worksheet row", () => {
  it("sends a new row with the form's id, the same id on every try until it is saved", () => {
    const draft = typed(emptyDraft(), { situation: "Mötet" });
    const first = saveRequest(MODULE, draft, values, []);
    expect(first).toEqual({ method: "POST", path: `/worksheets/${MODULE}/rows/`, body: { values, id: draft.id } });
    // Offline, or no answer: the form keeps its draft, and trying again sends the same row.
    const failed = afterFailure(draft, new NetworkError(new TypeError("Failed to fetch")));
    expect(failed.kind).toBe("other");
    expect(failed.draft).toBe(draft);
    expect(saveRequest(MODULE, failed.draft, values, []).body).toEqual(first.body);
    for (const server of [new ApiError(500, { code: "server.error", detail: "x" }), new ApiError(503, { code: "server.busy", detail: "x" })]) {
      expect(afterFailure(draft, server)).toMatchObject({ kind: "other", draft });
    }
    // A new form after a save: a new row, a new id.
    expect(emptyDraft().id).not.toBe(draft.id);
    expect(newRowId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("sends a change with the version it was started from", () => {
    const draft = typed(editDraft(row, { situation: "Mötet" }), { situation: "Mötet, längre" });
    expect(saveRequest(MODULE, draft, values, [row])).toEqual({
      method: "PATCH",
      path: `/worksheets/rows/${row.id}/`,
      body: { values, updated_at: row.updated_at },
    });
  });

  it("a row changed elsewhere since: told, and the next save replaces the version now shown — not before", () => {
    const draft = typed(editDraft(row, { situation: "Mötet" }), { situation: "Mötet, längre" });
    const failed = afterFailure(draft, new ApiError(409, { code: "worksheet.row_changed", detail: "x" }));
    expect(failed.kind).toBe("changed");
    expect(failed.draft.fields).toEqual(draft.fields);
    const newer = { ...row, updated_at: "2026-11-25T09:05:00.000Z" };
    expect(saveRequest(MODULE, failed.draft, values, [newer]).body).toEqual({ values, updated_at: newer.updated_at });
  });

  it("a row deleted elsewhere since: what was typed is saved as a new row", () => {
    const draft = typed(editDraft(row, {}), { situation: "Det jag skrev" });
    const failed = afterFailure(draft, new ApiError(404, { code: "request.not_found", detail: "x" }));
    expect(failed.kind).toBe("gone");
    expect(saveRequest(MODULE, failed.draft, values, [])).toMatchObject({ method: "POST", body: { values, id: draft.id } });
  });

  it("field errors of the server are put on their fields; the diary's own refusal is said as such", () => {
    const draft = typed(emptyDraft(), { situation: "x" });
    const refused = new ApiError(400, { code: "request.invalid", detail: "x", fields: { "body.values.situation": "text.control_characters" } });
    expect(afterFailure(draft, refused)).toEqual({ draft, kind: "fields", fields: { situation: "text.control_characters" } });
    expect(afterFailure(draft, new ApiError(409, { code: "worksheet.diary_too_short", detail: "x" })).kind).toBe("diary");
    // A session that ended (the forced logout follows): the form keeps its draft for afterwards.
    expect(afterFailure(draft, new ApiError(401, { code: "auth.not_authenticated", detail: "x" }))).toMatchObject({ kind: "other", draft });
  });
});

describe("keeping a worksheet's draft", () => {
  it("keeps a form once something is typed in it, and a change to a row", () => {
    expect(worthKeeping(emptyDraft())).toBe(false);
    expect(worthKeeping(typed(emptyDraft(), { situation: "  " }))).toBe(false);
    expect(worthKeeping(typed(emptyDraft(), { situation: "Mötet" }))).toBe(true);
    expect(worthKeeping(typed(emptyDraft(), { done: true }))).toBe(true);
    expect(worthKeeping(editDraft(row, { situation: "Mötet" }))).toBe(false);
    expect(worthKeeping(typed(editDraft(row, { situation: "Mötet" }), {}))).toBe(true);
  });

  it("takes a kept draft back as it was; a change to a row deleted since becomes a new row", () => {
    const draft = typed(editDraft(row, { situation: "Mötet" }), { situation: "Mötet, och sedan" });
    const kept = JSON.parse(JSON.stringify(draft)) as unknown;
    expect(restoreDraft(kept, [row])).toEqual(draft);
    expect(restoreDraft(kept, [])).toEqual({ ...draft, editing: null, base: null, replace: false });
  });

  it("a new row being written is put aside, not thrown away, when a saved row is loaded to be changed: it comes back after", () => {
    const writing = typed(emptyDraft(), { situation: "Halvskrivet" });
    const editing = editDraft(row, { situation: "Mötet" }, writing);
    expect(editing.fields).toEqual({ situation: "Mötet" });
    // Kept for the tab while the row is changed, though nothing is typed to the row yet.
    expect(worthKeeping(editing)).toBe(true);
    const kept = JSON.parse(JSON.stringify(editing)) as unknown;
    expect(restoreDraft(kept, [row])?.aside).toEqual(writing);
    // Saved or cancelled: the new row comes back as it was, with its id.
    expect(leaveEdit(editing)).toEqual(writing);
    expect(leaveEdit(typed(editing, { situation: "Mötet, ändrat" }))).toEqual(writing);
    // Changing another row meanwhile keeps it aside too; with nothing aside, the form empties.
    expect(editDraft({ ...row, id: "another" }, {}, editing).aside).toEqual(writing);
    expect(leaveEdit(editDraft(row, {}, emptyDraft())).fields).toEqual({});
    // The row deleted elsewhere before a reload: what was put aside comes back.
    expect(restoreDraft(kept, [])).toEqual(writing);
  });

  it("a change typed to one row is not replaced by loading another (asked to save or cancel it first)", () => {
    const loaded = editDraft(row, { situation: "Mötet" }, emptyDraft());
    // Loaded and not yet changed: another row may be loaded in its place.
    expect(changingAnotherRow(loaded, "another")).toBe(false);
    const changed = typed(loaded, { situation: "Mötet, ändrat" });
    expect(changingAnotherRow(changed, "another")).toBe(true);
    // The same row again, or a new row being written: nothing is replaced.
    expect(changingAnotherRow(changed, row.id)).toBe(false);
    expect(changingAnotherRow(typed(emptyDraft(), { situation: "Nytt" }), "another")).toBe(false);
  });

  it("refuses what is not a draft", () => {
    expect(restoreDraft(null, [])).toBeNull();
    expect(restoreDraft({ fields: { a: 1 }, editing: null, base: null, id: "x" }, [])).toBeNull();
    expect(restoreDraft({ fields: {}, editing: null, base: null, id: "x" }, [])).toBeNull();
  });
});
