import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import type { WorksheetDef } from "../../../common/content/schema.ts";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { zodFieldErrors } from "../../../common/schemas/field-errors.ts";
import { worksheetValuesSchema, type WorksheetValues } from "../../../common/worksheets/worksheet.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Checkbox, TextArea, TextField } from "../../components/field.tsx";
import { ActionDialog } from "../../components/dialogs/action-dialog.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo, errorMessage } from "../../lib/api/error-message.ts";
import { drafts } from "../../lib/form/draft-store.ts";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { registerDialog, useDialog } from "../../lib/dialog.tsx";
import type { SleepWindowPlan as SleepWindowPlanData } from "../../../common/worksheets/sleep-window.ts";
import { SleepWindowPlan, formatComputed } from "./sleep-window-plan.tsx";
import { dateTimeFormat } from "../../../common/i18n/formatters.ts";
import { afterFailure, changingAnotherRow, editDraft, emptyDraft, leaveEdit, restoreDraft, saveRequest, worthKeeping, type DraftFields, type ShownRow, type WorksheetDraft } from "./worksheet-draft.ts";

registerDialog("DeleteWorksheetRowDialog", { component: ActionDialog });

export interface WorksheetData {
  /** The worksheet module the rows are reached through. */
  module: string;
  key: string;
  definition: WorksheetDef;
  rows: { id: string; values: WorksheetValues; computed: Record<string, number | null>; created_at: string; updated_at: string }[];
  /** The sleep-window worksheet: the window a row saved now gets (worked out from the diary). */
  plan?: SleepWindowPlanData;
}

function toValues(def: WorksheetDef, draft: DraftFields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of def.fields) {
    const raw = draft[field.key];
    if (field.type === "boolean") values[field.key] = raw === true;
    else if (raw === undefined || raw === "") values[field.key] = field.required ? "" : null;
    else if (field.type === "number" || field.type === "scale") values[field.key] = Number(String(raw).replace(",", "."));
    else values[field.key] = raw;
  }
  return values;
}

/** A `YYYY-MM-DD` day as the page's language writes it (the day itself, whatever the time zone). */
function formatDay(format: Intl.DateTimeFormat, day: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? format.format(new Date(`${day}T00:00:00Z`)) : day;
}

function shown(value: WorksheetValues[string], type: string, yes: string, no: string, dates: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value === "") return "–";
  if (typeof value === "boolean") return value ? yes : no;
  if (type === "date") return formatDay(dates, String(value));
  return String(value);
}

/**
 * A worksheet: the form for a new row (fields from the worksheet's definition, checked with the
 * same schema as the server), and the rows written so far with computed values and delete.
 * What was typed is never lost: it stays in the form when saving fails (with why, and for
 * trying again: a new row is sent with the same id, so it is stored once), and until it is saved
 * it is kept for the tab (draft-store), given back when the worksheet opens again — after a
 * reload, the overlay closed, or a session that ended while they wrote and a new login. A change
 * to a row is made from the version it started from: a row changed in another tab meanwhile is
 * not overwritten unasked (409 worksheet.row_changed).
 */
export function WorksheetPanel({ data, locale, onChange }: { data: WorksheetData; locale: Locale; onChange: () => Promise<void> }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const def = data.definition;
  const schema = useMemo(() => worksheetValuesSchema(def), [def]);
  const owner = useRootData()?.status.user_data?.id ?? null;
  const draftName = `worksheet:${data.key}`;
  const [form, setForm] = useState<WorksheetDraft>(() => emptyDraft());
  // The form as last set (a save in flight compares it with what it sent).
  const formRef = useRef(form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A save in flight (a second submit, by Enter or a second click, waits for it).
  const saving = useRef(false);
  const [attempt, setAttempt] = useState(0);
  const draft = form.fields;
  const editing = form.editing;

  /** Keeps the form for the tab while it holds unsaved text, and lets it go once it does not. */
  const keep = useCallback(
    (next: WorksheetDraft) => {
      if (!owner) return;
      if (worthKeeping(next)) drafts.save(draftName, owner, next);
      else drafts.remove(draftName);
    },
    [owner, draftName],
  );
  const update = useCallback(
    (change: (current: WorksheetDraft) => WorksheetDraft) => {
      const next = change(formRef.current);
      formRef.current = next;
      setForm(next);
      keep(next);
    },
    [keep],
  );
  const rowsRef = useRef<readonly ShownRow[]>(data.rows);
  rowsRef.current = data.rows;
  // Opened again: what was typed and not saved comes back (read after hydration: the server has
  // no tab), once per account and worksheet.
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!owner || restoredFor.current === `${owner} ${draftName}`) return;
    restoredFor.current = `${owner} ${draftName}`;
    const restored = restoreDraft(drafts.read(draftName, owner), rowsRef.current);
    if (!restored) return;
    update(() => restored);
    setStatus(t("worksheet.draftRestored"));
  }, [owner, draftName, update, t]);
  // Leaving the page (a reload, the forced logout's page load, which comes after its Clear-Site-Data).
  useEffect(() => {
    const leaving = () => keep(formRef.current);
    window.addEventListener("pagehide", leaving);
    return () => window.removeEventListener("pagehide", leaving);
  }, [keep]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    setStatus(null);
    const sent = formRef.current;
    const values = toValues(def, sent.fields);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const fields = zodFieldErrors(parsed.error, values);
      // The summary (role=alert) announces the errors and takes focus; each links to its field.
      setErrors(fields);
      setAttempt((n) => n + 1);
      return;
    }
    saving.current = true;
    setBusy(true);
    try {
      const request = saveRequest(data.module, sent, parsed.data, data.rows);
      const saved = await browserApi().call<ShownRow>(request.method, request.path, { body: request.body });
      // Typed on while it was saving: that text stays, now a change to the row just saved. Saved
      // as it was sent: a new row put aside to change this one comes back, or the form empties.
      const latest = formRef.current;
      const typedOn = latest.fields !== sent.fields;
      update(() => (typedOn ? { ...latest, editing: saved.id, base: saved.updated_at, replace: false, changed: true } : leaveEdit(latest)));
      setErrors({});
      setStatus(!typedOn && latest.aside ? `${t("worksheet.saved")} ${t("worksheet.draftRestored")}` : t("worksheet.saved"));
      await onChange();
    } catch (error) {
      const failed = afterFailure(sent, error);
      update((latest) =>
        latest.editing === sent.editing ? { ...latest, editing: failed.draft.editing, base: failed.draft.base, replace: failed.draft.replace } : latest,
      );
      setErrors(failed.fields);
      if (failed.kind === "fields") setStatus(t("worksheet.notSaved"));
      else if (failed.kind === "diary") setStatus(t("errors.codes.worksheet.diary_too_short"));
      else if (failed.kind === "changed") setStatus(t("errors.codes.worksheet.row_changed"));
      else if (failed.kind === "gone") setStatus(t("worksheet.rowGone"));
      else setStatus(`${errorMessage(t, errorInfo(error))} ${t("worksheet.stillHere")}`);
      // The row as it is now (changed or deleted elsewhere) is shown under the form.
      if (failed.kind === "changed" || failed.kind === "gone") await onChange();
    } finally {
      saving.current = false;
      setBusy(false);
    }
  }

  function errorText(code: string | undefined): string {
    return t(`form.errors.${code ?? "invalid"}`, { defaultValue: t("form.errors.invalid") });
  }

  /**
   * Loads a saved row into the form for changing it. A change being made to another row is not
   * replaced: the person is asked to save or cancel it first, and the form keeps it.
   */
  function edit(row: WorksheetData["rows"][number]) {
    if (changingAnotherRow(formRef.current, row.id)) {
      setStatus(t("worksheet.finishChangeFirst"));
      document.getElementById(`ws-${def.fields[0]?.key ?? ""}`)?.focus();
      return;
    }
    const next: DraftFields = {};
    for (const field of def.fields) {
      const value = row.values[field.key];
      if (value === null || value === undefined) continue;
      next[field.key] = typeof value === "boolean" ? value : String(value);
    }
    update((current) => editDraft(row, next, current));
    setErrors({});
    setStatus(null);
    document.getElementById(`ws-${def.fields[0]?.key ?? ""}`)?.focus();
  }

  function remove(id: string) {
    dialog.open("DeleteWorksheetRowDialog", {
      data: { title: t("worksheet.deleteTitle"), message: t("worksheet.deleteMessage"), destructive: true },
      confirm: {
        label: t("worksheet.delete"),
        action: async () => {
          try {
            await browserApi().delete(`/worksheets/rows/${id}/`);
          } catch (error) {
            // The dialog closes; the row stays in the list, and the form says why.
            setStatus(errorMessage(t, errorInfo(error)));
            return;
          }
          await onChange();
        },
      },
      cancel: { label: t("worksheet.keep") },
    });
  }

  const dateFormat = dateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, { dateStyle: "medium", timeZone: "UTC" });
  // A row is headed by the day it is about (a diary's night), written as its field shows it; a
  // worksheet without a date field heads rows with the day they were saved.
  const dayField = def.fields.find((field) => field.type === "date");
  const rowDay = (row: WorksheetData["rows"][number]): string => {
    const day = dayField ? row.values[dayField.key] : null;
    return typeof day === "string" && day ? formatDay(dateFormat, day) : dateFormat.format(new Date(row.created_at));
  };
  return (
    <section className="stack worksheet" aria-labelledby="worksheet-title">
      <h2 id="worksheet-title">{def.title[locale]}</h2>
      {data.plan ? <SleepWindowPlan plan={data.plan} riseTime={String(draft.wake_time ?? "")} /> : null}
      <form className="stack" onSubmit={(e) => void save(e)} noValidate>
        <FormErrorSummary
          messages={def.fields
            .filter((field) => errors[field.key])
            .map((field) => ({ field: field.key, message: errorText(errors[field.key]) }))}
          labels={Object.fromEntries(def.fields.map((field) => [field.key, field.label[locale]]))}
          formError={null}
          idFor={(field) => `ws-${field}`}
          attempt={attempt}
        />
        {def.fields.map((field) => {
          const id = `ws-${field.key}`;
          const label = field.label[locale];
          const error = errors[field.key] ? errorText(errors[field.key]) : undefined;
          const scale =
            field.type === "scale" && field.min !== undefined && field.max !== undefined
              ? t("worksheet.scale", { min: field.min, max: field.max })
              : null;
          const hint = [field.help?.[locale], scale].filter(Boolean).join(" ") || undefined;
          const required = { required: field.required, requiredText: `(${t("form.required")})` };
          const value = String(draft[field.key] ?? "");
          const set = (next: string | boolean) => update((d) => ({ ...d, fields: { ...d.fields, [field.key]: next }, changed: true }));
          if (field.type === "boolean") {
            return (
              <Checkbox key={field.key} id={id} label={label} hint={hint} error={error} {...required} checked={draft[field.key] === true} onChange={(e) => set(e.target.checked)} />
            );
          }
          if (field.type === "longtext") {
            return <TextArea key={field.key} id={id} label={label} hint={hint} error={error} {...required} rows={4} value={value} onChange={(e) => set(e.target.value)} />;
          }
          return (
            <TextField
              key={field.key}
              id={id}
              label={label}
              hint={hint}
              error={error}
              {...required}
              type={field.type === "date" ? "date" : field.type === "time" ? "time" : "text"}
              inputMode={field.type === "number" || field.type === "scale" ? "numeric" : undefined}
              value={value}
              onChange={(e) => set(e.target.value)}
            />
          );
        })}
        <div aria-live="polite">{status ? <Notice tone="info">{status}</Notice> : null}</div>
        <div className="cluster">
          {/* aria-disabled, not disabled: a disabled button loses focus, to the page outside the overlay. */}
          <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
            {editing ? t("worksheet.saveChanges") : t("worksheet.save")}
          </Button>
          {editing ? (
            <Button
              variant="secondary"
              onClick={() => {
                // A new row put aside to change this one comes back.
                const back = leaveEdit(formRef.current);
                update(() => back);
                setErrors({});
                setStatus(worthKeeping(back) ? t("worksheet.draftRestored") : null);
              }}
            >
              {t("worksheet.cancelEdit")}
            </Button>
          ) : null}
        </div>
      </form>
      <h3>{t("worksheet.rows", { count: data.rows.length })}</h3>
      {data.rows.length === 0 ? <p>{t("worksheet.noRows")}</p> : null}
      <ul className="worksheet-rows">
        {data.rows.map((row) => (
          <li key={row.id} className="card worksheet-row">
            <p className="course-card__meta">{rowDay(row)}</p>
            <dl>
              {def.fields.map((field) => (
                <div key={field.key} className="worksheet-row__value">
                  <dt>{field.label[locale]}</dt>
                  <dd>{shown(row.values[field.key] ?? null, field.type, t("worksheet.yes"), t("worksheet.no"), dateFormat)}</dd>
                </div>
              ))}
              {(def.computed ?? []).map((c) => (
                <div key={c.key} className="worksheet-row__value">
                  <dt>{c.label?.[locale] ?? t(`worksheet.computed.${c.formula}`)}</dt>
                  <dd>{formatComputed(t, c.formula, row.computed[c.key])}</dd>
                </div>
              ))}
            </dl>
            <div className="cluster">
              <Button variant="secondary" onClick={() => edit(row)}>
                {t("worksheet.edit")}
              </Button>
              <Button variant="quiet" onClick={() => remove(row.id)}>
                {t("worksheet.delete")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
