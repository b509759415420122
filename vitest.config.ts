import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{app,common,server,scripts,content}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
