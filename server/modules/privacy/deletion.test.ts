import { unlockModule, worksheetModuleIdOf } from "../../testing/courses.ts";
import { createHmac } from "node:crypto";
import path from "node:path";
import { eq, getTableColumns, getTableName, is, or, sql, type SQL } from "drizzle-orm";
import { PgTable, type PgColumn } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { lightScreening } from "../../../common/instruments/registry.ts";
import * as schema from "../../db/schema.ts";
import { auditLog } from "../../db/schema/accounts.ts";
import { bankidOrders } from "../../db/schema/bankid.ts";
import { onboardings, screenings } from "../../db/schema/screening.ts";
import { codeFor, GOOD_PASSWORD, latestMailTo, linkParam, randomIp, uniqueEmail } from "../../testing/accounts.ts";
import { TestAgent } from "../../testing/agent.ts";
import { registerWithBankId } from "../../testing/bankid.ts";
import { FakeClock, createTestApp, type TestApp } from "../../testing/test-app.ts";
import { personalNumberHash } from "../bankid/personal-number.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent } from "../content/load-content.ts";
import { enqueue } from "../jobs/job-queue.ts";
import { deleteExpiredVisitorData } from "../screening/cleanup.ts";
import { hashOnboardingToken } from "../screening/onboarding-service.ts";
import { hashSessionId } from "../sessions/session-service.ts";
import { runRetention } from "./retention.ts";
import { USER_TABLES } from "./user-tables.ts";
import { VISITOR_CONSENT, ACCOUNT_AGREEMENTS } from "../../testing/consent.ts";
import { giveScreening } from "../screening/fixture-screening.ts";

/**
 * Issue 17: after an account is deleted, or a visitor's onboarding expires, no table holds
 * anything that links to the person. Every table of the schema is searched, every column that can
 * hold an identifier (text, uuid, jsonb), for every value that names them: ids, addresses, names,
 * hashes, tokens. Schema-driven: a table or column added later is searched too.
 */

/**
 * Not searched, with the reason. The BankID simulator's orders are the state of "BankID's
 * servers" in development and tests (end-user IP and test personal numbers, as BankID itself
 * keeps them); production talks to the real BankID and never writes this table.
 */
const NOT_OURS: Record<string, string> = { bankid_sim_orders: "BankID's side (the simulator), empty in production" };

const SEARCHABLE = /^(text|uuid|jsonb|json|varchar|character varying)/;

function searchedTables(): { name: string; table: PgTable; columns: PgColumn[] }[] {
  const tables: { name: string; table: PgTable; columns: PgColumn[] }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableName(value);
    if (name in NOT_OURS) continue;
    const columns = Object.values(getTableColumns(value)).filter((c) => SEARCHABLE.test(c.getSQLType()));
    tables.push({ name, table: value, columns });
  }
  return tables;
}

let app: TestApp;
const clock = new FakeClock();

/** Where any of the values occurs: `table.column` entries, empty when nothing is left. */
async function traces(values: string[]): Promise<string[]> {
  const needles = [...new Set(values.filter((v) => v.length >= 6).map((v) => v.toLowerCase()))];
  const found: string[] = [];
  for (const { name, table, columns } of searchedTables()) {
    for (const column of columns) {
      const hits: SQL[] = needles.map((needle) => sql`position(${needle} in lower(${column}::text)) > 0`);
      const rows = await app.ctx.db
        .select({ value: sql<string>`${column}::text` })
        .from(table)
        .where(or(...hits));
      for (const row of rows) {
        const needle = needles.find((n) => row.value.toLowerCase().includes(n)) ?? "?";
        found.push(`${name}.${column.name} ∋ ${needle}`);
      }
    }
  }
  return [...new Set(found)].sort();
}

const tablesOf = (found: string[]) => [...new Set(found.map((f) => f.split(".")[0]))].sort();

/** Every id (a uuid `id` column) of every row that names the user: screenings, answers, messages … */
async function rowIdsOf(userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const entry of USER_TABLES) {
    const idColumn = Object.values(getTableColumns(entry.table)).find((c) => c.name === "id" && c.getSQLType() === "uuid");
    if (!idColumn) continue;
    const rows = await app.ctx.db.select({ id: sql<string>`${idColumn}::text` }).from(entry.table).where(eq(entry.userColumn, userId));
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The pseudonym audit entries carried before issue 17: must never come back. */
function legacySubject(userId: string): string {
  return createHmac("sha256", app.ctx.env.SECRET_KEY).update(`audit:${userId}`).digest("base64url").slice(0, 32);
}

beforeAll(async () => {
  // A database of the file's own: the clock moves a month ahead and the retention job runs.
  app = await createTestApp({ clock, isolated: true });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const ok = (status: number, what: string) => (response: { statusCode: number; body: string }) => {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
};

const answers = (prefix: string, items: number, value: number, last = value) =>
  Object.fromEntries(Array.from({ length: items }, (_, i) => [`${prefix}_${i + 1}`, i === items - 1 ? last : value]));

/** A visitor who screens (light and extended) and answers PHQ-9 item 9 above 0 in both. */
async function crisisVisitor(agent: TestAgent) {
  const { token } = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
  const call = (url: string, body: unknown) => agent.request("POST", url, body, { token });
  const light = Object.fromEntries(lightScreening.map((q) => [q.id, 1]));
  const first = await call("/api/v1/screening/", { answers: { ...light, phq9_9: 2 } });
  ok(200, "light screening")(first);
  expect(first.json()).toMatchObject({ crisis: true });
  ok(200, "extended screening")(await call("/api/v1/screening-extended/", { groups: { phq9: { answers: answers("phq9", 9, 1, 1) } } }));
  const [onboarding] = await app.ctx.db.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.tokenHash, hashOnboardingToken(token)));
  if (!onboarding) throw new Error("no onboarding");
  const screeningIds = (await app.ctx.db.select({ id: screenings.id }).from(screenings).where(eq(screenings.onboardingId, onboarding.id))).map((r) => r.id);
  return { token, onboardingId: onboarding.id, screeningIds };
}

async function moduleOf(type: string, course: string, agent: TestAgent): Promise<string> {
  const body = (await agent.get(`/api/v1/courses/${course}/`)).json() as { course_parts: { content_modules: { id: string; type: string }[] }[] };
  const found = body.course_parts[0]?.content_modules.find((m) => m.type === type)?.id;
  if (!found) throw new Error(`no ${type} in ${course}`);
  return found;
}

async function worksheetRow(agent: TestAgent, userId: string): Promise<void> {
  const module = { id: await worksheetModuleIdOf(app, "thought-record") };
  // Rows are written only through a module open to the user: its course started, its part unlocked.
  await unlockModule(app, userId, module.id);
  const sheet = (await agent.get(`/api/v1/worksheets/${module.id}/rows/`)).json() as { definition: { fields: { key: string; type: string; required: boolean; min?: number }[] } };
  const values = Object.fromEntries(
    sheet.definition.fields
      .filter((f) => f.required)
      .map((f) => [f.key, f.type === "scale" || f.type === "number" ? (f.min ?? 0) : f.type === "date" ? "2026-11-20" : f.type === "time" ? "10:00" : "Min tanke"]),
  );
  ok(201, "worksheet row")(await agent.post(`/api/v1/worksheets/${module?.id}/rows/`, { values }));
}

async function userIdOf(agent: TestAgent): Promise<string> {
  return ((await agent.get("/api/v1/me/")).json() as { user_data: { id: string } }).user_data.id;
}

describe("deletion leaves nothing that links to the person (every table, every column)", () => {
  it("searches every table of the schema but the BankID simulator's", () => {
    const names = searchedTables().map((t) => t.name);
    const all = Object.values(schema).filter((v) => is(v, PgTable)).map((t) => getTableName(t as PgTable));
    expect(names.sort()).toEqual(all.filter((n) => !(n in NOT_OURS)).sort());
    expect(names).toEqual(expect.arrayContaining(["users", "audit_log", "email_codes", "throttle_counters", "jobs", "onboardings", "screening_scores"]));
  });

  it("a deleted e-mail account: screened as a visitor (crisis), registered, 2FA, courses, crisis evaluation, worksheet, contact, reminders, sessions, reset and e-mail change requests", async () => {
    const ip = randomIp();
    const agent = new TestAgent(app, ip);
    const visitor = await crisisVisitor(agent);
    const email = uniqueEmail("forget");
    // Two registration e-mails: the first code stays outstanding (it names the address, no user).
    for (let i = 0; i < 2; i++) ok(202, "register")(await agent.request("POST", "/api/v1/onboarding/register/email", { email, locale: "sv" }, { token: visitor.token }));
    const code = linkParam((await latestMailTo(app, email)).text, "code");
    ok(201, "complete")(
      await agent.request(
        "POST",
        "/api/v1/onboarding/complete",
        { code, password: GOOD_PASSWORD, terms_version: CURRENT_TERMS_VERSION, accept_terms: true, consent_health_data: true, ...ACCOUNT_AGREEMENTS },
        { token: visitor.token },
      ),
    );
    const setup = (await agent.get("/api/v1/twofa/")).json() as { secret: string };
    ok(200, "2fa")(await agent.post("/api/v1/twofa/", { code: codeFor(app, setup.secret) }));
    const id = await userIdOf(agent);
    const name = `Kim ${id.slice(0, 8)}`;
    ok(200, "profile")(await agent.request("PATCH", "/api/v1/me/profile/", { name, theme: "pink" }));
    const nextEmail = uniqueEmail("next");
    ok(202, "email change")(await agent.post("/api/v1/me/email/", { email: nextEmail, password: GOOD_PASSWORD }));
    // Courses (after a completed screening, rule S1): an evaluation with PHQ-9 item 9 above 0, a worksheet row.
    await giveScreening(app, id);
    ok(200, "start course")(await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "depression" }));
    const evaluation = await moduleOf("evaluation", "depression", agent);
    const evaluated = await agent.post(`/api/v1/evaluations/${evaluation}/`, { answers: answers("phq9", 9, 0, 1) });
    ok(200, "evaluation")(evaluated);
    expect(evaluated.json()).toMatchObject({ crisis: true });
    await worksheetRow(agent, id);
    ok(200, "reminders")(await agent.request("PUT", "/api/v1/me/reminders/", { enabled: true, time_of_day: "18:00", timezone: "Europe/Stockholm" }));
    await enqueue(app.ctx.db, { kind: "reminder", dedupeKey: `reminder:nudge:${id}:test`, payload: { type: "nudge" }, runAt: clock.now(), userId: id });
    ok(201, "contact")(await agent.post("/api/v1/contact/", { subject: "Fråga", message: "Hur gör jag?", reply_email: email, locale: "sv" }));
    ok(200, "export")(await agent.get("/api/v1/me/export/"));
    // From elsewhere on the same address: a wrong password, a second session, a reset request.
    const other = new TestAgent(app, ip);
    ok(400, "wrong password")(await other.post("/api/v1/login/email", { email, password: "inte mitt lösenord" }));
    ok(200, "second session")(await other.post("/api/v1/login/email", { email, password: GOOD_PASSWORD }));
    ok(202, "reset")(await other.post("/api/v1/password/reset", { email }));

    const needles = [
      id,
      email,
      nextEmail,
      name,
      ip,
      legacySubject(id),
      setup.secret,
      visitor.token,
      hashOnboardingToken(visitor.token),
      visitor.onboardingId,
      ...visitor.screeningIds,
      ...(await rowIdsOf(id)),
      hashSessionId(agent.cookies.get("sessionid") ?? ""),
      hashSessionId(other.cookies.get("sessionid") ?? ""),
    ];
    const before = await traces(needles);
    // The search finds the person everywhere they left something (so it would find leftovers).
    expect(tablesOf(before)).toEqual(
      expect.arrayContaining([
        "audit_log",
        "consents",
        "contact_messages",
        "course_progress",
        "email_codes",
        "evaluation_answers",
        "jobs",
        "recovery_codes",
        "reminder_settings",
        "screening_scores",
        "screenings",
        "sessions",
        "users",
        "worksheet_rows",
      ]),
    );
    expect(before).toContain(`audit_log.user_id ∋ ${id}`);
    expect(before).toContain(`audit_log.ip ∋ ${ip}`);
    expect(before).toContain(`email_codes.email ∋ ${email}`);

    ok(200, "delete")(await agent.delete("/api/v1/me/", { password: GOOD_PASSWORD }));
    expect(await traces(needles)).toEqual([]);
  });

  it("a deleted BankID account (identity, evidence, orders) that screened with a crisis answer", async () => {
    const ip = randomIp();
    const user = await registerWithBankId(app, { ip });
    const id = await userIdOf(user.agent);
    ok(200, "extended screening")(await user.agent.post("/api/v1/screening-extended/", { groups: { phq9: { answers: answers("phq9", 9, 0, 3) } } }));
    ok(201, "contact")(await user.agent.post("/api/v1/contact/", { subject: "Fråga", message: "Hur gör jag?", locale: "sv" }));
    const orderRefs = (await app.ctx.db.select({ ref: bankidOrders.orderRef }).from(bankidOrders).where(eq(bankidOrders.userId, id))).map((r) => r.ref);
    expect(orderRefs.length).toBeGreaterThan(0);
    const needles = [
      id,
      ip,
      user.personalNumber,
      personalNumberHash(app.ctx, user.personalNumber),
      legacySubject(id),
      ...orderRefs,
      ...(await rowIdsOf(id)),
      hashSessionId(user.agent.cookies.get("sessionid") ?? ""),
    ];
    expect(tablesOf(await traces(needles))).toEqual(expect.arrayContaining(["audit_log", "bankid_evidence", "bankid_identities", "bankid_orders", "screening_scores", "users"]));
    ok(200, "delete")(await user.agent.delete("/api/v1/me/", { bankid: true }));
    expect(await traces(needles)).toEqual([]);
  });

  it("what stays of a deletion names no one: account.deleted with the day, no user, onboarding, address or detail", async () => {
    const rows = await app.ctx.db.select().from(auditLog).where(eq(auditLog.event, "account.deleted"));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row).toMatchObject({ userId: null, onboardingId: null, ip: null, detail: null });
      expect(row.at.getTime() % 86_400_000).toBe(0);
    }
  });

  it("an expired visitor: onboarding, screenings, the crisis event and an abandoned BankID registration are all gone", async () => {
    const ip = randomIp();
    const agent = new TestAgent(app, ip);
    const visitor = await crisisVisitor(agent);
    // A BankID registration started with the onboarding token and never finished.
    ok(200, "bankid register")(
      await agent.request(
        "POST",
        "/api/v1/onboarding/register",
        { device: "other", locale: "sv", terms_version: CURRENT_TERMS_VERSION, accept_terms: true, consent_health_data: true, ...ACCOUNT_AGREEMENTS },
        { token: visitor.token },
      ),
    );
    const orderRefs = (await app.ctx.db.select({ ref: bankidOrders.orderRef }).from(bankidOrders).where(eq(bankidOrders.onboardingToken, visitor.token))).map((r) => r.ref);
    const needles = [ip, visitor.token, hashOnboardingToken(visitor.token), visitor.onboardingId, ...visitor.screeningIds, ...orderRefs];
    const before = await traces(needles);
    expect(tablesOf(before)).toEqual(expect.arrayContaining(["audit_log", "bankid_orders", "onboardings", "screening_scores", "screenings"]));
    expect(before).toContain(`audit_log.onboarding_id ∋ ${visitor.onboardingId}`);
    // The crisis event keeps no address.
    expect(before).not.toContain(`audit_log.ip ∋ ${ip}`);

    clock.advance(29 * 86_400_000);
    expect(await deleteExpiredVisitorData(app.ctx)).toBe(0);
    await runRetention(app.ctx);
    expect(tablesOf(await traces(needles))).toEqual(expect.arrayContaining(["audit_log", "onboardings", "screenings"]));
    clock.advance(86_400_000 + 1);
    expect(await deleteExpiredVisitorData(app.ctx)).toBeGreaterThan(0);
    await runRetention(app.ctx);
    expect(await traces(needles)).toEqual([]);
  });
});
