import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AppContext } from "../../app-context.ts";
import { auditLog, consents, emailCodes, recoveryCodes } from "../../db/schema/accounts.ts";
import { courseProgress, evaluationAnswers, moduleProgress, safetyChecks, worksheetRows } from "../../db/schema/content.ts";
import { bankidEvidence, bankidIdentities, bankidOrders } from "../../db/schema/bankid.ts";
import { jobs, reminderSettings } from "../../db/schema/ops.ts";
import { contactMessages } from "../../db/schema/profile.ts";
import { screeningScores, screenings } from "../../db/schema/screening.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { answersAad } from "../courses/evaluation-repository.ts";
import { worksheetAad } from "../courses/worksheet-aad.ts";
import { safetyAnswersAad, safetyOutcomeAad } from "../courses/safety-check-repository.ts";
import { answersAad as screeningAnswersAad } from "../screening/screening-repository.ts";
import { openCrisis, openEvaluationScore, openScreeningScore, openText, type SealedScore } from "../screening/health-values.ts";
import { personalNumberAad } from "../bankid/personal-number.ts";
import { contactAad } from "../contact/contact-aad.ts";

type Row = Record<string, unknown>;

/**
 * One table that holds rows about a user: what the export takes from it and what deletion
 * leaves. A new table that refers to users must be listed here — user-tables.test.ts derives
 * the tables from the schema and fails on one that is missing.
 */
export interface UserTable {
  table: PgTable;
  /** The column that names the user (`users.id` for the account itself). */
  userColumn: PgColumn;
  /** Database column names never exported: password hashes, secrets, session ids, code hashes. */
  secret: readonly string[];
  /** Turns field-encrypted columns into readable values for the export. */
  reveal?: (ctx: AppContext, row: Row) => Row;
  /** No row stays after account deletion (docs/retention.md); nothing is kept pseudonymised. */
  afterDeletion: "deleted";
}

/**
 * A table whose rows belong to a user through a parent row (screening scores through their
 * screening): exported beside the user tables, deleted with the parent by its foreign key.
 */
export interface LinkedTable {
  table: PgTable;
  /** The column of this table that names the parent row, and the parent's id and user columns. */
  parentColumn: PgColumn;
  parent: PgTable;
  parentId: PgColumn;
  parentUser: PgColumn;
  secret: readonly string[];
  reveal?: (ctx: AppContext, row: Row) => Row;
}

function decryptJson(ctx: AppContext, token: unknown, aad: string): unknown {
  return typeof token === "string" ? JSON.parse(ctx.cipher.decrypt(token, aad)) : null;
}

/** The encrypted score, band and severity columns of a row keyed by column names. */
function sealedScore(row: Row): SealedScore {
  return { score: String(row.score), band: String(row.band), severity: String(row.severity) };
}

export const USER_TABLES: readonly UserTable[] = [
  { table: users, userColumn: users.id, secret: ["password_hash", "totp_secret", "totp_last_step"], afterDeletion: "deleted" },
  { table: consents, userColumn: consents.userId, secret: [], afterDeletion: "deleted" },
  { table: sessions, userColumn: sessions.userId, secret: ["id_hash"], afterDeletion: "deleted" },
  { table: recoveryCodes, userColumn: recoveryCodes.userId, secret: ["code_hash"], afterDeletion: "deleted" },
  { table: emailCodes, userColumn: emailCodes.userId, secret: ["code_hash"], afterDeletion: "deleted" },
  { table: courseProgress, userColumn: courseProgress.userId, secret: [], afterDeletion: "deleted" },
  { table: moduleProgress, userColumn: moduleProgress.userId, secret: [], afterDeletion: "deleted" },
  {
    table: evaluationAnswers,
    userColumn: evaluationAnswers.userId,
    secret: [],
    reveal: (ctx, row) => ({
      ...row,
      answers: decryptJson(ctx, row.answers, answersAad(String(row.user_id))),
      ...openEvaluationScore(ctx.cipher, sealedScore(row), String(row.user_id), String(row.id)),
    }),
    afterDeletion: "deleted",
  },
  {
    table: worksheetRows,
    userColumn: worksheetRows.userId,
    secret: [],
    reveal: (ctx, row) => ({ ...row, values: decryptJson(ctx, row.values, worksheetAad(String(row.user_id))) }),
    afterDeletion: "deleted",
  },
  {
    table: safetyChecks,
    userColumn: safetyChecks.userId,
    secret: [],
    reveal: (ctx, row) => ({
      ...row,
      answers: decryptJson(ctx, row.answers, safetyAnswersAad(String(row.user_id))),
      outcome: openText(ctx.cipher, String(row.outcome), safetyOutcomeAad(String(row.user_id), String(row.id))),
    }),
    afterDeletion: "deleted",
  },
  {
    table: contactMessages,
    userColumn: contactMessages.userId,
    secret: [],
    reveal: (ctx, row) => ({ ...row, content: decryptJson(ctx, row.content, contactAad(String(row.id))) }),
    afterDeletion: "deleted",
  },
  {
    table: screenings,
    userColumn: screenings.userId,
    secret: [],
    reveal: (ctx, row) => ({
      ...row,
      answers: decryptJson(ctx, row.answers, screeningAnswersAad(String(row.id), null)),
      crisis: openCrisis(ctx.cipher, String(row.crisis), String(row.id)),
    }),
    afterDeletion: "deleted",
  },
  { table: reminderSettings, userColumn: reminderSettings.userId, secret: [], afterDeletion: "deleted" },
  // Reminder jobs carry no health information; the payload says which part opened.
  { table: jobs, userColumn: jobs.userId, secret: [], afterDeletion: "deleted" },
  {
    table: bankidIdentities,
    userColumn: bankidIdentities.userId,
    secret: ["personal_number_hash"],
    reveal: (ctx, row) => ({
      ...row,
      personal_number: typeof row.personal_number === "string" ? ctx.cipher.decrypt(row.personal_number, personalNumberAad(String(row.user_id))) : null,
    }),
    afterDeletion: "deleted",
  },
  { table: bankidEvidence, userColumn: bankidEvidence.userId, secret: [], afterDeletion: "deleted" },
  // An order's handle, browser binding and QR secret are credentials, never exported.
  {
    table: bankidOrders,
    userColumn: bankidOrders.userId,
    secret: ["handle_hash", "binding_hash", "qr_start_secret", "qr_start_token", "onboarding_token"],
    afterDeletion: "deleted",
  },
  // Deleted with the account too: an entry outliving it (account.deleted) names no one.
  { table: auditLog, userColumn: auditLog.userId, secret: [], afterDeletion: "deleted" },
];

export const LINKED_TABLES: readonly LinkedTable[] = [
  {
    table: screeningScores,
    parentColumn: screeningScores.screeningId,
    parent: screenings,
    parentId: screenings.id,
    parentUser: screenings.userId,
    secret: [],
    reveal: (ctx, row) => ({
      ...row,
      answers: decryptJson(ctx, row.answers, screeningAnswersAad(String(row.screening_id), String(row.instrument))),
      ...openScreeningScore(ctx.cipher, sealedScore(row), String(row.screening_id), String(row.instrument)),
    }),
  },
];

export function tableNameOf(table: PgTable): string {
  return getTableName(table);
}

/** A row keyed by database column names, secrets left out. */
export function exportableRow(entry: Pick<UserTable, "table" | "secret">, row: Row): Row {
  const out: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(entry.table))) {
    if (entry.secret.includes(column.name)) continue;
    out[column.name] = row[key];
  }
  return out;
}
