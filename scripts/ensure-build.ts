import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "common", "content", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** The server bundle's sources (scripts/build-server.ts). */
const SERVER_SOURCES = ["server", "common", "scripts/build-server.ts", "package-lock.json"];

function stale(root: string, stamp: string, sources: string[]): boolean {
  const buildTime = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourceTime = Math.max(...sources.map((s) => newest(path.join(root, s))));
  return buildTime === 0 || sourceTime > buildTime || process.env.FORCE_BUILD === "1";
}

/** Builds the web app and the server bundle when missing or older than their sources. */
export function ensureBuild(root = process.cwd()): void {
  ensureWebBuild(root);
  if (!stale(root, path.join(root, "build", "server-app", "main.js"), SERVER_SOURCES)) return;
  console.log("Building the server bundle…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build-server.ts")], { stdio: "inherit", cwd: root });
  if (result.status !== 0) throw new Error(`the server bundle's build failed (${result.status})`);
}

function ensureWebBuild(root: string): void {
  if (!stale(root, path.join(root, "build", "server", "index.js"), SOURCES)) return;
  console.log("Building the web app…");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");
  // A test runner sets NODE_ENV=test, which Vite would pass on to the browser code: React's
  // development build would be bundled. The build tested is the production one.
  const result = spawnSync(process.execPath, [cli, "build"], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`react-router build failed (${result.status})`);
}
