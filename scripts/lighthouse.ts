import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromium as playwright } from "playwright-core";
import { freePort } from "../tests/e2e/support/server.ts";
import { CHROMIUM_ARGS, ensureChromium } from "./chromium.ts";
import { ensureBuild } from "./ensure-build.ts";
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, SERVER_ENTRY } from "./node-flags.ts";
import {
  BUDGETS,
  CATEGORIES,
  CATEGORY_NAMES,
  budgetMisses,
  lighthouseSection,
  pointCosts,
  replaceSection,
  summarise,
  type PageScores,
  type RunResult,
} from "./lighthouse-report.ts";
import { CURRENT_CONSENT_VERSION } from "../common/auth/consent.ts";

/**
 * `npm run lighthouse`: Lighthouse's mobile preset (simulated throttling) with the system
 * Chromium against the production build on loopback, median of LIGHTHOUSE_RUNS (3) runs per
 * page; writes the Lighthouse section of docs/benchmarks.md and exits 1 when a page misses a
 * budget of ../shared/design/performance.md, listing the audits that cost the points.
 */

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? "3");
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error("LIGHTHOUSE_RUNS must be a positive integer");
const BENCHMARKS = path.resolve("docs/benchmarks.md");
/** LIGHTHOUSE_SAVE=dir: every run's full report (lhr JSON) is saved there, for the audits' details. */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
/** LIGHTHOUSE_PAGES=/kurser,/screening: only these pages (benchmarks.md is then left alone). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",").map((p) => p.trim()).filter(Boolean);

interface PageSpec {
  name: string;
  path: string;
  loggedIn: boolean;
  /** A visitor who has given consent: the screening needs the onboarding record (§3). */
  onboarded?: boolean;
}

const PAGES: PageSpec[] = [
  { name: "Home", path: "/", loggedIn: false },
  { name: "Course list", path: "/kurser", loggedIn: false },
  { name: "Light screening", path: "/screening", loggedIn: false, onboarded: true },
  { name: "Course (logged in)", path: "/kurser/stress", loggedIn: true },
];

/** The browser's full version from DevTools (the user agent reports a reduced one). */
let chromiumBuild = "unknown";

/** Starts the system Chromium with the agreed flags, a fresh profile and a debugging port. */
async function launchChromium(
  executable: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "kbt-lighthouse-profile-"));
  const child: ChildProcess = spawn(
    executable,
    [
      ...CHROMIUM_ARGS,
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "--remote-debugging-address=127.0.0.1",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"], detached: false },
  );
  let stderr = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${stderr}`)), 60_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${stderr}`));
    });
  });
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    Browser?: string;
  };
  chromiumBuild = version.Browser ?? chromiumBuild;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(profile, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once("exit", done);
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Starts the production server (its bundle, scripts/node-flags.ts) as the e2e tests do: loopback, a fresh data
 * directory, the development profile for the session fixture. Waits longer than the e2e helper,
 * since a loaded machine may need minutes, and never leaves the process behind on failure.
 */
async function startServer(): Promise<{
  url: string;
  stop: () => Promise<number | null>;
  output: () => string;
}> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kbt-lighthouse-data-"));
  let output = "";
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const stop = () =>
    new Promise<number | null>((resolve) => {
      const done = (code: number | null) => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve(code);
      };
      if (child.exitCode !== null) return done(child.exitCode);
      child.once("exit", done);
      child.kill("SIGTERM");
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop, output: () => output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become ready in 5 minutes:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A verified user with a session, through the development fixture the e2e tests use. */
async function createSession(baseUrl: string): Promise<string> {
  const csrfResponse = await fetch(`${baseUrl}/api/v1/csrftoken/`);
  const cookie = (csrfResponse.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/dev/fixtures/session`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": csrfToken, "content-type": "application/json" },
    body: JSON.stringify({ verified: true }),
  });
  if (!response.ok)
    throw new Error(`session fixture failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { sessionid: string }).sessionid;
}

/** A fresh onboarding token, as the onboarding screen gets it after consent. */
async function onboardingToken(baseUrl: string): Promise<string> {
  const csrfResponse = await fetch(`${baseUrl}/api/v1/csrftoken/`);
  const cookie = (csrfResponse.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl}/api/v1/onboarding/`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": csrfToken, "content-type": "application/json" },
    body: JSON.stringify({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale: "sv" }),
  });
  if (response.status !== 201) throw new Error(`onboarding failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Puts the onboarding record in the profile's localStorage through a JSON URL of the origin (no
 * page, script or stylesheet is cached by it), for a run that keeps storage.
 */
async function storeOnboardingRecord(port: number, url: string): Promise<void> {
  const token = await onboardingToken(new URL(url).origin);
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${new URL(url).origin}/api/v1/csrftoken/`);
    await page.evaluate((value) => localStorage.setItem("onboarding", JSON.stringify({ token: value })), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function runOnce(
  executable: string,
  url: string,
  extraHeaders: Record<string, string>,
  onboarded = false,
): Promise<Result> {
  const chromium = await launchChromium(executable);
  try {
    if (onboarded) await storeOnboardingRecord(chromium.port, url);
    const flags: Flags = {
      // Lighthouse clears the origin's storage (and cache) first; the onboarding record must
      // stay. The HTTP cache is still empty: only a JSON URL was visited.
      ...(onboarded ? { disableStorageReset: true } : {}),
      port: chromium.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      formFactor: "mobile",
      throttlingMethod: "simulate",
      extraHeaders,
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    await chromium.close();
  }
}

/** A trace lost on a loaded machine (NO_NAVSTART, NO_FCP…) is retried; a third failure stops. */
async function runWithRetry(
  executable: string,
  url: string,
  extraHeaders: Record<string, string>,
  onboarded = false,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(executable, url, extraHeaders, onboarded);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${error instanceof Error ? error.message : String(error)}; trying again`);
    }
  }
}

async function main(): Promise<number> {
  const executable = ensureChromium();
  ensureBuild();
  const server = await startServer();
  const pages: PageScores[] = [];
  let lighthouseVersion = "";
  try {
    const sessionid = await createSession(server.url);
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.path))) {
      // Swedish is the default language: ask for it, so the home page does not redirect to /en.
      const headers: Record<string, string> = { "Accept-Language": "sv-SE,sv;q=0.9" };
      if (page.loggedIn) headers.Cookie = `sessionid=${sessionid}`;
      const runs: RunResult[] = [];
      for (let i = 1; i <= RUNS; i++) {
        const lhr = await runWithRetry(executable, `${server.url}${page.path}`, headers, page.onboarded);
        lighthouseVersion = lhr.lighthouseVersion;
        if (SAVE_DIR) {
          const file = path.join(SAVE_DIR, `lhr-${page.path.replace(/\W+/g, "_")}-${i}.json`);
          writeFileSync(file, JSON.stringify(lhr));
          console.log(`saved ${file}`);
        }
        if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
          throw new Error(
            `${page.name}: ${page.path} ended on ${lhr.finalDisplayedUrl}, not the page to measure`,
          );
        }
        runs.push({
          finalUrl: lhr.finalDisplayedUrl,
          categories: lhr.categories,
          audits: lhr.audits,
        });
        const line = CATEGORIES.map(
          (id) => `${CATEGORY_NAMES[id]} ${Math.round((lhr.categories[id]?.score ?? 0) * 100)}`,
        );
        console.log(`${page.name} run ${i}/${RUNS}: ${line.join(", ")}`);
      }
      pages.push(summarise(page.name, page.path, runs));
    }
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`the server exited with ${code}:\n${server.output()}`);
  }

  const cpus = os.cpus();
  const section = lighthouseSection(pages, {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown CPU",
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromiumBuild.replace(/^(Headless)?Chrome\//, ""),
    lighthouse: lighthouseVersion,
    runs: RUNS,
    command: RUNS === 3 ? "npm run lighthouse" : `LIGHTHOUSE_RUNS=${RUNS} npm run lighthouse`,
  });
  let existing = "";
  try {
    existing = readFileSync(BENCHMARKS, "utf8");
  } catch {
    // first benchmark written
  }
  if (ONLY) {
    console.log(`\n${section}\n(LIGHTHOUSE_PAGES: ${path.relative(process.cwd(), BENCHMARKS)} left alone.)`);
  } else {
    writeFileSync(BENCHMARKS, replaceSection(existing, section));
    console.log(`\n${section}\nWritten to ${path.relative(process.cwd(), BENCHMARKS)}.`);
  }

  // Every lost point of the median runs, so the findings can be fixed before they miss a budget.
  for (const page of pages) {
    for (const id of CATEGORIES) {
      if (page.scores[id] >= 100 || page.scores[id] < BUDGETS[id]) continue;
      const lost = pointCosts(page.medianRuns[id], id).map(
        (cost) => `${cost.id} -${cost.points.toFixed(1)}`,
      );
      console.log(
        `${page.name}: ${CATEGORY_NAMES[id]} ${page.scores[id]} (within budget), lost to ${lost.join(", ")}`,
      );
    }
  }
  const misses = budgetMisses(pages);
  for (const miss of misses) {
    console.log(
      `\n✗ ${miss.page}: ${CATEGORY_NAMES[miss.category]} ${miss.score} < ${BUDGETS[miss.category]}; points lost to:`,
    );
    for (const cost of miss.costs.slice(0, 10)) {
      const value = cost.displayValue ? ` (${cost.displayValue})` : "";
      console.log(`  -${cost.points.toFixed(1)}  ${cost.id}: ${cost.title}${value}`);
    }
  }
  if (misses.length > 0) {
    console.log(`\n${misses.length} budget miss${misses.length === 1 ? "" : "es"}.`);
    return 1;
  }
  console.log("\nEvery page meets its Lighthouse budget.");
  return 0;
}

process.exitCode = await main();
