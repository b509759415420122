import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Tests of a describe.concurrent block running at once in one file. The machine has two cores and
    // each test drives a Chromium page: five journeys at once beside another file took longer each
    // than one after another (one e-mail journey alone 75 s; five at once over 240 s each, measured
    // 2026-11-25), so two at a time.
    maxConcurrency: 2,
    // Limits for hangs, not budgets: on the two-core machine a test runs beside another file's.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for something the page does after an event (a client-side navigation's
    // render, a status message). Vitest's default of 1 s failed in CI beside another file's
    // browser: after a click to /en/courses the URL had changed but the new h1 came later.
    // A passing poll returns as soon as it holds, so the longer limit costs nothing.
    expect: { poll: { timeout: 10_000 } },
  },
});
