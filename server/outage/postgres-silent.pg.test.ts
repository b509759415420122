import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp, READINESS_TIMEOUT_MS } from "../app.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { freezeProxy, type FreezeProxy } from "../testing/freeze-proxy.ts";
import { testEnv } from "../testing/test-app.ts";

/**
 * PostgreSQL ends or stops answering a connection that a transaction holds (a crash, a restart,
 * a failover, pg_terminate_backend). Promises: the process lives on, the transaction fails
 * within the time limit, and every connection of the pool serves again afterwards. Also:
 * migrate() leaves no connection without the statement time limit in the pool, and /readyz
 * answers 503 within its own time limit while the server is silent. The run's database, reached
 * through a proxy that can go silent (testing/freeze-proxy.ts).
 */

const STATEMENT_TIMEOUT_MS = 500;
// The client stops waiting for an answer 2 s after the server's own limit (db/client.ts).
const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;
const POOL_SIZE = 2;

let admin: pg.Client;
let proxy: FreezeProxy;
let database: Database;

beforeAll(async () => {
  const url = inject("testDatabaseUrl");
  if (!url) throw new Error("the PostgreSQL run provides testDatabaseUrl");
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  proxy = await freezeProxy(url);
  database = await openDatabase({
    url: proxy.url,
    poolSize: POOL_SIZE,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: 500,
  });
});
afterAll(async () => {
  await proxy?.close();
  await database?.close();
  await admin?.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `count` transactions at once, each holding its connection until all have run `statement`. */
async function concurrently<T>(count: number, statement: SQL): Promise<T[]> {
  let arrived = 0;
  let allArrived!: () => void;
  const barrier = new Promise<void>((resolve) => (allArrived = resolve));
  return Promise.all(
    Array.from({ length: count }, () =>
      database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(statement)) as unknown as { rows: T[] };
        if (++arrived === count) allArrived();
        await barrier;
        return rows[0] as T;
      }),
    ),
  );
}

/** Every connection of the pool answers, and nothing waits for one. */
async function expectPoolServes(): Promise<void> {
  expect(await concurrently(POOL_SIZE, sql`select 1 as one`)).toEqual([{ one: 1 }, { one: 1 }]);
  await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined();
  expect(database.poolStats?.()).toMatchObject({ waiting: 0 });
}

describe("PostgreSQL drops or stops answering a connection a transaction holds", () => {
  it("keeps the process alive when the server ends the connection between statements", async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", record);
    try {
      const transaction = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        // Waits (up to 5 s) until the backend has gone.
        await admin.query("select pg_terminate_backend($1, 5000)", [rows[0]?.pid]);
        // The FATAL message and the closed socket reach the client while no statement is in flight.
        await sleep(100);
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
    } finally {
      process.off("uncaughtException", record);
    }
    expect(uncaught).toEqual([]);
    await expectPoolServes();
  });

  it("fails transactions in time while the server is silent, and recovers every connection", async () => {
    await expectPoolServes();
    let inside!: () => void;
    const isInside = new Promise<void>((resolve) => (inside = resolve));
    let frozen!: () => void;
    const isFrozen = new Promise<void>((resolve) => (frozen = resolve));
    // This one is between statements when the server goes silent: its COMMIT gets no answer.
    const committing = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inside();
      await isFrozen;
    });
    await isInside;
    proxy.freeze();
    frozen();
    const started = performance.now();
    // This one takes the other idle connection: its BEGIN gets no answer.
    const beginning = database.db.transaction((tx) => tx.execute(sql`select 1`));
    const outcomes = await Promise.allSettled([committing, beginning]);
    const elapsedMs = performance.now() - started;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    // One read timeout, not one per statement of the failed transaction (and a margin for a busy machine).
    expect(elapsedMs).toBeLessThan(QUERY_TIMEOUT_MS + 1_000);

    proxy.thaw();
    await expectPoolServes();
    expect(database.poolStats?.().total).toBeLessThanOrEqual(POOL_SIZE);
  });

  it("fails a transaction whose statement gets no answer within one read timeout (no ROLLBACK behind it)", async () => {
    await expectPoolServes();
    // Every connection of the pool is in a transaction, running a statement, when the server goes silent.
    let sent = 0;
    let allSent!: () => void;
    const isSent = new Promise<void>((resolve) => (allSent = resolve));
    const transactions = Array.from({ length: POOL_SIZE }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        const running = tx.execute(sql`select pg_sleep(0.3)`);
        if (++sent === POOL_SIZE) allSent();
        await running;
      }),
    );
    await isSent;
    await sleep(50);
    proxy.freeze();
    try {
      const started = performance.now();
      const outcomes = await Promise.allSettled(transactions);
      const elapsedMs = performance.now() - started;
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
      // One read timeout; a ROLLBACK sent on the same connection waited a second one (5 s measured).
      expect(elapsedMs).toBeLessThan(QUERY_TIMEOUT_MS + 1_000);
    } finally {
      proxy.thaw();
    }
    await expectPoolServes();
    expect(database.poolStats?.().total).toBeLessThanOrEqual(POOL_SIZE);
  });

  it("leaves every pooled connection with the statement time limit after migrate()", async () => {
    await database.migrate();
    const limits = await concurrently<{ statement_timeout: string }>(POOL_SIZE, sql`show statement_timeout`);
    expect(limits).toEqual(Array.from({ length: POOL_SIZE }, () => ({ statement_timeout: `${STATEMENT_TIMEOUT_MS}ms` })));
  });
});

describe("/readyz while PostgreSQL is silent", () => {
  it("answers 503 within its time limit, with one check in flight however many probes come; 200 again after", async () => {
    let checks = 0;
    let mostChecks = 0;
    const counted: Database = {
      ...database,
      async ready() {
        mostChecks = Math.max(mostChecks, ++checks);
        try {
          return await database.ready();
        } finally {
          checks -= 1;
        }
      },
    };
    const app = await buildApp({ env: testEnv(), database: counted, logger: false });
    try {
      await app.ready();
      expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
      proxy.freeze();
      try {
        const started = performance.now();
        const answers = await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: "GET", url: "/readyz" })));
        const elapsedMs = performance.now() - started;
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 503));
        expect(elapsedMs).toBeLessThan(READINESS_TIMEOUT_MS + 500);
        expect(mostChecks).toBe(1);
      } finally {
        proxy.thaw();
      }
      // Each pooled connection that went silent fails its next statement at the read timeout.
      const deadline = performance.now() + (POOL_SIZE + 1) * QUERY_TIMEOUT_MS;
      let status = 0;
      while (performance.now() < deadline) {
        status = (await app.inject({ method: "GET", url: "/readyz" })).statusCode;
        if (status === 200) break;
        await sleep(100);
      }
      expect(status).toBe(200);
      expect(mostChecks).toBe(1);
    } finally {
      await app.close();
    }
  });
});
