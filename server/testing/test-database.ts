import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";

const KEY = Symbol.for("kbt.test-database");
type Holder = { [KEY]?: Promise<Database> };

/**
 * One database per test worker: the run's PostgreSQL database when DATABASE_URL is set, else an
 * in-memory PGlite migrated once. Tests isolate themselves by creating their own users.
 */
export function testDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const url = inject("testDatabaseUrl");
    if (url) return openDatabase({ url, poolSize: 4 });
    const database = await openDatabase();
    await database.migrate();
    return database;
  })();
  return holder[KEY];
}

const ISOLATED = Symbol.for("kbt.isolated-test-database");

/** The suffix of the databases made by isolatedTestDatabase(); the run's teardown drops them. */
export const ISOLATED_SUFFIX = "_iso_";

/**
 * A database of the test file's own, for tests that import other content (fixtures, trimmed
 * programmes): on PostgreSQL every file shares the run's database, and an import archives what
 * it does not contain. PGlite already gives every test file its own database.
 */
export function isolatedTestDatabase(): Promise<Database> {
  const url = inject("testDatabaseUrl");
  if (!url) return testDatabase();
  const holder = globalThis as Holder & { [ISOLATED]?: Promise<Database> };
  holder[ISOLATED] ??= (async () => {
    const target = new URL(url);
    const name = `${target.pathname.slice(1)}${ISOLATED_SUFFIX}${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), poolSize: 4 });
    await database.migrate();
    return database;
  })();
  return holder[ISOLATED];
}
