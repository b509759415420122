import path from "node:path";
import fastifyMiddie from "@fastify/middie";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { buildApp, LISTEN_BACKLOG } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { EnvError, parseEnv } from "./env.ts";
import { webFace } from "./web.ts";
import { importContentAtStart } from "./modules/content/startup.ts";

/** `npm run dev`: the API and the Vite dev server (HMR) in one process. */
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

const database = await openDatabase({
  ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.dataDir }),
  poolSize: env.DATABASE_POOL_SIZE,
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
});
await database.migrate();

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });

const app = await buildApp({
  env,
  database,
  devServer: true,
  worker: env.JOB_WORKER,
  web: async (instance) => {
    await instance.register(fastifyMiddie);
    instance.use((req, res, next) => {
      // Vite serves its own modules and assets; everything else goes to React Router below.
      vite.middlewares(req, res, next);
    });
    await webFace({
      loadBuild: async () =>
        (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild,
      mode: "development",
    })(instance);
  },
});

await importContentAtStart(database.db, app.ctx.clock, app.log, path.resolve(env.CONTENT_DIR));
await app.listen({ port: env.PORT, host: env.HOST, backlog: LISTEN_BACKLOG });
app.log.info(`development server on http://${env.HOST}:${env.PORT}`);

async function shutdown(): Promise<void> {
  await app.close();
  await vite.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
