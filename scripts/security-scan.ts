import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { endpoints } from "../server/api/endpoints.ts";
import { API_PREFIX } from "../common/contract/api-transport.ts";
import { SCREENS, pathTo } from "../common/routing/route-table.ts";
import { startServer } from "../tests/e2e/support/server.ts";
import { ensureBuild } from "./ensure-build.ts";

/**
 * Dynamic scan (issue 10): Debian's wapiti against the production build on loopback, bounded in
 * time, with the modules that apply to a server-rendered app with a JSON API. Not xxe or ssrf:
 * they call wapiti's endpoint on the internet, and the scan stays on loopback. Prints a summary
 * of the report and exits 1 on any finding of high or critical severity.
 *
 * SECURITY_SCAN_SECONDS bounds the whole scan (default 300).
 */

const LEVELS: Record<string, string> = {
  "0": "info",
  "1": "low",
  "2": "medium",
  "3": "high",
  "4": "critical",
};
const HIGH = 3;
const MODULES = [
  "xss",
  "permanentxss",
  "sql",
  "exec",
  "file",
  "crlf",
  "redirect",
  "http_headers",
  "csp",
  "cookieflags",
  "methods",
].join(",");

interface Finding {
  method: string;
  path: string;
  info: string;
  level: number | string;
  parameter?: string;
}

interface Report {
  vulnerabilities?: Record<string, Finding[]>;
  anomalies?: Record<string, Finding[]>;
  additionals?: Record<string, Finding[]>;
}

/** Start URLs: every screen (Swedish paths) and every public GET endpoint without parameters. */
function startUrls(base: string): string[] {
  const pages = SCREENS.filter(
    (s) => !s.servedByServer && !s.paths.sv.includes(":") && !s.guards.includes("dev"),
  ).map((s) => `${base}${pathTo(s.id, "sv")}`);
  const api = endpoints
    .filter((e) => e.method === "GET" && e.auth === "public" && !e.url.includes(":"))
    .map((e) => `${base}${API_PREFIX}${e.url}${e.query ? "?locale=sv" : ""}`);
  return [
    ...new Set([
      `${base}/`,
      `${base}${pathTo("course", "sv", { course: "stress" })}`,
      ...pages,
      ...api,
    ]),
  ];
}

function summarise(report: Report): { lines: string[]; high: Finding[] } {
  const lines: string[] = [];
  const high: Finding[] = [];
  for (const section of ["vulnerabilities", "anomalies", "additionals"] as const) {
    for (const [category, findings] of Object.entries(report[section] ?? {})) {
      if (findings.length === 0) continue;
      lines.push(`  ${section}: ${category}: ${findings.length}`);
      for (const f of findings) {
        const level = Number(f.level);
        lines.push(
          `    [${LEVELS[String(level)] ?? level}] ${f.method} ${f.path}${f.parameter ? ` (${f.parameter})` : ""}: ${f.info.split("\n")[0]}`,
        );
        if (section !== "additionals" && level >= HIGH) high.push(f);
      }
    }
  }
  return { lines, high };
}

async function main(): Promise<number> {
  const which = spawnSync("wapiti", ["--version"], { encoding: "utf8" });
  if (which.error) {
    console.error("wapiti is not installed (Debian: apt-get install -y wapiti)");
    return 1;
  }
  ensureBuild();
  const seconds = Number(process.env.SECURITY_SCAN_SECONDS ?? 300);
  const work = mkdtempSync(path.join(tmpdir(), "kbt-wapiti-"));
  const reportFile = path.join(work, "report.json");
  const server = await startServer({ NODE_ENV: "development", DEV_PAGES: "false" });
  try {
    const urls = startUrls(server.url);
    console.log(
      `wapiti: ${urls.length} start URLs, modules ${MODULES}, at most ${seconds} s, against ${server.url}`,
    );
    const args = [
      "-u",
      `${server.url}/`,
      "--scope",
      "folder",
      "-m",
      MODULES,
      "--max-scan-time",
      String(seconds),
      "--max-attack-time",
      String(Math.max(30, Math.floor(seconds / 6))),
      "--flush-session",
      "--store-session",
      path.join(work, "session"),
      "-f",
      "json",
      "-o",
      reportFile,
      "-v",
      "1",
      ...urls.flatMap((u) => ["-s", u]),
    ];
    const run = spawnSync("wapiti", args, { stdio: "inherit", timeout: (seconds + 120) * 1000 });
    if (run.status !== 0 || !existsSync(reportFile)) {
      console.error(
        `wapiti failed (status ${run.status}${run.error ? `, ${run.error.message}` : ""})`,
      );
      return 1;
    }
    const { lines, high } = summarise(JSON.parse(readFileSync(reportFile, "utf8")) as Report);
    console.log(`\nwapiti summary (${reportFile}):`);
    console.log(lines.length ? lines.join("\n") : "  no findings");
    if (high.length > 0) {
      console.error(`\n${high.length} finding(s) of high or critical severity`);
      return 1;
    }
    console.log("\nno findings of high or critical severity");
    return 0;
  } finally {
    const { code } = await server.stop();
    if (code !== 0) console.error(`the server exited with ${code}:\n${server.output()}`);
    if (!process.env.KEEP_SCAN_REPORT) rmSync(work, { recursive: true, force: true });
  }
}

process.exit(await main());
