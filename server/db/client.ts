import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type ExtractTablesWithRelations, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction, PgTransactionConfig } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { ensurePrivateDirSync, tightenTreeSync } from "../lib/private-files.ts";
import { projectPath } from "../lib/project-root.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What repositories take: the database or a transaction inside it. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_FOLDER = projectPath("server/db/migrations");

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** True when the database answers and every committed migration is applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
  /** Connection pool counts (PostgreSQL only), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const queryCounter = new AsyncLocalStorage<{ count: number }>();

/** Counts the SQL statements issued while `fn` runs (for the no-N+1 tests). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const counter = { count: 0 };
  const result = await queryCounter.run(counter, fn);
  return { result, queries: counter.count };
}

const logger = {
  logQuery() {
    const counter = queryCounter.getStore();
    if (counter) counter.count += 1;
  },
};

export interface DatabaseOptions {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  url?: string;
  /** Directory for the embedded database; omitted means in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: time limit for opening a connection (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the server cancels a statement after this long, and ends a session left idle
   * inside a transaction; the client stops waiting for an answer 2 s later (a server that went
   * silent without closing the connection). DATABASE_STATEMENT_TIMEOUT_MS.
   */
  statementTimeoutMs?: number;
}

async function journalLength(): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

async function appliedMigrations(db: Db): Promise<number> {
  const { sql } = await import("drizzle-orm");
  try {
    const result = (await db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

type SessionParts = ConstructorParameters<typeof NodePgSession>;

/** The parts of drizzle-orm 0.45.4's session and transaction that safeTransactions uses. */
interface SessionInternals {
  dialect: SessionParts[1];
  schema: SessionParts[2];
  options: SessionParts[3];
}
interface TransactionInternals {
  getTransactionConfigSQL(config: PgTransactionConfig): SQL;
}

/** pg's own read timeout (`query_timeout`): the statement got no answer and still holds the connection. */
function isReadTimeout(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message === "Query read timeout") return true;
  return false;
}

/**
 * The connection a transaction holds, as its statements see it. It is lost when its socket fails
 * or ends, or when a statement got no answer in time: pg's read timeout rejects the statement but
 * leaves it running on the connection, and whatever is sent next waits behind it for a whole
 * timeout of its own. Once lost, every further statement (a ROLLBACK, a savepoint's, one of a body
 * that caught the error) fails at once.
 */
function watchConnection(client: pg.PoolClient) {
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
  };
  const onEnd = () => {
    lost ??= new Error("Connection ended");
  };
  client.on("error", onError);
  client.on("end", onEnd);
  const query = async (config: pg.QueryConfig, values?: unknown[]) => {
    if (lost) throw new Error("the connection was lost earlier in this transaction", { cause: lost });
    try {
      return await client.query(config, values);
    } catch (error) {
      if (isReadTimeout(error)) lost ??= error as Error;
      throw error;
    }
  };
  return {
    /** What drizzle's session is given: it only sends statements through query(). */
    client: { query } as unknown as pg.PoolClient,
    lost: () => lost,
    unwatch() {
      client.off("error", onError);
      client.off("end", onEnd);
    },
  };
}

/**
 * Replaces drizzle's transaction(), which runs BEGIN before the try that releases the connection
 * (a BEGIN that gets no answer loses the connection for good) and pools the connection again when
 * COMMIT or ROLLBACK failed (the next transactions queue behind a statement that never ends):
 * drizzle-orm issues #6114, #6241 and #6341, PRs #6120 and #6242. After a failed BEGIN, COMMIT or
 * ROLLBACK, or a connection lost inside the transaction (watchConnection), the connection is
 * destroyed instead, without a ROLLBACK that could only wait. Savepoints (nested transactions)
 * stay NodePgTransaction's. Throws when drizzle's internals are no longer what this relies on.
 */
function safeTransactions(db: Db, pool: pg.Pool): void {
  const session = db._.session;
  const { dialect, schema, options } = session as unknown as SessionInternals;
  if (!(session instanceof NodePgSession) || !dialect || !schema || !options) {
    throw new Error("drizzle-orm's session changed: review safeTransactions in server/db/client.ts");
  }
  session.transaction = async (run, config) => {
    const client = await pool.connect();
    const connection = watchConnection(client);
    const tx = new NodePgTransaction(dialect, new NodePgSession(connection.client, dialect, schema, options), schema);
    // Set when BEGIN, COMMIT or ROLLBACK failed: the connection may be dead (a connection error
    // also fails the next of them) or still waiting for an answer that never comes.
    let broken: Error | undefined;
    const control = async (statement: SQL) => {
      try {
        await tx.execute(statement);
      } catch (error) {
        broken = error as Error;
        throw error;
      }
    };
    try {
      const begin = config ? sql` ${(tx as unknown as TransactionInternals).getTransactionConfigSQL(config)}` : undefined;
      await control(sql`begin${begin}`);
      const result = await run(tx);
      await control(sql`commit`);
      return result;
    } catch (error) {
      // Destroying the connection ends the server's transaction too; a ROLLBACK after a failed
      // BEGIN or COMMIT, or on a lost connection, would only queue behind the statement that got
      // no answer.
      broken ??= connection.lost();
      if (!broken) await control(sql`rollback`).catch(() => undefined);
      throw error;
    } finally {
      connection.unwatch();
      // With an error, the pool destroys the connection instead of keeping it.
      client.release(broken ?? connection.lost());
    }
  };
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const statementTimeout = options.statementTimeoutMs ?? 15_000;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // 0: no limit (bulk scripts).
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout, query_timeout: statementTimeout + 2_000 }
        : {}),
      keepAlive: true,
    });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. Nothing to do here.
    });
    pool.on("connect", (client) => {
      // A connection that breaks while checked out (a transaction, migrate()) has no pool listener,
      // and an unhandled 'error' ends the process. The statement in flight rejects by itself and
      // the pool drops the client when it comes back; the app's logger does not exist yet here.
      client.on("error", () => undefined);
    });
    const db = drizzlePg(pool, { schema, logger, casing: "snake_case" }) as unknown as Db;
    safeTransactions(db, pool);
    return {
      db,
      kind: "postgres",
      async migrate() {
        // Several instances may start at once: one migrates, the others wait for the lock.
        const client = await pool.connect();
        try {
          // Waiting for another instance's migrations may take longer than a statement may.
          await client.query("set statement_timeout = 0");
          await client.query("select pg_advisory_lock(727272)");
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query("select pg_advisory_unlock(727272)").catch(() => undefined);
          // Discarded rather than pooled: it no longer has the statement time limit.
          client.release(true);
        }
      },
      async ready() {
        try {
          return (await appliedMigrations(db)) >= (await journalLength());
        } catch {
          return false;
        }
      },
      async close() {
        await pool.end();
      },
      poolStats() {
        return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
      },
    };
  }

  // The embedded database is loaded only when it is used (a PostgreSQL server never holds it).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let client: PGlite;
  let dataDir: string | null = null;
  const tighten = () => {
    if (dataDir) tightenTreeSync(dataDir);
  };
  if (options.dataDir) {
    // PGlite creates its files 0644/0666: the folder is the owner's only, and what exists is
    // tightened after opening, migrating and closing (lib/private-files.ts).
    dataDir = path.resolve(options.dataDir, "pglite");
    ensurePrivateDirSync(path.resolve(options.dataDir));
    ensurePrivateDirSync(dataDir);
    client = new PGlite(dataDir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  tighten();
  const db = drizzlePglite(client, { schema, logger, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      tighten();
    },
    async ready() {
      try {
        return (await appliedMigrations(db)) >= (await journalLength());
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
      tighten();
    },
  };
}
