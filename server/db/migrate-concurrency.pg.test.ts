import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { ISOLATED_SUFFIX } from "../testing/test-database.ts";
import { MIGRATIONS_FOLDER, openDatabase } from "./client.ts";

/**
 * A first deploy of several instances: each starts on the same empty database and migrates.
 * drizzle's migrator reads which migrations are applied before its transaction, so two of them
 * at once would both run every migration, and the later one fail on tables that now exist;
 * migrate() serialises them with a session advisory lock. PostgreSQL only: PGlite has one
 * connection.
 */

const databaseUrl = inject("testDatabaseUrl");

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl ?? "" });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of the test's own; dropped afterwards, and by the run's teardown (the
 * isolated suffix) if the test never gets there.
 */
async function withEmptyDatabase(run: (url: string) => Promise<void>): Promise<void> {
  const url = new URL(databaseUrl ?? "");
  const name = `${url.pathname.slice(1)}${ISOLATED_SUFFIX}migrate_${randomBytes(4).toString("hex")}`;
  await admin((client) => client.query(`create database ${name}`));
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

async function journalLength(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

describe("migrations of instances that start at once (PostgreSQL)", () => {
  it("two instances migrating one empty database both succeed, and each migration runs once", async () => {
    if (!databaseUrl) throw new Error("the migration race needs DATABASE_URL (PostgreSQL)");
    const migrations = await journalLength();
    await withEmptyDatabase(async (url) => {
      // Two pools, as two processes would have: the lock is per connection, not per pool.
      const instances = await Promise.all([
        openDatabase({ url, poolSize: 2 }),
        openDatabase({ url, poolSize: 2 }),
      ]);
      try {
        await Promise.all(instances.map((instance) => instance.migrate()));
        expect(await Promise.all(instances.map((instance) => instance.ready()))).toEqual([
          true,
          true,
        ]);
        const applied = (await instances[0]!.db.execute(
          sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
        )) as unknown as { rows: { hash: string; n: number }[] };
        expect(applied.rows).toHaveLength(migrations);
        expect(applied.rows.filter((row) => row.n !== 1)).toEqual([]);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });
  });
});
