import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { worksheetRows } from "../db/schema/content.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { TestAgent } from "../testing/agent.ts";
import { unlockModule, worksheetModuleIdOf } from "../testing/courses.ts";
import { privatePostgres, type PrivatePostgres } from "../testing/private-postgres.ts";
import { createTestUser, json, sessionCookieFor, testEnv } from "../testing/test-app.ts";

/**
 * PostgreSQL crashes (immediate stop: no checkpoint, crash recovery at the next start) in the
 * middle of a burst of worksheet saves, and comes back 2 s later. A private cluster from initdb,
 * so the machine's PostgreSQL is untouched; CI's PostgreSQL run. Promises, with numbers: no
 * request hangs (each is answered within the connection time limit), /readyz says 503 at once,
 * the app reconnects by itself within a second of the database's return, the session survives,
 * and no acknowledged row is lost.
 */

const CONNECT_TIMEOUT_MS = 1_000;
let pg: PrivatePostgres;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  pg = await privatePostgres();
  await pg.start();
  database = await openDatabase({ url: pg.url, poolSize: 4, connectTimeoutMs: CONNECT_TIMEOUT_MS, statementTimeoutMs: 3_000 });
  await database.migrate();
  app = await buildApp({ env: testEnv({ DATABASE_URL: pg.url }), database, logger: false });
  await importContent(database.db, app.ctx.clock, loadContent(path.resolve("content")));
}, 180_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await pg?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PostgreSQL crashes under a burst of writes and comes back", () => {
  it("answers every request, reports 503 while down, reconnects by itself and loses no acknowledged row", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app, "10.88.0.1");
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const diary = { id: await worksheetModuleIdOf({ ctx: { db: database.db } }, "stress-diary") };
    if (!diary) throw new Error("no stress-diary module");
    await unlockModule({ ctx: { db: database.db, clock: app.ctx.clock } }, user.id, diary.id);
    expect((await agent.get("/api/v1/csrftoken/")).statusCode).toBe(200);

    const acknowledged: { id: string; at: number }[] = [];
    const latencies: number[] = [];
    let failed = 0;
    let stop = false;
    let n = 0;
    const writer = async () => {
      while (!stop) {
        const started = performance.now();
        const response = await agent.post(`/api/v1/worksheets/${diary.id}/rows/`, {
          values: { date: "2026-11-20", situation: `row ${n++}`, level: 5 },
        });
        latencies.push(performance.now() - started);
        if (response.statusCode === 201) acknowledged.push({ id: (json(response) as { id: string }).id, at: Date.now() });
        else {
          failed += 1;
          await sleep(20);
        }
      }
    };
    const writers = Array.from({ length: 6 }, writer);

    while (acknowledged.length < 30) await sleep(10);
    await pg.crash();
    const crashedAt = Date.now();
    const probe = performance.now();
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    const readyMs = performance.now() - probe;
    expect(ready.statusCode).toBe(503);
    await sleep(2_000);
    const failedWhileDown = failed;
    await pg.start();
    const upAt = Date.now();
    while (!acknowledged.some((a) => a.at > upAt) && Date.now() - upAt < 10_000) await sleep(10);
    const reconnectMs = (acknowledged.find((a) => a.at > upAt)?.at ?? Infinity) - upAt;
    const before = acknowledged.length;
    while (acknowledged.length < before + 20 && Date.now() - upAt < 15_000) await sleep(10);
    stop = true;
    await Promise.all(writers);

    expect(failedWhileDown).toBeGreaterThan(0);
    expect(readyMs).toBeLessThan(CONNECT_TIMEOUT_MS);
    expect(reconnectMs).toBeLessThan(1_000);
    // No request hung: each was answered within the connection time limit (and some margin for a busy machine).
    expect(Math.max(...latencies)).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
    // Nothing acknowledged is lost.
    const ids = acknowledged.map((a) => a.id);
    const stored = await database.db.select({ id: worksheetRows.id }).from(worksheetRows).where(inArray(worksheetRows.id, ids));
    expect(stored.length).toBe(ids.length);
    // The session survived, and the database is ready again.
    expect(json(await agent.get("/api/v1/me/")).logged_in).toBe(true);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    console.info(
      `postgres crash: ${acknowledged.length} rows acknowledged and kept (${ids.length - before} after the restart), ` +
        `${failed} refused while down for ${upAt - crashedAt} ms; /readyz 503 in ${Math.round(readyMs)} ms; ` +
        `first write ${reconnectMs} ms after the restart; slowest answer ${Math.round(Math.max(...latencies))} ms`,
    );
  }, 90_000);
});
