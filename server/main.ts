import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { buildApp, LISTEN_BACKLOG } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { EnvError, parseEnv, redactEnv } from "./env.ts";
import { importContentAtStart } from "./modules/content/startup.ts";
import { collectWhenIdle, releaseMemory } from "./lib/idle-gc.ts";
import { scheduleVisitorCleanup } from "./modules/screening/cleanup.ts";
import { scheduleScreeningStatsRefresh } from "./modules/screening/screening-stats.ts";

/**
 * Boot: env → database → migrations → Fastify (API + SSR of the production build) → listen.
 * NODE_ENV is read as the configuration profile first; the libraries then always run their
 * production builds, because this process serves the production build.
 */
const started = performance.now();

let env;
try {
  env = parseEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
process.env.NODE_ENV = "production";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const database = await openDatabase({
  ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.dataDir }),
  poolSize: env.DATABASE_POOL_SIZE,
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
});
await database.migrate();

const { productionRenderCache, webFace } = await import("./web.ts");
const serverBuild = (await import(
  pathToFileURL(path.join(buildDir, "server", "index.js")).href
)) as ServerBuild;

const app = await buildApp({
  env,
  database,
  web: webFace({
    loadBuild: async () => serverBuild,
    mode: "production",
    clientDir: path.join(buildDir, "client"),
    renderCache: productionRenderCache(env.RENDER_CACHE_MB),
    renderer: env.SSR_RENDERER,
  }),
  worker: env.JOB_WORKER,
});

// After a burst, the memory it grew is given back once requests have stopped for ten seconds.
const idleCollection = collectWhenIdle({ intervalMs: 10_000 });
app.addHook("onRequest", async () => idleCollection.seen());

await importContentAtStart(database.db, app.ctx.clock, app.log, path.resolve(env.CONTENT_DIR));
await app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG });
const stopCleanup = scheduleVisitorCleanup(app.ctx, app.log);
const stopStatsRefresh = scheduleScreeningStatsRefresh(app.ctx, app.log);
app.log.info(
  {
    config: redactEnv(env),
    database: database.kind,
    startupMs: Math.round(performance.now() - started),
  },
  "ready",
);

// Starting leaves the content import's garbage behind in a heap grown for it: one full collection
// (node --expose-gc, scripts/node-flags.ts) gives that memory back before the first request.
releaseMemory();

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  stopCleanup();
  stopStatsRefresh();
  idleCollection.stop();
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => {
    app.log.error("shutdown took longer than 10 s; exiting");
    process.exit(1);
  }, 9_500);
  force.unref();
  // Connections that finish their last response while we close become idle keep-alive
  // connections; close those as they appear so in-flight requests end and nothing else waits.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  sweep.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
