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
