import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Starts N app processes on one database (and Redis when given), for tests that need several
 * instances: sessions, rate limits, BankID orders, crash safety. Each is a real `node` process on
 * its own loopback port, with the same secrets, so a cookie made by one is valid on the others.
 */

export interface Instance {
  url: string;
  port: number;
  process: ChildProcess;
  /** Ends the process: SIGTERM (graceful) or SIGKILL (a crash); resolves when it has exited. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

export interface InstanceOptions {
  /** postgres://…, or "" for the embedded PGlite database under DATA_DIR (set it in `env`). */
  databaseUrl: string;
  redisUrl?: string | undefined;
  /** Extra environment, e.g. JOB_WORKER=false or BankID settings. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), "instance-entry.ts");

export const INSTANCE_SECRETS = {
  SECRET_KEY: "multi-instance-secret-key-that-is-long-enough-0123",
  FIELD_ENCRYPTION_KEYS: `mi1:${Buffer.alloc(32, 9).toString("base64")}`,
};

function startOne(index: number, options: InstanceOptions): Promise<Instance> {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: process.cwd(),
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: path.resolve("data", "instances"),
      // Empty: the embedded PGlite database under DATA_DIR.
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      DATABASE_POOL_SIZE: "4",
      JOB_WORKER: "false",
      ...INSTANCE_SECRETS,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`instance ${index} did not start in time:\n${stderr}`));
    }, options.startTimeoutMs ?? 30_000);
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /READY (\d+)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        process: child,
        async stop(signal = "SIGTERM") {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${index} exited with ${code} before it was ready:\n${stderr}`));
    });
  });
}

/** Starts `count` instances one after another (the first runs the migrations). */
export async function startInstances(count: number, options: InstanceOptions): Promise<Instance[]> {
  const started: Instance[] = [];
  try {
    for (let i = 0; i < count; i++) started.push(await startOne(i, options));
  } catch (error) {
    await Promise.all(started.map((s) => s.stop("SIGKILL")));
    throw error;
  }
  return started;
}
