import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hashingStats } from "../modules/accounts/passwords.ts";
import { SERVICES } from "../lib/service-health.ts";
import { oldestWaitingSeconds, queueDepth } from "../modules/jobs/job-queue.ts";
import { MAIL_JOB } from "../modules/mail/outbox.ts";
import { Counter, Gauge, Histogram, renderAll } from "../modules/metrics/registry.ts";

/**
 * GET /metrics in Prometheus text format, registered only when METRICS_ENABLED=true. Access:
 * with METRICS_TOKEN set, `Authorization: Bearer <token>` is required; without it (development
 * only — production refuses to start), only direct loopback connections that did not come
 * through a proxy (no X-Forwarded-For) may read it. Everyone else gets 404, as if it did not exist.
 */

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function allowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? "");
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const address = req.socket.remoteAddress ?? "";
  const loopback = address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
  return loopback && req.headers["x-forwarded-for"] === undefined;
}

export async function registerMetrics(app: FastifyInstance, options: { token?: string | undefined }): Promise<void> {
  const requests = new Counter("http_requests_total", "HTTP requests by method, route pattern and status.");
  const errors = new Counter("http_request_errors_total", "HTTP responses with a 5xx status, by route pattern.");
  const latency = new Histogram("http_request_duration_seconds", "Time to answer an HTTP request, by route pattern.", LATENCY_BUCKETS);
  const pool = new Gauge("db_pool_connections", "Database pool connections by state (total, idle, waiting requests).");
  const jobs = new Gauge("job_queue_jobs", "Jobs in the queue by kind and status (queued, running, failed).");
  const hashing = new Gauge("password_hashing", "Password hashing of this process: hashes running (active), waiting, and sources with admitted requests.");
  const degraded = new Gauge("outside_service_degraded", "1 while an outside service is away or failing and the product works around it (Redis, the mail relay, BankID): docs/operations.md.");
  const outages = new Gauge("outside_service_outages", "Outages of each outside service seen by this process since it started.");
  const mailWaiting = new Gauge("mail_oldest_waiting_seconds", "Age of the oldest e-mail not yet delivered (0 when none waits); grows while the relay is away.");
  const rendered = new Gauge("render_cache", "Visitors' pages kept in memory: lookups that found a page (hits) or rendered one (misses), pages and bytes kept.");
  const documents = new Gauge("ssr_documents_rendered", "Pages rendered by this process, by renderer: whole in one pass (string), or React's streaming renderer (stream: SSR_RENDERER=stream, or a render that waited for something).");
  const rss = new Gauge("process_resident_memory_bytes", "Resident memory of this process.");
  const uptime = new Gauge("process_uptime_seconds", "Seconds since this process started.");

  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url ?? "unmatched";
    const status = String(reply.statusCode);
    requests.inc({ method: req.method, route, status });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ route });
  });

  app.get("/metrics", { config: { csrf: false } }, async (req, reply) => {
    if (!allowed(req, options.token)) return reply.callNotFound();
    const stats = app.ctx.database.poolStats?.();
    pool.reset();
    if (stats) for (const [state, value] of Object.entries(stats)) pool.set({ state }, value);
    jobs.reset();
    // Mail dead letters are job_queue_jobs{kind="mail",status="failed"}, present from the start at 0.
    jobs.set({ kind: MAIL_JOB, status: "failed" }, 0);
    for (const row of await queueDepth(app.ctx.db)) jobs.set({ kind: row.kind, status: row.status }, row.count);
    mailWaiting.set({}, await oldestWaitingSeconds(app.ctx.db, MAIL_JOB, app.ctx.clock.now()));
    const down = new Set(app.ctx.services.snapshot().map((d) => d.service));
    const counts = app.ctx.services.outageCounts();
    for (const service of SERVICES) {
      degraded.set({ service }, down.has(service) ? 1 : 0);
      outages.set({ service }, counts[service]);
    }
    hashing.reset();
    for (const [state, value] of Object.entries(hashingStats())) hashing.set({ state }, value);
    const cache = app.renderCache;
    rendered.reset();
    if (cache) {
      rendered.set({ value: "hits" }, cache.stats.hits);
      rendered.set({ value: "misses" }, cache.stats.misses);
      rendered.set({ value: "pages" }, cache.size);
      rendered.set({ value: "bytes" }, cache.storedBytes);
    }
    documents.reset();
    for (const [renderer, count] of Object.entries(app.documentRenders ?? {})) documents.set({ renderer }, count);
    rss.set({}, process.memoryUsage.rss());
    uptime.set({}, process.uptime());
    reply.header("Cache-Control", "no-store").type("text/plain; version=0.0.4; charset=utf-8");
    return renderAll([requests, errors, latency, pool, jobs, mailWaiting, degraded, outages, hashing, rendered, documents, rss, uptime]);
  });
}
