import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, SERVER_ENTRY } from "../../../scripts/node-flags.ts";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code and how long the exit took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts the production server as production runs it (the bundle with its flags and environment,
 * scripts/node-flags.ts) on loopback with a fresh data directory.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "kbt-e2e-"));
  let output = "";
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER_ENTRY], {
    env: {
      ...process.env,
      ...PRODUCTION_ENV,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // E2E_LOG_LEVEL=info and E2E_SERVER_LOG=<file> keep every request of a run for profiling.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Every browser here is a visitor from 127.0.0.1: the per-address visitor limits (unit-tested
      // in server/api/v1/screening/screening-stats.test.ts) would stop the journeys.
      VISITOR_ONBOARDINGS_PER_HOUR: "1000",
      VISITOR_SCREENINGS_PER_HOUR: "5000",
      // The same for password hashing in flight per address: concurrent journeys log in at once.
      HASHING_PER_SOURCE: "100",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logFile = process.env.E2E_SERVER_LOG;
  const keep = (d: Buffer) => {
    output += d.toString();
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        const started = Date.now();
        if (child.exitCode !== null) return resolve({ code: child.exitCode, ms: 0 });
        child.once("exit", (code) => resolve({ code, ms: Date.now() - started }));
        child.kill("SIGTERM");
      }),
  };
}
