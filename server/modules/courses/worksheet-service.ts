import { and, desc, eq, sql } from "drizzle-orm";
import { worksheetSchema, type WorksheetDef } from "../../../common/content/schema.ts";
import { zodFieldErrors } from "../../../common/schemas/field-errors.ts";
import { computedValues, worksheetValuesSchema, type WorksheetValues } from "../../../common/worksheets/worksheet.ts";
import type { AppContext } from "../../app-context.ts";
import { worksheetDefs, worksheetRows } from "../../db/schema/content.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertWorksheetOpen, liveModule, openModule } from "./course-service.ts";
import { dayOf, isSleepWindow, sleepWindowPlan, sleepWindowValues } from "./sleep-window-rows.ts";
import { worksheetAad } from "./worksheet-aad.ts";

type Row = typeof worksheetRows.$inferSelect;


async function definition(ctx: AppContext, key: string): Promise<WorksheetDef> {
  const [row] = await ctx.db.select().from(worksheetDefs).where(eq(worksheetDefs.key, key)).limit(1);
  if (!row) throw new AppError("request.not_found");
  return worksheetSchema.parse(row.definition);
}

function validValues(def: WorksheetDef, values: unknown): WorksheetValues {
  const result = worksheetValuesSchema(def).safeParse(values);
  if (!result.success) throw new AppError("request.invalid", { fields: zodFieldErrors(result.error, values, "body.values") });
  return result.data;
}

function view(ctx: AppContext, def: WorksheetDef, row: Row) {
  const values = JSON.parse(ctx.cipher.decrypt(row.values, worksheetAad(row.userId))) as WorksheetValues;
  return {
    id: row.id,
    values,
    computed: computedValues(def, values),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The worksheet of a worksheet module (404 for any other module). */
async function worksheetOf(ctx: AppContext, moduleId: string): Promise<string> {
  const module = await liveModule(ctx, moduleId);
  if (module.type !== "worksheet") throw new AppError("request.not_found");
  return String(module.settings.worksheet);
}

/**
 * A worksheet module's definition and the user's own rows, newest first. Rows belong to the
 * worksheet, so a worksheet used in several modules (or courses) shows the same diary.
 */
export async function listWorksheet(ctx: AppContext, userId: string, moduleId: string) {
  const key = await worksheetOf(ctx, moduleId);
  const def = await definition(ctx, key);
  const rows = await ctx.db
    .select()
    .from(worksheetRows)
    .where(and(eq(worksheetRows.userId, userId), eq(worksheetRows.worksheet, key)))
    .orderBy(desc(worksheetRows.createdAt));
  const now = ctx.clock.now();
  const plan = isSleepWindow(def) && (await isOpenTo(ctx, userId, moduleId)) ? await sleepWindowPlan(ctx, userId, key, dayOf(now), now) : undefined;
  return { module: moduleId, key, definition: def, rows: rows.map((row) => view(ctx, def, row)), ...(plan ? { plan } : {}) };
}

/**
 * Whether the module is open to the user (started, part unlocked, its gate passed). The sleep
 * window worked out from the diary is told only then: withheld (item 9 above 0, PHQ-9 at 20 or
 * more, a contraindication: clinical.md) or before its safety check, the API does not tell it
 * either, as the course does not show it.
 */
async function isOpenTo(ctx: AppContext, userId: string, moduleId: string): Promise<boolean> {
  try {
    await openModule(ctx, userId, moduleId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** The user's own row `id` of worksheet `key`, or null. */
async function ownRow(ctx: AppContext, userId: string, key: string, id: string): Promise<Row | null> {
  const [row] = await ctx.db
    .select()
    .from(worksheetRows)
    .where(and(eq(worksheetRows.id, id), eq(worksheetRows.userId, userId), eq(worksheetRows.worksheet, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Adds a row through a worksheet module that is open to the user (started, part unlocked). With
 * the client's `id` for the row, the same row sent again (a retry after an answer that never
 * arrived, a double submit, at the same moment too) is stored once and answered as stored.
 */
export async function addRow(ctx: AppContext, userId: string, moduleId: string, values: unknown, id?: string) {
  const key = await worksheetOf(ctx, moduleId);
  await openModule(ctx, userId, moduleId);
  const def = await definition(ctx, key);
  if (id) {
    const stored = await ownRow(ctx, userId, key, id);
    if (stored) return view(ctx, def, stored);
  }
  const now = ctx.clock.now();
  // The sleep window is worked out from the diary and stored with the row (a past week keeps it).
  const valid = isSleepWindow(def)
    ? await sleepWindowValues(ctx, userId, key, validValues(def, values), { today: dayOf(now), before: now })
    : validValues(def, values);
  const [row] = await ctx.db
    .insert(worksheetRows)
    .values({ ...(id ? { id } : {}), userId, worksheet: key, values: ctx.cipher.encrypt(JSON.stringify(valid), worksheetAad(userId)), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: worksheetRows.id })
    .returning();
  if (row) return view(ctx, def, row);
  // The same id stored meanwhile: by this same row sent at the same moment, or (an id that is not
  // the client's own) another row, which is not this user's to see.
  const stored = id ? await ownRow(ctx, userId, key, id) : null;
  if (!stored) throw new AppError("request.invalid", { fields: { "body.id": "invalid_value" } });
  return view(ctx, def, stored);
}

/** A sleep-window row is worked out again as of the week it was set (the window before it counts). */
async function ownRowDay(ctx: AppContext, userId: string, id: string): Promise<{ today: string; before: Date }> {
  const [row] = await ctx.db
    .select({ values: worksheetRows.values, createdAt: worksheetRows.createdAt })
    .from(worksheetRows)
    .where(and(eq(worksheetRows.id, id), eq(worksheetRows.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("request.not_found");
  const values = JSON.parse(ctx.cipher.decrypt(row.values, worksheetAad(userId))) as WorksheetValues;
  return { today: typeof values.week_start === "string" ? values.week_start : dayOf(row.createdAt), before: row.createdAt };
}

/** The worksheet of one of the user's own rows; another user's row is simply not found. */
async function ownRowWorksheet(ctx: AppContext, userId: string, id: string): Promise<string> {
  const [row] = await ctx.db
    .select({ worksheet: worksheetRows.worksheet })
    .from(worksheetRows)
    .where(and(eq(worksheetRows.id, id), eq(worksheetRows.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("request.not_found");
  return row.worksheet;
}

/**
 * Changes a row of the user's own; another user's row is simply not found. A module using the
 * worksheet must be open to the user, as for adding. With `startedFrom` (the row's `updated_at`
 * the change was made from) the change applies only to that version, checked in the UPDATE
 * itself: a row changed since, in another tab or at the same moment, is not overwritten with an
 * older copy (409 `worksheet.row_changed`). Every change moves `updated_at` forward, by a
 * millisecond at least, so that two changes in the same millisecond are two versions.
 */
export async function updateRow(ctx: AppContext, userId: string, id: string, values: unknown, startedFrom?: string) {
  const key = await ownRowWorksheet(ctx, userId, id);
  await assertWorksheetOpen(ctx, userId, key);
  const def = await definition(ctx, key);
  const valid = isSleepWindow(def) ? await sleepWindowValues(ctx, userId, key, validValues(def, values), await ownRowDay(ctx, userId, id)) : validValues(def, values);
  const now = ctx.clock.now().toISOString();
  const [row] = await ctx.db
    .update(worksheetRows)
    .set({
      values: ctx.cipher.encrypt(JSON.stringify(valid), worksheetAad(userId)),
      updatedAt: sql`greatest(${now}::timestamptz, ${worksheetRows.updatedAt} + interval '1 millisecond')`,
    })
    .where(
      and(
        eq(worksheetRows.id, id),
        eq(worksheetRows.userId, userId),
        eq(worksheetRows.worksheet, key),
        ...(startedFrom ? [sql`${worksheetRows.updatedAt} = ${new Date(startedFrom).toISOString()}::timestamptz`] : []),
      ),
    )
    .returning();
  if (!row) {
    // Deleted meanwhile (or never the user's): not found; still there: changed since.
    if (startedFrom && (await ownRow(ctx, userId, key, id))) throw new AppError("worksheet.row_changed");
    throw new AppError("request.not_found");
  }
  return view(ctx, def, row);
}

export async function deleteRow(ctx: AppContext, userId: string, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(worksheetRows)
    .where(and(eq(worksheetRows.id, id), eq(worksheetRows.userId, userId)))
    .returning({ id: worksheetRows.id });
  if (deleted.length === 0) throw new AppError("request.not_found");
}
