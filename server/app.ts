import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { API_PREFIX, registerEndpoints } from "./api/endpoint.ts";
import { endpoints } from "./api/endpoints.ts";
import { systemClock, type AppContext, type Clock } from "./app-context.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { trustProxySetting } from "./env.ts";
import { registerDevRoutes } from "./dev-routes.ts";
import { AppError } from "./lib/app-error.ts";
import { createFieldCipher } from "./lib/field-encryption.ts";
import { bankidClientFor } from "./modules/bankid/bankid-setup.ts";
import { registerContentAssets } from "./modules/content/assets.ts";
import { registerMedia } from "./modules/media/media.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { pruneFinished } from "./modules/jobs/job-queue.ts";
import { createWorker, runPeriodically } from "./modules/jobs/worker.ts";
import { registerBenchRoutes } from "./modules/metrics/bench-routes.ts";
import { registerMetrics } from "./modules/metrics/metrics-plugin.ts";
import { planReminders, REMINDER_JOB, runReminderJob } from "./modules/reminders/reminder-service.ts";
import { registerUnsubscribeRoutes } from "./modules/reminders/unsubscribe-routes.ts";
import { PgThrottleStore } from "./modules/throttle/pg-throttle-store.ts";
import { RedisThrottleStore } from "./modules/throttle/redis-throttle-store.ts";
import { Throttle, throttlePolicies } from "./modules/throttle/throttle.ts";
import { csrfPlugin } from "./plugins/csrf.ts";
import { errorHandlerPlugin } from "./plugins/error-handler.ts";
import { applySecurityHeaders, securityHeadersPlugin } from "./plugins/security-headers.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { InFlight } from "./lib/in-flight.ts";

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock?: Clock;
  /** Registers the web face (static assets + SSR); omitted in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
  /** pino logger options; `false` silences logs (tests). */
  logger?: boolean;
  /** The Vite dev server runs in this process (its HMR socket is allowed by the CSP). */
  devServer?: boolean;
  /** Runs the background job worker (reminders) while the app is up; servers pass env.JOB_WORKER. */
  worker?: boolean;
}

/** Paths without their query string: query strings may carry codes and tokens. */
function pathOnly(url: string): string {
  const i = url.indexOf("?");
  return i === -1 ? url : url.slice(0, i);
}

/** Where e-mails are written when no SMTP server is configured (development, tests). */
export function outboxDir(env: Env): string {
  return path.join(env.dataDir, "outbox");
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** How long shutdown waits for requests in flight (main.ts exits by force after 9.5 s). */
const IN_FLIGHT_GRACE_MS = 8_000;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: {
              paths: ["req.headers.cookie", "req.headers.authorization", "req.headers['x-csrftoken']"],
              censor: "<redacted>",
            },
            serializers: {
              req: (req) => ({ method: req.method, path: pathOnly(req.url ?? "") }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: "idle",
    // Errors raised before routing (a path that is not valid UTF-8) answer in the API's one error
    // shape, like every other refusal, instead of Fastify's own body.
    frameworkErrors: (_error, _req, reply) => {
      const refusal = new AppError("request.invalid", { detail: "Malformed URL." });
      applySecurityHeaders(reply as FastifyReply, {
        url: "/api/",
        dev: options.devServer ?? false,
        production: env.isProduction,
      });
      (reply as FastifyReply).code(refusal.status).type("application/json; charset=utf-8").send(refusal.toJSON());
    },
    return503OnClosing: true,
  });

  const clock = options.clock ?? systemClock;
  const throttleStore = env.REDIS_URL ? new RedisThrottleStore(env.REDIS_URL, env.REDIS_KEY_PREFIX) : new PgThrottleStore(database.db);
  const mailer = createMailer({
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    from: env.MAIL_FROM,
    outboxDir: outboxDir(env),
  });
  const bankid = await bankidClientFor(env, { db: database.db, clock });
  const ctx: AppContext = {
    env,
    database,
    db: database.db,
    clock,
    devServer: options.devServer ?? false,
    cipher: createFieldCipher(env.FIELD_ENCRYPTION_KEYS),
    mailer,
    throttle: new Throttle(throttleStore, clock),
    policies: throttlePolicies({ lockAfter: env.THROTTLE_LOCK_AFTER, lockMs: env.THROTTLE_LOCK_MINUTES * 60_000 }),
    bankid: bankid.client,
  };
  app.decorate("ctx", ctx);
  // Requests still being worked on when the server closes (their clients may be gone) finish
  // before the mailer, the throttle store and then the database are closed. The first onClose
  // hook: Fastify runs the root's hooks in the order they were added, after the server stopped
  // accepting connections.
  const inFlight = new InFlight();
  app.decorateRequest("endInFlight", null);
  app.addHook("onRequest", async (req) => {
    req.endInFlight = inFlight.begin();
  });
  app.addHook("onResponse", async (req) => {
    req.endInFlight?.();
  });
  app.decorate("inFlight", inFlight);
  app.addHook("onClose", async () => {
    if (!(await inFlight.idle(IN_FLIGHT_GRACE_MS))) app.log.warn({ inFlight: inFlight.size }, "closing with requests still in flight");
  });
  app.addHook("onClose", async () => {
    mailer.close();
    await throttleStore.close();
    await bankid.close();
  });

  // Only JSON bodies: anything else is 415 (Fastify's default text/plain parser is removed).
  app.removeContentTypeParser(["text/plain"]);

  await app.register(fastifyCookie);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(fastifyCompress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [(await import("node:zlib")).constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (env.METRICS_ENABLED) await registerMetrics(app, { token: env.METRICS_TOKEN });
  if (env.BENCH_STATIC_DIR) await registerBenchRoutes(app, env.BENCH_STATIC_DIR);

  app.get("/healthz", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
    return { status: "ok" };
  });
  app.get("/readyz", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
    const ready = await database.ready();
    reply.code(ready ? 200 : 503);
    return { status: ready ? "ready" : "not ready" };
  });

  if (env.VFKEY) {
    const key = env.VFKEY;
    // Site verification (§2 /vfkey); without a key the path is an ordinary unknown page (404).
    app.get("/vfkey", async (_req, reply) => reply.type("text/plain; charset=utf-8").send(key));
  }

  registerContentAssets(app, path.resolve(env.CONTENT_DIR));
  registerMedia(app, path.resolve(env.CONTENT_DIR, "media"));
  registerEndpoints(app, endpoints);
  await registerUnsubscribeRoutes(app);
  await registerDevRoutes(app);
  // Unknown /api paths answer JSON 404 (or 405), never the web app.
  // These routes change nothing, so the CSRF check does not apply to them.
  const notFound = { config: { csrf: false } };
  app.all(`${API_PREFIX}/*`, notFound, async (_req, reply) => reply.callNotFound());
  app.all("/api/*", notFound, async (_req, reply) => reply.callNotFound());

  if (options.web) await options.web(app);

  if (options.worker) {
    const worker = createWorker(ctx, {
      handlers: { [REMINDER_JOB]: async (c, job) => void (await runReminderJob(c, job)) },
      beforePoll: async (c) => {
        await planReminders(c);
        await pruneFinished(c.db, c.clock.now());
      },
      log: app.log,
    });
    const stop = runPeriodically(worker, env.JOB_POLL_SECONDS * 1000, (error) => app.log.error({ err: error }, "job worker failed"));
    app.addHook("onClose", async () => stop());
  }
  return app;
}
