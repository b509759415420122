import type { IncomingMessage } from "node:http";
import { clientAddress, sheddingServerFactory } from "./lib/early-shed.ts";
import { configureHashing, hasHashingRoom } from "./modules/accounts/passwords.ts";
import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { API_PREFIX } from "../common/contract/api-transport.ts";
import { registerEndpoints } from "./api/endpoint.ts";
import { endpoints } from "./api/endpoints.ts";
import type { AppContext } from "./app-context.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { trustProxySetting } from "./env.ts";
import { registerDevRoutes } from "./dev-routes.ts";
import { AppError } from "./lib/app-error.ts";
import { errorBody, responseLocale } from "./lib/response-language.ts";
import { languagePlugin, markLanguage } from "./plugins/language.ts";
import { errSerializer } from "./lib/log-serializers.ts";
import { createFieldCipher } from "./lib/field-encryption.ts";
import { bankidClientFor } from "./bankid-setup.ts";
import { registerContentAssets } from "./plugins/content-assets.ts";
import { registerMedia } from "./plugins/media.ts";
import { createMailer } from "./modules/mail/mailer.ts";
import { pruneDeadLetters, pruneFinished } from "./modules/jobs/job-queue.ts";
import { createMailWorker, DEAD_LETTER_DAYS, MAIL_JOB } from "./modules/mail/outbox.ts";
import { createWorker, runPeriodically } from "./modules/jobs/worker.ts";
import { registerBenchRoutes } from "./plugins/bench-routes.ts";
import { registerMetrics } from "./plugins/metrics.ts";
import { planRetention, RETENTION_JOB, runRetention } from "./modules/privacy/retention.ts";
import { planReminders, REMINDER_JOB, runReminderJob } from "./modules/reminders/reminder-service.ts";
import { encryptPlainHealthValues } from "./modules/screening/health-encryption-migration.ts";
import { registerUnsubscribeRoutes } from "./plugins/unsubscribe-routes.ts";
import { createThrottleStore } from "./modules/throttle/store-setup.ts";
import { ServiceHealth } from "./lib/service-health.ts";
import { Throttle, throttlePolicies } from "./modules/throttle/throttle.ts";
import { csrfPlugin } from "./plugins/csrf.ts";
import { errorHandlerPlugin } from "./plugins/error-handler.ts";
import { applySecurityHeaders, securityHeaders, securityHeadersPlugin } from "./plugins/security-headers.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { InFlight } from "./lib/in-flight.ts";
import { sharedCheck } from "./lib/shared-check.ts";

export interface BuildAppOptions {
  env: Env;
  database: Database;
  clock?: Clock;
  /** Registers the web face (static assets + SSR); omitted in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
  /** pino logger options; `false` silences logs (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
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
/**
 * Connections the kernel may queue before the server accepts them (Node's default is 511). A burst
 * of thousands of connections from one address overflowed 511: the kernel dropped the rest, and
 * every other client's connection then waited a one-second SYN retry (measured in
 * server/security/flood.pg.test.ts). The kernel caps it at net.core.somaxconn.
 */
export const LISTEN_BACKLOG = 4096;

/** How long shutdown waits for requests in flight (main.ts exits by force after 9.5 s). */
const IN_FLIGHT_GRACE_MS = 8_000;
/**
 * How long /readyz waits for the database's answer before it answers 503: a silent database takes
 * a statement's whole time limit (DATABASE_STATEMENT_TIMEOUT_MS + 2 s) to fail otherwise.
 */
export const READINESS_TIMEOUT_MS = 1_000;

/** Requests to endpoints that hash a password, from a source with no room left at the hash gate. */
function hashingFloodShed(trust: ReturnType<typeof trustProxySetting>): (req: IncomingMessage) => boolean {
  const routes = new Set(
    endpoints
      .filter((e) => e.hashesPassword)
      .flatMap((e) => {
        const path = `${API_PREFIX}${e.url}`.replace(/\/$/, "");
        return [`${e.method} ${path}`, `${e.method} ${path}/`];
      }),
  );
  const addressOf = clientAddress(trust);
  return (req) => {
    const url = req.url ?? "";
    const query = url.indexOf("?");
    if (!routes.has(`${req.method} ${query === -1 ? url : url.slice(0, query)}`)) return false;
    return !hasHashingRoom(addressOf(req));
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  configureHashing(env.HASHING_PER_SOURCE);
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
              // Database errors without their query parameters (lib/log-serializers.ts).
              err: errSerializer,
            },
            stream: options.logStream ?? process.stdout,
          },
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    // A source that already has its share of password-hashing requests in flight is answered
    // 429 before Fastify routes the request (lib/early-shed.ts); the route hook admits the rest.
    serverFactory: sheddingServerFactory(
      hashingFloodShed(trustProxySetting(env.TRUST_PROXY)),
      (req) => securityHeaders({ url: req.url ?? "/", dev: options.devServer ?? false, production: env.isProduction }).headers,
    ),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: "idle",
    // Errors raised before routing (a path that is not valid UTF-8) answer in the API's one error
    // shape, like every other refusal, instead of Fastify's own body.
    frameworkErrors: (_error, req, reply) => {
      const refusal = new AppError("request.invalid", { detail: "Malformed URL." });
      applySecurityHeaders(reply as FastifyReply, {
        url: "/api/",
        dev: options.devServer ?? false,
        production: env.isProduction,
      });
      const locale = responseLocale(req.headers["accept-language"]);
      markLanguage(reply as FastifyReply, locale);
      (reply as FastifyReply)
        .code(refusal.status)
        .type("application/json; charset=utf-8")
        .send(errorBody(refusal, locale));
    },
    return503OnClosing: true,
  });

  const clock = options.clock ?? systemClock;
  const policies = throttlePolicies({ lockAfter: env.THROTTLE_LOCK_AFTER, lockMs: env.THROTTLE_LOCK_MINUTES * 60_000 });
  const services = new ServiceHealth();
  const throttleStore = createThrottleStore(env, database.db, services, app.log);
  const mailer = createMailer({
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    from: env.MAIL_FROM,
    outboxDir: outboxDir(env),
    connectTimeoutMs: env.SMTP_CONNECT_TIMEOUT_MS,
    sendTimeoutMs: env.SMTP_SEND_TIMEOUT_MS,
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
    wakeWorker: () => undefined,
    services,
    throttle: new Throttle(throttleStore, clock, policies, env.SECRET_KEY),
    policies,
    bankid: bankid.client,
  };
  app.decorate("ctx", ctx);
  // Health values stored in plain text before they were encrypted (migration 0011) are sealed now.
  const sealed = await encryptPlainHealthValues(ctx);
  if (sealed > 0) app.log.info({ rows: sealed }, "plain health values encrypted");
  // Requests still being worked on when the server closes (their clients may be gone) finish
  // before the mailer, the throttle store and then the database are closed (see the onClose hook).
  const inFlight = new InFlight();
  app.decorateRequest("endInFlight", null);
  app.addHook("onRequest", async (req) => {
    req.endInFlight = inFlight.begin();
  });
  app.addHook("onResponse", async (req) => {
    req.endInFlight?.();
  });
  // A client that goes away before its answer: onResponse never comes (leaked counts made every
  // shutdown after a load wait its whole grace period). Routes that end their own in-flight work
  // when it is done (API endpoints, page renders: config ownsInFlight) keep it; the rest end now.
  app.addHook("onRequestAbort", async (req) => {
    if ((req.routeOptions.config as { ownsInFlight?: boolean }).ownsInFlight !== true) req.endInFlight?.();
  });
  app.decorate("inFlight", inFlight);
  // The job workers (options.worker) begin to stop when closing begins (their preClose hook
  // below), while the requests drain: each ends after the job it is running.
  let workersStopped: Promise<unknown> = Promise.resolve();
  // One hook, so the order holds: Fastify runs a root's onClose hooks last added first, after the
  // server stopped accepting connections. main.ts closes the database after it.
  app.addHook("onClose", async () => {
    const [idle] = await Promise.all([inFlight.idle(IN_FLIGHT_GRACE_MS), workersStopped]);
    if (!idle) app.log.warn({ inFlight: inFlight.size }, "closing with requests still in flight");
    mailer.close();
    await throttleStore.close();
    await bankid.close();
  });

  // Only JSON bodies: anything else is 415 (Fastify's default text/plain parser is removed).
  app.removeContentTypeParser(["text/plain"]);

  await app.register(languagePlugin);
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
  // One check at a time, shared by the probes that come meanwhile (lib/shared-check.ts).
  const databaseReady = sharedCheck(() => database.ready(), READINESS_TIMEOUT_MS);
  app.get("/readyz", async (_req, reply) => {
    reply.header("Cache-Control", "no-store");
    const ready = await databaseReady();
    reply.code(ready ? 200 : 503);
    // Outside services the product works around (docs/operations.md) are reported, never fatal.
    const degraded = services.snapshot();
    return { status: ready ? "ready" : "not ready", ...(degraded.length > 0 ? { degraded } : {}) };
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
  await registerDevRoutes(app, { outboxDir: outboxDir(env) });
  // Unknown /api paths answer JSON 404 (or 405), never the web app.
  // These routes change nothing, so the CSRF check does not apply to them.
  const notFound = { config: { csrf: false } };
  app.all(`${API_PREFIX}/*`, notFound, async (_req, reply) => reply.callNotFound());
  app.all("/api/*", notFound, async (_req, reply) => reply.callNotFound());

  if (options.web) await options.web(app);

  if (options.worker) {
    const log = app.log;
    const worker = createWorker(ctx, {
      handlers: {
        [REMINDER_JOB]: async (c, job) => void (await runReminderJob(c, job)),
        [RETENTION_JOB]: async (c) => void (await runRetention(c)),
      },
      beforePoll: async (c) => {
        await planReminders(c);
        await planRetention(c);
        await pruneFinished(c.db, c.clock.now());
        await pruneDeadLetters(c.db, MAIL_JOB, c.clock.now(), DEAD_LETTER_DAYS);
      },
      log,
    });
    const onError = (error: unknown) => log.error({ err: error }, "job worker failed");
    const periodic = runPeriodically(worker, env.JOB_POLL_SECONDS * 1000, onError);
    // Mail has a worker of its own, woken as soon as a mail is queued (no planning in its passes).
    const mail = runPeriodically(createMailWorker(ctx, { log }), env.JOB_POLL_SECONDS * 1000, onError);
    ctx.wakeWorker = () => mail.wake();
    // Not awaited here: the onClose hook above waits for it and for the requests in flight.
    app.addHook("preClose", async () => {
      ctx.wakeWorker = () => undefined;
      workersStopped = Promise.all([periodic.stop(), mail.stop()]);
    });
  }
  return app;
}
