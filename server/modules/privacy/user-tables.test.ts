import path from "node:path";
import { count, eq, getTableColumns, getTableName, is } from "drizzle-orm";
import { getTableConfig, PgTable, pgTable, uuid, type PgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema.ts";
import { auditLog } from "../../db/schema/accounts.ts";
import { contentModules } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent } from "../content/load-content.ts";
import { enqueue } from "../jobs/job-queue.ts";
import { registerUser, uniqueEmail } from "../../testing/accounts.ts";
import { TestAgent } from "../../testing/agent.ts";
import { unlockModule, worksheetModuleIdOf } from "../../testing/courses.ts";
import { registerWithBankId } from "../../testing/bankid.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { USER_TABLES } from "./user-tables.ts";
import { giveScreening } from "../screening/fixture-screening.ts";

/**
 * The tables that hold rows about a user, derived from the Drizzle schema (not from the
 * export's own list): the users table, every table with a foreign key to users.id, and every
 * table with a user_id column. A table added by any feature is caught here.
 */
function derivedUserTables(tables: Record<string, unknown> = schema): { name: string; table: PgTable; column: PgColumn }[] {
  const found: { name: string; table: PgTable; column: PgColumn }[] = [];
  for (const value of Object.values(tables)) {
    if (!is(value, PgTable)) continue;
    const table = value as PgTable;
    if (table === users) {
      found.push({ name: getTableName(table), table, column: users.id });
      continue;
    }
    const config = getTableConfig(table);
    const viaForeignKey = config.foreignKeys
      .map((fk) => fk.reference())
      .find((ref) => ref.foreignTable === users)?.columns[0];
    const byName = Object.values(getTableColumns(table)).find((c) => c.name === "user_id");
    const column = viaForeignKey ?? byName;
    if (column) found.push({ name: getTableName(table), table, column });
  }
  return found;
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const ok = (status: number, what: string) => (response: { statusCode: number; body: string }) => {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
};

function worksheetModule(worksheet: string): Promise<string> {
  return worksheetModuleIdOf(app, worksheet);
}

/** The things every kind of account can do: a course, an evaluation, a worksheet, a screening, reminders, contact. */
async function useEveryFeature(agent: TestAgent, userId: string, email: string | null): Promise<void> {
  await giveScreening(app, userId);
  ok(200, "start course")(await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "anxiety" }));
  const course = (await agent.get("/api/v1/courses/anxiety/")).json() as { course_parts: { content_modules: { id: string; type: string }[] }[] };
  const evaluation = course.course_parts[0]?.content_modules.find((m) => m.type === "evaluation");
  const gad7 = { ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7_${i + 1}`, 1])), phq9_9: 0 };
  ok(200, "evaluation")(await agent.post(`/api/v1/evaluations/${evaluation?.id}/`, { answers: gad7 }));
  // The sleep window's safety check (its answers are health data), through its open module.
  const [check] = await app.ctx.db.select({ id: contentModules.id }).from(contentModules).where(eq(contentModules.type, "safety_check")).limit(1);
  if (!check) throw new Error("no safety-check module");
  await unlockModule(app, userId, check.id);
  const noToAll = { bipolar: 0, epilepsy: 0, sleep_apnoea: 0, pregnancy: 0, shift_work: 0, alertness: 1 };
  ok(200, "safety check")(await agent.post(`/api/v1/safety-checks/${check.id}/`, { answers: noToAll }));
  const module = await worksheetModule("thought-record");
  // Rows are written through open modules only: the worksheet's part is opened as a fixture.
  await unlockModule(app, userId, module);
  const sheet = (await agent.get(`/api/v1/worksheets/${module}/rows/`)).json() as { definition: { fields: { key: string; type: string; required: boolean; min?: number }[] } };
  const values = Object.fromEntries(
    sheet.definition.fields
      .filter((f) => f.required)
      .map((f) => [f.key, f.type === "scale" || f.type === "number" ? (f.min ?? 0) : f.type === "date" ? "2026-11-20" : f.type === "time" ? "10:00" : "Min tanke"]),
  );
  ok(201, "worksheet row")(await agent.post(`/api/v1/worksheets/${module}/rows/`, { values }));
  const phq9 = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9_${i + 1}`, 0]));
  ok(200, "extended screening")(await agent.post("/api/v1/screening-extended/", { groups: { phq9: { answers: phq9 } } }));
  ok(200, "reminders")(await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "18:00", timezone: "Europe/Stockholm" }));
  // The reminder planner queues a job when a paused part opens; queue one the same way here.
  await enqueue(app.ctx.db, { kind: "reminder", dedupeKey: `test:${userId}`, payload: { type: "nudge" }, runAt: new Date(), userId });
  ok(201, "contact")(await agent.post("/api/v1/contact/", { subject: "Fråga", message: "Hur gör jag?", ...(email ? { reply_email: email } : {}), locale: "sv" }));
}

async function userIdOf(agent: TestAgent): Promise<string> {
  return (JSON.parse((await agent.get("/api/v1/me/")).body) as { user_data: { id: string } }).user_data.id;
}

/** An e-mail user who has used every feature that stores something about them, through the API. */
async function busyUser() {
  const user = await registerUser(app);
  const { agent } = user;
  ok(200, "profile")(await agent.request("PATCH", "/api/v1/me/profile/", { name: "Kim", theme: "pink" }));
  ok(202, "email change")(await agent.post("/api/v1/me/email/", { email: uniqueEmail("next"), password: user.password }));
  await useEveryFeature(agent, await userIdOf(agent), user.email);
  return user;
}

/** A BankID user (identity, evidence, orders) who has used every feature too. */
async function busyBankIdUser() {
  const user = await registerWithBankId(app);
  const id = await userIdOf(user.agent);
  await useEveryFeature(user.agent, id, null);
  return { ...user, id };
}

describe("the user tables", () => {
  it("are derived from the schema, and the export lists every one of them", () => {
    const derived = derivedUserTables().map((t) => t.name).sort();
    expect(derived).toContain("users");
    expect(derived).toContain("sessions");
    const exported = USER_TABLES.map((t) => getTableName(t.table)).sort();
    expect(exported).toEqual(derived);
  });

  it("the export of a user who used every feature has a row from every table, decrypted, without secrets", async () => {
    const user = await busyUser();
    const response = await user.agent.get("/api/v1/me/export/");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="kbt-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const document = JSON.parse(response.body) as { format: string; tables: Record<string, Record<string, unknown>[]> };
    expect(document.format).toBe("kbt-export/1");
    const bankIdUser = await busyBankIdUser();
    const bankIdDocument = JSON.parse((await bankIdUser.agent.get("/api/v1/me/export/")).body) as typeof document;
    for (const { name } of derivedUserTables()) {
      const rows = (document.tables[name]?.length ?? 0) + (bankIdDocument.tables[name]?.length ?? 0);
      expect(rows, `rows of ${name}`).toBeGreaterThan(0);
    }
    const phq9 = document.tables.screening_scores?.find((row) => row.instrument === "phq9");
    expect(phq9).toMatchObject({ instrument: "phq9", score: 0 });
    expect(typeof phq9?.answers).toBe("object");
    expect(bankIdDocument.tables.bankid_identities?.[0]?.personal_number).toBe(bankIdUser.personalNumber);
    expect(JSON.stringify(bankIdDocument)).not.toMatch(/qr_start_secret|binding_hash|handle_hash|personal_number_hash/);
    expect(document.tables.users?.[0]).toMatchObject({ email: user.email, display_name: "Kim", theme: "pink" });
    expect(document.tables.contact_messages?.[0]?.content).toEqual({ subject: "Fråga", message: "Hur gör jag?" });
    expect(document.tables.worksheet_rows?.[0]?.values).toMatchObject({});
    expect(typeof document.tables.evaluation_answers?.[0]?.answers).toBe("object");
    const text = response.body;
    for (const secretColumn of ["password_hash", "totp_secret", "totp_last_step", "code_hash", "id_hash"]) expect(text).not.toContain(secretColumn);
    expect(document.tables.audit_log?.every((entry) => !("subject" in entry))).toBe(true);
    expect(text).not.toContain("$argon2id$");
    expect(text).not.toContain(user.secret);
    for (const code of user.recoveryCodes) expect(text).not.toContain(code);
    expect(text).not.toContain(user.agent.cookies.get("sessionid"));
  });

  it("export only the caller's rows and need a verified session", async () => {
    const a = await busyUser();
    const b = await registerUser(app);
    const text = (await b.agent.get("/api/v1/me/export/")).body;
    expect(text).not.toContain(a.email);
    expect(text).not.toContain("Min tanke");
    expect((await new TestAgent(app).get("/api/v1/me/export/")).statusCode).toBe(401);
  });

  it("after account deletion hold no row about the user, audit entries included", async () => {
    const user = await busyUser();
    const id = await userIdOf(user.agent);
    expect((await app.ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.userId, id)))[0]?.n).toBeGreaterThan(0);
    expect((await user.agent.delete("/api/v1/me/", { password: user.password })).statusCode).toBe(200);
    const bankIdUser = await busyBankIdUser();
    expect((await bankIdUser.agent.delete("/api/v1/me/", { bankid: true })).statusCode).toBe(200);
    for (const gone of [id, bankIdUser.id]) {
      for (const { name, column, table } of derivedUserTables()) {
        const [row] = await app.ctx.db.select({ n: count() }).from(table).where(eq(column, gone));
        expect(row?.n, `rows left in ${name}`).toBe(0);
      }
    }
    expect(USER_TABLES.every((t) => t.afterDeletion === "deleted")).toBe(true);
  });

  it("derivation catches a new table that refers to users, by foreign key or by a user_id column", () => {
    const notes = pgTable("notes_about_someone", { owner: uuid("owner").references(() => users.id) });
    const loose = pgTable("loose_rows", { userId: uuid("user_id") });
    const unrelated = pgTable("unrelated", { id: uuid("id") });
    const names = derivedUserTables({ ...schema, notes, loose, unrelated }).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["notes_about_someone", "loose_rows"]));
    expect(names).not.toContain("unrelated");
    expect(names).not.toEqual(USER_TABLES.map((t) => getTableName(t.table)).sort());
  });
});
