import { execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { CURRENT_TERMS_VERSION } from "../common/auth/terms.ts";
import { openDatabase } from "../server/db/client.ts";
import { users } from "../server/db/schema/users.ts";
import { maskSecret, newCsrfSecret } from "../server/lib/csrf-token.ts";
import { hashPassword } from "../server/modules/accounts/password-hash.ts";
import { insertSession } from "../server/modules/sessions/session-repository.ts";
import { hashSessionId } from "../server/modules/sessions/session-service.ts";
import { getInstrument, lightScreening } from "../common/instruments/registry.ts";
import { ensureBuild } from "./ensure-build.ts";
import { PRODUCTION_ENV, SERVER_ENTRY, productionNodeFlags } from "./node-flags.ts";
import { replaceSection } from "./lighthouse-report.ts";
import { openLoop } from "./open-loop.ts";
import { EXAMPLE_PRIVACY_ENV } from "../server/testing/privacy-env.ts";
import { CURRENT_CONSENT_VERSION } from "../common/auth/consent.ts";
import { API_STATEMENTS, type MeasuredApiPath } from "../server/testing/api-statements.ts";

/**
 * `npm run bench`: the production build on PostgreSQL, measured with autocannon on loopback
 * against baselines from the same server in the same run, and at fixed rates open loop
 * (scripts/open-loop.ts) (design/performance.md). Writes docs/benchmarks.md.
 *
 * DATABASE_URL           PostgreSQL server (required). A database `kbt_bench_<random>` is created
 *                        and dropped, unless BENCH_DATABASE_URL names one to use as it is (for
 *                        example the one filled by `npm run seed:scale`).
 * BENCH_SECONDS          seconds per measurement (default 10)
 * BENCH_WARMUP_SECONDS   seconds of warm-up per target (default 3)
 * BENCH_CONNECTIONS      concurrent connections (default 50)
 * BENCH_OUTPUT           where to write the report (default docs/benchmarks.md; "-" = stdout only)
 * BENCH_NODE_ARGS        extra Node flags for the server, space-separated (for profiling, e.g.
 *                        "--cpu-prof --cpu-prof-dir=/tmp/prof"; the server stops with SIGTERM)
 * BENCH_ENTRY            the server's entry instead of the bundle (measuring an older commit:
 *                        server/main.ts)
 * BENCH_ONLY             measure only the targets whose name matches this regular expression
 *                        (profiling one page); the report is then printed, not written
 * BENCH_SOAK_SECONDS     length of the soak at saturation (default 60), then
 * BENCH_SOAK_IDLE_SECONDS  seconds idle before the last RSS reading (default 60)
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const OUTPUT = process.env.BENCH_ONLY ? "-" : (process.env.BENCH_OUTPUT ?? path.join("docs", "benchmarks.md"));
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const SOAK_IDLE_SECONDS = Number(process.env.BENCH_SOAK_IDLE_SECONDS ?? 60);
const PASSWORD = "bench password that is long enough 42";
/** performance.md's budgets. */
const BUDGET = {
  visitorRatio: 0.5,
  loggedInRatio: 0.15,
  apiRatio: 0.3,
  ssrRate: 200,
  ssrP99: 30,
  apiRate: 1000,
  apiP99: 10,
  idleMb: 150,
  soakMb: 250,
};
const MiB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MiB).toFixed(0)} MB`;
/** The report's sections in docs/benchmarks.md (the Lighthouse section is npm run lighthouse's). */
const FRESH_HEADING = "## Load benchmark: fresh database";
const SEEDED_HEADING = "## Load benchmark: seeded database (npm run seed:scale)";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl?.startsWith("postgres")) fail("npm run bench needs DATABASE_URL=postgres://… (a PostgreSQL server).");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, drop: async () => undefined };
  const name = `kbt_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl ?? "");
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface Page {
  name: string;
  path: string;
  headers: Record<string, string>;
  kind: "visitor" | "logged in";
}

interface Api {
  name: string;
  path: string;
  /** Statements behind one call (server/testing/api-statements.ts, held by a test). */
  statements: number;
  /** The size of its answer's body for the benchmark's user (its floor answers as many bytes). */
  bytes: number;
}

interface Result {
  pair: string;
  subject: Measured;
  baseline: Measured;
  ratio: number;
  path: string;
  headers: Record<string, string>;
  /** The fixed open-loop rate and the p99 budget at it. */
  rate: number;
  p99: number;
  /** At the fixed rate, open loop (scripts/open-loop.ts): the budget's p99. */
  fixed?: Measured;
  /** At the same rate with autocannon's `overallRate`, which sends each second's requests in a burst. */
  fixedAutocannon?: Measured;
  /**
   * The floor measured right after this target (logged-in pages and API calls): the simplest page
   * rendered for the same person with its own static file, or hello-world after as many statements.
   */
  floor?: { subject: Measured; baseline: Measured };
}

const staticName = (page: Page) => `${page.name.replace(/\W+/g, "-")}.html`;

/** The process's high-water mark of resident memory (VmHWM) in bytes. */
function hwmOf(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /**
   * The server process's CPU time (user and system, all its threads) per request answered during
   * the measurement, in ms: unlike req/s, barely moved by what else the two cores are doing.
   */
  cpuMs: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time a process has used so far, user and system, in ms (Linux). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;

async function measure(name: string, options: autocannon.Options): Promise<Measured> {
  if (ONLY && !ONLY.test(name)) return { name, rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, non2xx: 0, errors: 0, cpuMs: Number.NaN };
  const connections = options.connections ?? CONNECTIONS;
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP, connections });
  const cpuBefore = cpuMsOf(server.pid ?? 0);
  const result = await autocannon({ ...options, duration: SECONDS, connections });
  const cpuMs = (cpuMsOf(server.pid ?? 0) - cpuBefore) / result.requests.total;
  const m = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts, cpuMs };
  const statuses = Object.entries((result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${code} × ${count}`)
    .join(", ");
  console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  server CPU ${m.cpuMs.toFixed(3)} ms/request${m.non2xx || m.errors ? `  (non-2xx ${m.non2xx}${statuses ? `: ${statuses}` : ""}, errors ${m.errors})` : ""}`);
  return m;
}

/** At a fixed open-loop rate (scripts/open-loop.ts), after a warm-up at the same rate. */
async function measureOpenLoop(name: string, options: { url: string; headers?: Record<string, string>; rate: number }): Promise<Measured> {
  if (ONLY && !ONLY.test(name)) return { name, rps: Number.NaN, p50: Number.NaN, p99: Number.NaN, non2xx: 0, errors: 0, cpuMs: Number.NaN };
  const connections = Math.min(CONNECTIONS, 20);
  if (WARMUP > 0) await openLoop({ ...options, duration: WARMUP, connections });
  const cpuBefore = cpuMsOf(server.pid ?? 0);
  const result = await openLoop({ ...options, duration: SECONDS, connections });
  const cpuMs = (cpuMsOf(server.pid ?? 0) - cpuBefore) / result.answered;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const m = { name, rps: result.rps, p50: round(result.p50), p99: round(result.p99), non2xx: result.non2xx, errors: result.errors, cpuMs };
  console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  server CPU ${m.cpuMs.toFixed(3)} ms/request  (open loop; max ${round(result.max)} ms, generator's lag p99 ${round(result.sendLagP99)} ms)${m.non2xx || m.errors ? `  (non-2xx ${m.non2xx}, errors ${m.errors})` : ""}`);
  return m;
}

// ---- build and start --------------------------------------------------------------------------
const runStarted = Date.now();
ensureBuild();
const database = await createBenchDatabase();
const staticDir = mkdtempSync(path.join(os.tmpdir(), "kbt-bench-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const spawnedAt = performance.now();
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
const SERVER_FLAGS = productionNodeFlags();
// The production flags (Dockerfile CMD, npm start).
const server = spawn(process.execPath, [...SERVER_FLAGS, ...nodeArgs, process.env.BENCH_ENTRY ?? SERVER_ENTRY], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...PRODUCTION_ENV,
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: database.url,
    SECRET_KEY: randomBytes(48).toString("base64url"),
    FIELD_ENCRYPTION_KEYS: `b1:${randomBytes(32).toString("base64")}`,
    PUBLIC_ORIGIN: base,
    // Required in production; the benchmark sends no e-mail.
    SMTP_URL: "smtp://127.0.0.1:9",
    SECURE_COOKIES: "false",
    // Production runs BankID live; the benchmark starts no BankID order, so the certificate files
    // (read at the first order) need not exist.
    BANKID_MODE: "live",
    BANKID_BASE_URL: "https://127.0.0.1:9/rp/v6.0",
    BANKID_PFX_PATH: path.join(staticDir, "no-rp-certificate.p12"),
    BANKID_PFX_PASSPHRASE: "",
    BANKID_CA_PATH: path.join(staticDir, "no-bankid-ca.pem"),
    // The privacy notice's settings (example values).
    ...EXAMPLE_PRIVACY_ENV,
    LOG_LEVEL: "warn",
    JOB_WORKER: "false",
    BENCH_STATIC_DIR: staticDir,
  },
});
let serverExited = false;
server.once("exit", () => {
  serverExited = true;
});

async function cleanup(): Promise<void> {
  if (!serverExited) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  rmSync(staticDir, { recursive: true, force: true });
  await database.drop();
}

try {
  for (;;) {
    if (serverExited) throw new Error("the server exited before it was ready");
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - spawnedAt;
  console.log(`ready in ${readyMs.toFixed(0)} ms (process start to /readyz 200)`);

  // ---- a logged-in user in a course ------------------------------------------------------------
  const db = await openDatabase({ url: database.url, poolSize: 2 });
  const email = `bench-${randomUUID()}@example.test`;
  const [user] = await db.db
    .insert(users)
    .values({ email, authType: "email", passwordHash: await hashPassword(PASSWORD), termsVersion: CURRENT_TERMS_VERSION, consentVersion: CURRENT_CONSENT_VERSION, hasLoggedInBefore: true, totpEnabledAt: new Date() })
    .returning({ id: users.id });
  if (!user) throw new Error("bench user not created");
  // Logins are measured as another user: each login starts a session, and thousands of sessions
  // of the measured user would lengthen its profile (the dashboard lists the user's sessions).
  const loginEmail = `bench-login-${randomUUID()}@example.test`;
  await db.db.insert(users).values({ email: loginEmail, authType: "email", passwordHash: await hashPassword(PASSWORD), termsVersion: CURRENT_TERMS_VERSION, consentVersion: CURRENT_CONSENT_VERSION, hasLoggedInBefore: true, totpEnabledAt: new Date() });
  const sessionId = randomBytes(32).toString("base64url");
  const now = new Date();
  await insertSession(db.db, { idHash: hashSessionId(sessionId), userId: user.id, verified: true, createdAt: now, expiresAt: new Date(now.getTime() + 12 * 3_600_000), ip: "127.0.0.1", userAgent: "bench" });
  await db.close();
  const csrf = newCsrfSecret();
  const cookie = `sessionid=${sessionId}; csrftoken=${csrf}`;
  const unsafe = { cookie: `csrftoken=${csrf}`, "x-csrftoken": maskSecret(csrf), "content-type": "application/json" };
  // A course starts after a screening (docs/clinical/recommendations.md, rule S1).
  const lightAnswers = Object.fromEntries(lightScreening.map((q) => [q.id, 0]));
  const screened = await fetch(`${base}/api/v1/screening/`, { method: "POST", headers: { ...unsafe, cookie }, body: JSON.stringify({ answers: lightAnswers }) });
  if (!screened.ok) throw new Error(`could not screen: ${screened.status} ${await screened.text()}`);
  const started = await fetch(`${base}/api/v1/course-progress/clear-unfinished/`, { method: "POST", headers: { ...unsafe, cookie }, body: JSON.stringify({ course: "stress" }) });
  if (!started.ok) throw new Error(`could not start a course: ${started.status} ${await started.text()}`);
  const { slug } = (await started.json()) as { slug: string };
  // An evaluation history for the dashboard and the history endpoint: the programme's opening
  // PSS-10 answered a few times, as a user doing the course would.
  const detail = (await (await fetch(`${base}/api/v1/courses/${slug}/`, { headers: { cookie } })).json()) as {
    course_parts: { content_modules: { id: string; type: string }[] }[];
  };
  const evaluation = detail.course_parts.flatMap((part) => part.content_modules).find((m) => m.type === "evaluation");
  if (!evaluation) throw new Error(`the course ${slug} has no evaluation module`);
  for (let round = 0; round < 4; round++) {
    const answers = { ...Object.fromEntries(getInstrument("pss10").items.map((item, i) => [item.id, (i + round) % 5])), phq9_9: 0 };
    const answered = await fetch(`${base}/api/v1/evaluations/${evaluation.id}/`, { method: "POST", headers: { ...unsafe, cookie }, body: JSON.stringify({ answers }) });
    if (!answered.ok) throw new Error(`could not answer the evaluation: ${answered.status} ${await answered.text()}`);
  }

  // ---- the pages and their static twins --------------------------------------------------------
  const visitor = {} as Record<string, string>;
  const loggedIn = { cookie };
  const pages: Page[] = [
    { name: "home", path: "/", headers: visitor, kind: "visitor" },
    { name: "course list", path: "/kurser", headers: visitor, kind: "visitor" },
    { name: "public page (about us)", path: "/omoss", headers: visitor, kind: "visitor" },
    { name: "light screening", path: "/screening", headers: visitor, kind: "visitor" },
    { name: "dashboard (logged in)", path: "/dashboard", headers: loggedIn, kind: "logged in" },
    { name: "course page (logged in)", path: `/kurser/${slug}`, headers: loggedIn, kind: "logged in" },
  ];
  // The floor of a logged-in page on this machine: the simplest page (about us, no data of its own)
  // rendered for the logged-in user, which the render cache never serves (a session cookie).
  const renderFloorPage: Page = { name: "public page (about us), logged in", path: "/omoss", headers: loggedIn, kind: "logged in" };
  for (const page of [...pages, renderFloorPage]) {
    const response = await fetch(`${base}${page.path}`, { headers: page.headers, redirect: "manual" });
    const html = await response.text();
    if (response.status !== 200 || !html.includes("<html")) throw new Error(`${page.path} answered ${response.status}`);
    writeFileSync(path.join(staticDir, staticName(page)), html);
  }
  const statementsOf = (apiPath: string): number => {
    const count = API_STATEMENTS[apiPath as MeasuredApiPath] as number | undefined;
    if (count === undefined) throw new Error(`${apiPath} has no statement count in server/testing/api-statements.ts`);
    return count;
  };
  const apis: Api[] = [
    { name: "GET /api/v1/me/", path: "/api/v1/me/" },
    { name: `GET /api/v1/courses/${slug}/`, path: `/api/v1/courses/${slug}/` },
    { name: "GET /api/v1/active-course/ (dashboard)", path: "/api/v1/active-course/" },
    { name: "GET /api/v1/me/evaluation-history/", path: "/api/v1/me/evaluation-history/" },
  ].map((api) => ({ ...api, statements: statementsOf(api.path), bytes: 0 }));
  for (const api of apis) {
    const answer = await fetch(`${base}${api.path}`, { headers: { cookie, "accept-language": "sv" } });
    if (answer.status !== 200) throw new Error(`${api.path} answered ${answer.status}`);
    api.bytes = Buffer.byteLength(await answer.text());
  }
  // The floor of a call: as many statements, and an answer of as many bytes (writing 12 KB to a
  // socket costs more than writing 17 bytes).
  const floorKey = (api: Api) => `${api.statements}:${api.bytes}`;
  const floorName = (api: Api) => `floor: hello-world after ${api.statements} statement${api.statements > 1 ? "s" : ""}, ${api.bytes} bytes`;
  const floorPath = (api: Api) => `/__bench/statements/${api.statements}?hash=${hashSessionId(sessionId)}&bytes=${api.bytes}`;
  await new Promise((r) => setTimeout(r, 2_000));
  const idleRss = rssOf(server.pid ?? 0);
  console.log(`idle RSS after start and one request per page: ${mb(idleRss)}`);

  // ---- saturation: throughput against the baselines, p99 at saturation ----------------------------
  const results: Result[] = [];
  for (const page of pages) {
    const baseline = await measure(`static ${page.name}`, { url: `${base}/__bench/static/${staticName(page)}` });
    const subject = await measure(`SSR ${page.name}`, { url: `${base}${page.path}`, headers: page.headers });
    const ratio = page.kind === "visitor" ? BUDGET.visitorRatio : BUDGET.loggedInRatio;
    // A logged-in page's floor, measured next to it (the machine's speed drifts within a run).
    const floor =
      page.kind === "logged in"
        ? {
            baseline: await measure(`static ${renderFloorPage.name} (after ${page.name})`, { url: `${base}/__bench/static/${staticName(renderFloorPage)}` }),
            subject: await measure(`floor: SSR ${renderFloorPage.name} (after ${page.name})`, { url: `${base}${renderFloorPage.path}`, headers: renderFloorPage.headers }),
          }
        : undefined;
    results.push({ pair: `SSR ${page.name} / static file`, subject, baseline, ratio, path: page.path, headers: page.headers, rate: BUDGET.ssrRate, p99: BUDGET.ssrP99, ...(floor ? { floor } : {}) });
  }
  // The floor of an API call on this machine, measured next to it: the hello-world route after as
  // many statements as the call makes (the session lookup, n times).
  // Each call has its own hello-world measured right before it, as each page has its static file.
  for (const api of apis) {
    const baseline = await measure(`Fastify hello-world (before ${api.path})`, { url: `${base}/__bench/hello` });
    const floor = { subject: await measure(`${floorName(api)} (before ${api.path})`, { url: `${base}${floorPath(api)}` }), baseline };
    const subject = await measure(api.name, { url: `${base}${api.path}`, headers: { cookie, "accept-language": "sv" } });
    results.push({ pair: `${api.name} / hello-world`, subject, baseline, ratio: BUDGET.apiRatio, path: api.path, headers: { cookie, "accept-language": "sv" }, rate: BUDGET.apiRate, p99: BUDGET.apiP99, floor });
  }
  // Connections within the per-source hash gate (HASHING_PER_SOURCE, 8, freed as each answer
  // finishes): at eight, a connection's next login sometimes arrived before its last one had left.
  const login = await measure("POST /api/v1/login/email", {
    connections: 6,
    url: `${base}/api/v1/login/email`,
    method: "POST",
    headers: unsafe,
    body: JSON.stringify({ email: loginEmail, password: PASSWORD }),
  });

  // ---- latency at a fixed open-loop rate (scripts/open-loop.ts; autocannon's overallRate beside it) --
  for (const result of results) {
    const name = `${result.pair.split(" / ")[0]} at ${result.rate}/s`;
    result.fixed = await measureOpenLoop(name, { url: `${base}${result.path}`, headers: result.headers, rate: result.rate });
    result.fixedAutocannon = await measure(`${name} (autocannon overallRate)`, {
      url: `${base}${result.path}`,
      headers: result.headers,
      overallRate: result.rate,
      connections: Math.min(CONNECTIONS, 20),
    });
  }

  // The floors at the fixed rates: the simplest logged-in page, and hello-world after n statements.
  const renderFloorFixed = await measureOpenLoop(`floor: SSR ${renderFloorPage.name} at ${BUDGET.ssrRate}/s`, { url: `${base}${renderFloorPage.path}`, headers: renderFloorPage.headers, rate: BUDGET.ssrRate });
  const floorsFixed = new Map<string, Measured>();
  for (const api of apis) {
    if (floorsFixed.has(floorKey(api))) continue;
    floorsFixed.set(floorKey(api), await measureOpenLoop(`${floorName(api)} at ${BUDGET.apiRate}/s`, { url: `${base}${floorPath(api)}`, rate: BUDGET.apiRate }));
  }

  // ---- soak: 60 s at saturation over every page and call, then 60 s idle ---------------------------
  const peakBefore = hwmOf(server.pid ?? 0);
  const soakRequests = [...pages.map((p) => ({ path: p.path, headers: p.headers })), ...apis.map((a) => ({ path: a.path, headers: { cookie } }))];
  // Skipped by BENCH_ONLY: one request (autocannon refuses a `duration` key that is undefined).
  const soak = await autocannon(
    ONLY && !ONLY.test("soak")
      ? { url: base, connections: 1, amount: 1, requests: soakRequests }
      : { url: base, connections: CONNECTIONS, duration: SOAK_SECONDS, requests: soakRequests },
  );
  const soakRss = rssOf(server.pid ?? 0);
  const soakPeak = hwmOf(server.pid ?? 0);
  console.log(`soak: ${soak.requests.average.toFixed(0)} req/s for ${SOAK_SECONDS} s; RSS ${mb(soakRss)} (peak ${mb(soakPeak)}, before the soak ${mb(peakBefore)})`);
  await new Promise((r) => setTimeout(r, ONLY && !ONLY.test("soak") ? 0 : SOAK_IDLE_SECONDS * 1000));
  const restRss = rssOf(server.pid ?? 0);
  console.log(`after ${SOAK_IDLE_SECONDS} s idle: RSS ${mb(restRss)}`);

  // ---- report ----------------------------------------------------------------------------------
  const ok = (met: boolean) => (met ? "met" : "**missed**");
  const rows = results.map((r) => {
    const ratio = r.subject.rps / r.baseline.rps;
    const fixedP99 = r.fixed?.p99 ?? Number.NaN;
    const met = ratio >= r.ratio && fixedP99 < r.p99 && !r.subject.non2xx && !r.subject.errors && !r.fixed?.non2xx && !r.fixed?.errors;
    return `| ${r.pair} | ${r.subject.rps.toFixed(0)} | ${r.baseline.rps.toFixed(0)} | ${ratio.toFixed(2)} (≥ ${r.ratio}) | ${r.subject.p50} | ${r.subject.p99} | ${fixedP99} at ${r.rate}/s (< ${r.p99}) | ${r.fixedAutocannon?.p99 ?? Number.NaN} | ${ok(met)} |`;
  });
  const floorShare = (r: Result) => (r.floor ? r.subject.rps / r.baseline.rps / (r.floor.subject.rps / r.floor.baseline.rps) : Number.NaN);
  const renderFloorRows = results
    .filter((r) => r.floor && r.rate === BUDGET.ssrRate)
    .map((r) => {
      const floor = r.floor as NonNullable<Result["floor"]>;
      return `| ${r.pair.split(" / ")[0]} | ${r.subject.rps.toFixed(0)} (${(r.subject.rps / r.baseline.rps).toFixed(2)}) | ${floor.subject.rps.toFixed(0)} (${(floor.subject.rps / floor.baseline.rps).toFixed(2)}) | ${floorShare(r).toFixed(2)} | ${r.fixed?.p99 ?? Number.NaN} / ${renderFloorFixed.p99} | ${r.subject.cpuMs.toFixed(2)} / ${floor.subject.cpuMs.toFixed(2)} |`;
    });
  const floorRows = apis.map((api) => {
    const r = results.find((x) => x.path === api.path);
    if (!r?.floor) throw new Error(`no measurement of ${api.path}`);
    return `| ${api.name} | ${api.statements}, ${api.bytes} | ${r.subject.rps.toFixed(0)} (${(r.subject.rps / r.baseline.rps).toFixed(2)}) | ${r.floor.subject.rps.toFixed(0)} (${(r.floor.subject.rps / r.baseline.rps).toFixed(2)}) | ${floorShare(r).toFixed(2)} | ${r.fixed?.p99 ?? Number.NaN} / ${floorsFixed.get(floorKey(api))?.p99 ?? Number.NaN} | ${r.subject.cpuMs.toFixed(3)} / ${r.floor.subject.cpuMs.toFixed(3)} |`;
  });
  const hellos = results.filter((r) => r.rate === BUDGET.apiRate).map((r) => r.baseline);
  const helloRange = `${Math.min(...hellos.map((h) => h.rps)).toFixed(0)}–${Math.max(...hellos.map((h) => h.rps)).toFixed(0)} req/s, p99 ${Math.min(...hellos.map((h) => h.p99))}–${Math.max(...hellos.map((h) => h.p99))} ms`;
  const cpus = os.cpus();
  const command = `DATABASE_URL=postgres://… ${["BENCH_SECONDS", "BENCH_WARMUP_SECONDS", "BENCH_CONNECTIONS", "BENCH_SOAK_SECONDS", "BENCH_DATABASE_URL", "BENCH_NODE_ARGS"].filter((k) => process.env[k]).map((k) => `${k}=${k === "BENCH_DATABASE_URL" ? "postgres://…" : process.env[k]}`).join(" ")} npm run bench`.replace(/\s+/g, " ");
  const floorMeasures = [...results.flatMap((r) => (r.floor ? [r.floor.subject, r.floor.baseline] : [])), renderFloorFixed, ...floorsFixed.values()];
  const errors = [...results.flatMap((r) => [r.subject, r.baseline, ...(r.fixed ? [r.fixed] : []), ...(r.fixedAutocannon ? [r.fixedAutocannon] : [])]), login, ...floorMeasures].filter((m) => m.non2xx || m.errors);
  const heading = process.env.BENCH_DATABASE_URL ? SEEDED_HEADING : FRESH_HEADING;
  const report = `${heading}

Written by \`npm run bench\` (scripts/bench.ts); budgets from the design's performance.md. Ratios
are taken in one run against baselines served by the same server process. p99 at a fixed rate is
measured open loop (scripts/open-loop.ts): requests evenly spaced at the rate, each one's latency
from when it was due, so a wait for the server or the generator counts. autocannon's
\`overallRate\`, measured right after at the same rate, is shown beside it: it sends each second's
requests in a burst at the start of the second (autocannon's open issue #174) and corrects for
coordinated omission with an interval of 1 ms instead of 1000 / rate ms, so its p99 is that of a
burst, not of the rate.

- Date: ${new Date().toISOString()}
- Machine: ${cpus.length} × ${cpus[0]?.model ?? "unknown CPU"}, ${mb(os.totalmem())} memory, ${os.type()} ${os.release()}
- Node: ${process.version}; server flags: \`${[...SERVER_FLAGS, ...nodeArgs].join(" ")}\`
- Command: \`${command}\`
- Load: autocannon on loopback, ${CONNECTIONS} connections, ${WARMUP} s warm-up and ${SECONDS} s measurement per target; at the fixed rates at most ${Math.min(CONNECTIONS, 20)} connections
- Database: PostgreSQL${process.env.BENCH_DATABASE_URL ? " (given database, e.g. after npm run seed:scale)" : " (fresh database with the course content)"}

| what | req/s | baseline req/s | ratio (budget) | p50 ms | p99 ms at saturation | p99 ms at a fixed rate, open loop (budget) | p99 ms, autocannon overallRate | budget |
|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

| other | value | budget |
|---|---|---|
| Fastify hello-world, measured before each API call | ${helloRange} | baseline |
| Login (argon2id) | ${login.rps.toFixed(0)} req/s, p50 ${login.p50} ms, p99 ${login.p99} ms | — (argon2-bound) |
| RSS idle (after start, one request per page) | ${mb(idleRss)} | ≤ ${BUDGET.idleMb} MB: ${ok(idleRss <= BUDGET.idleMb * MiB)} |
| RSS after a ${SOAK_SECONDS} s soak at saturation (${soak.requests.average.toFixed(0)} req/s over every page and call) | ${mb(soakRss)} (peak of the whole run ${mb(soakPeak)}) | ≤ ${BUDGET.soakMb} MB: ${ok(soakRss <= BUDGET.soakMb * MiB)} |
| RSS after ${SOAK_IDLE_SECONDS} s idle | ${mb(restRss)} | near idle |
| Time to ready (process start to /readyz 200) | ${readyMs.toFixed(0)} ms | < 3000 ms: ${ok(readyMs < 3000)} |

Each logged-in page against its floor on this machine, measured right after it: the simplest page
(about us, which reads nothing of its own) rendered for the same logged-in person — the session
lookup, React Router and React, with no render cache (never used with a session) —, each as a
ratio to a static file of its own size served by the same server. Server CPU per request: the
server process's CPU time (all its threads) during the measurement over the requests answered.

| page | req/s (ratio to its static file) | floor req/s (ratio to its static file) | share of the floor | p99 ms at ${BUDGET.ssrRate}/s, open loop: page / floor | server CPU ms per request: page / floor |
|---|---|---|---|---|---|
${renderFloorRows.join("\n")}

Each API call against its floor on this machine, measured right before it (after its own
hello-world baseline, the ratios' denominator): the hello-world route
after as many statements as the call makes (the session lookup, one after another;
\`/__bench/statements/<n>?bytes=<size>\`), answering a body of as many bytes as the call's, no other
work. No endpoint that needs n statements and answers as much can be faster than its floor here.

| call | statements, bytes | req/s (ratio to hello-world) | floor req/s (ratio to hello-world) | share of the floor | p99 ms at ${BUDGET.apiRate}/s, open loop: call / floor | server CPU ms per request: call / floor |
|---|---|---|---|---|---|---|
${floorRows.join("\n")}
${errors.length ? `\nNon-2xx answers or errors: ${errors.map((m) => `${m.name}: ${m.non2xx} non-2xx, ${m.errors} errors`).join("; ")}.\n` : ""}
Whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s.
`;
  console.log(`\n${report}`);
  if (OUTPUT !== "-") {
    let document = "";
    try {
      document = readFileSync(OUTPUT, "utf8");
    } catch {
      // a new file
    }
    writeFileSync(OUTPUT, replaceSection(document, report, heading));
    console.log(`written to ${OUTPUT}`);
  }
} finally {
  await cleanup();
}
