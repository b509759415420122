import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./chromium.ts";

/**
 * `npm test`: the one validation command — typecheck, lint, content check, unit and API tests, end-to-end
 * tests. Stops at the first failing step. `npm test -- --only=unit` runs a subset.
 */
const root = process.cwd();
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const reports = path.join(root, ".tmp", "test-reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string;
  args: string[];
  report?: string;
}

const steps: Step[] = [
  { name: "typecheck", command: bin("react-router"), args: ["typegen"] },
  // The OpenAPI description's types by openapi-typescript: the typed-client test compiles against them.
  { name: "typecheck", command: process.execPath, args: ["scripts/openapi-types.ts"] },
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  { name: "lint", command: bin("eslint"), args: ["--max-warnings=0", "."] },
  // The import rules of the layers and no circles (.dependency-cruiser.mjs, docs/architecture.md).
  {
    name: "lint",
    command: bin("depcruise"),
    args: ["--config", ".dependency-cruiser.mjs", "app", "common", "server", "scripts", "tests"],
  },
  // Content: every language, transcript, caption and media file, and the media budget (no tools needed).
  { name: "content", command: process.execPath, args: ["scripts/content-check.ts"] },
  {
    name: "unit",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${reports}/unit.json`],
    report: `${reports}/unit.json`,
  },
  {
    name: "e2e",
    command: bin("vitest"),
    args: [
      "run",
      "--config",
      "vitest.e2e.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${reports}/e2e.json`,
    ],
    report: `${reports}/e2e.json`,
  },
];

const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length).split(",");
const selected = only ? steps.filter((s) => only.includes(s.name)) : steps;

if (selected.some((s) => s.name === "e2e")) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

let passed = 0;
let failed = 0;
function tally(report: string | undefined): void {
  if (!report || !existsSync(report)) return;
  const data = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number };
  passed += data.numPassedTests;
  failed += data.numFailedTests;
}

for (const step of selected) {
  console.log(`\n▶ ${step.name}: ${path.basename(step.command)} ${step.args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(step.command, step.args, { stdio: "inherit", cwd: root });
  tally(step.report);
  console.log(`◀ ${step.name} ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    if (failed === 0) failed = 1;
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
