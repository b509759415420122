import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client.ts";

/**
 * With DATABASE_URL set, every test run gets a fresh PostgreSQL database (created, migrated,
 * dropped at the end), so runs never interfere. Without it, each worker uses in-memory PGlite.
 */
declare module "vitest" {
  export interface ProvidedContext {
    testDatabaseUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide("testDatabaseUrl", null);
    return;
  }
  const name = `kbt_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await database.migrate();
  await database.close();
  project.provide("testDatabaseUrl", url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    // The databases of files that needed their own (isolatedTestDatabase).
    const isolated = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${name}_iso_%`],
    );
    for (const { datname } of isolated.rows)
      await client.query(`drop database if exists ${datname} with (force)`);
    await client.end();
  };
}
