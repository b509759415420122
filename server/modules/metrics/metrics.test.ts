import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, testEnv, type TestApp } from "../../testing/test-app.ts";
import { EnvError } from "../../env.ts";
import { enqueue } from "../jobs/job-queue.ts";

const TOKEN = "metrics-token-that-is-long-enough-0123456789";

describe("GET /metrics", () => {
  let off: TestApp;
  let on: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ env: { METRICS_ENABLED: "true", METRICS_TOKEN: TOKEN } });
    open = await createTestApp({ env: { METRICS_ENABLED: "true" } });
  });
  afterAll(async () => {
    await Promise.all([off.close(), on.close(), open.close()]);
  });

  it("does not exist unless METRICS_ENABLED is on", async () => {
    const response = await off.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
  });

  it("answers 404 without the bearer token, or with a wrong one", async () => {
    expect((await on.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await on.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(404);
    expect((await on.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer short" } })).statusCode).toBe(404);
  });

  it("reports requests by route and status, latency, errors and the job queue in Prometheus format", async () => {
    await on.inject({ method: "GET", url: "/api/v1/me/" });
    await on.inject({ method: "GET", url: "/api/v1/me/" });
    await on.inject({ method: "GET", url: "/api/v1/nothing-here/" });
    await enqueue(on.ctx.db, { kind: "metrics-test", dedupeKey: `metrics-test:${Date.now()}:${Math.random()}`, payload: {}, runAt: new Date(Date.now() + 3_600_000) });
    const response = await on.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain; version=0.0.4");
    const text = response.body;
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/me\/",status="200"\} 2\n/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{method="GET",route="\/api\/v1\/me\/",le="\+Inf"\} 2\n/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/me\/"\} 2\n/);
    expect(text).toContain('status="404"');
    expect(text).toContain("# TYPE http_request_errors_total counter");
    expect(text).toMatch(/job_queue_jobs\{kind="metrics-test",status="queued"\} [1-9]/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
    expect(text).toMatch(/password_hashing\{state="waiting"\} \d+/);
    if (on.ctx.database.kind === "postgres") expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    // Every sample line is "name{labels} value".
    for (const line of text.trim().split("\n").filter((l) => !l.startsWith("#"))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? [-+0-9.eInf]+$/);
    }
  });

  it("without a token, answers loopback connections only, and not through a proxy", async () => {
    expect((await open.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    expect((await open.inject({ method: "GET", url: "/metrics", remoteAddress: "10.1.2.3" })).statusCode).toBe(404);
    expect((await open.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1", headers: { "x-forwarded-for": "203.0.113.9" } })).statusCode).toBe(404);
  });

  it("is refused at start-up in production without a token", () => {
    expect(() =>
      testEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://x@localhost/db",
        SMTP_URL: "smtp://localhost",
        PUBLIC_ORIGIN: "https://example.test",
        METRICS_ENABLED: "true",
      }),
    ).toThrow(EnvError);
  });
});
