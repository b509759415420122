import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "./smtp-relay.ts";

/**
 * A PostgreSQL cluster of the test's own (`initdb` from the machine's server binaries) on a free
 * loopback port, that the test crashes (`pg_ctl stop -m immediate`: no shutdown checkpoint, as
 * if the power went) and starts again (crash recovery replays the WAL). PostgreSQL refuses to run
 * as root, so as root it runs as the `postgres` user (or `nobody`).
 */
export interface PrivatePostgres {
  url: string;
  start(): Promise<void>;
  crash(): Promise<void>;
  /** Stops it and removes its files. */
  destroy(): Promise<void>;
}

function serverBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql (set PG_BIN)");
  return path.join(root, versions[0], "bin");
}

function runAs(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", name]).toString().trim());
      return { uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error("running as root and no postgres or nobody user to run PostgreSQL as");
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], ...(user ?? {}), env: { PATH: process.env.PATH ?? "", LANG: "C.UTF-8" } });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} ${args[0] ?? ""} exited ${code}:\n${output}`))));
  });
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = serverBin();
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), "kbt-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  await run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], user);
  const ctl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", data, ...args], user);
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await ctl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", path.join(dir, "log"), "-w", "-t", "60", "start");
      running = true;
    },
    async crash() {
      await ctl("-m", "immediate", "-w", "stop");
      running = false;
    },
    async destroy() {
      if (running) await ctl("-m", "immediate", "-w", "stop").catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
