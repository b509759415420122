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

/** Builds the web app when the build is missing or older than its sources. */
export function ensureBuild(root = process.cwd()): void {
  const stamp = path.join(root, "build", "server", "index.js");
  const buildTime = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourceTime = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (buildTime !== 0 && sourceTime <= buildTime && process.env.FORCE_BUILD !== "1") return;
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
