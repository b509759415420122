import { buildApp, LISTEN_BACKLOG } from "../app.ts";
import { openDatabase } from "../db/client.ts";
import path from "node:path";
import { parseEnv } from "../env.ts";
import { importContentAtStart } from "../modules/content/startup.ts";

/**
 * One app instance (the API face, as server/main.ts boots it, without the web build) for
 * multi-instance tests: env → database → migrations → content → listen on a free loopback port.
 * Prints `READY <port>` on stdout when it serves.
 */
const env = parseEnv();
const database = await openDatabase({ ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.dataDir }), poolSize: env.DATABASE_POOL_SIZE, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS });
await database.migrate();
const app = await buildApp({ env, database, logger: false, worker: env.JOB_WORKER });
await importContentAtStart(database.db, app.ctx.clock, { info() {}, warn() {} }, path.resolve(env.CONTENT_DIR));
await app.listen({ port: 0, host: "127.0.0.1", backlog: LISTEN_BACKLOG });
const address = app.server.address();
process.stdout.write(`READY ${typeof address === "object" && address ? address.port : 0}\n`);

async function shutdown(): Promise<void> {
  await app.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
