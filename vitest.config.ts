import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,common,server,scripts,content}/**/*.test.{ts,tsx}"],
    // Redis-backed tests run when a Redis server is configured (CI's PostgreSQL run sets it).
    // Multi-instance tests (*.pg.test.ts) start app processes on PostgreSQL: CI's PostgreSQL run.
    // Outage tests: server/outage/ (docs/operations.md).
    exclude: [
      "node_modules/**",
      "build/**",
      "tests/e2e/**",
      ...(process.env.REDIS_URL ? [] : ["**/*.redis.test.ts"]),
      ...(process.env.DATABASE_URL?.startsWith("postgres") ? [] : ["**/*.pg.test.ts"]),
      // Tests of the embedded database itself (*.pglite.test.ts) run once: in the PGlite run.
      ...(process.env.DATABASE_URL?.startsWith("postgres") ? ["**/*.pglite.test.ts"] : []),
    ],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/fast-check-seed.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
