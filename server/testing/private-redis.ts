import { spawn, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./smtp-relay.ts";

/**
 * A Redis server of the test's own (the machine's `redis-server`), on a free loopback port with
 * no persistence, that the test kills (SIGKILL) and starts again on the same port, or pauses.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  start(): Promise<void>;
  /** SIGKILL: connections drop, nothing is saved. */
  kill(): Promise<void>;
  /**
   * SIGSTOP: a Redis that is there but silent (a stalled host, a long fork or swap). The kernel
   * still accepts connections and takes commands in, so clients see no error, only no answer.
   */
  pause(): void;
  /** SIGCONT: the commands that waited are run and answered, in order. */
  resume(): void;
  /** Keys that match a pattern, read with a client of the test's own. */
  keys(pattern: string): Promise<string[]>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const client = () => new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  return {
    port,
    url,
    async start() {
      if (child) return;
      const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdio: "ignore",
      });
      child = started;
      const deadline = Date.now() + 10_000;
      for (;;) {
        const probe = client();
        probe.on("error", () => undefined);
        try {
          await probe.connect();
          await probe.ping();
          probe.disconnect();
          return;
        } catch {
          probe.disconnect();
          if (started.exitCode !== null || Date.now() > deadline) throw new Error("redis-server did not start");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    },
    pause() {
      if (!child?.kill("SIGSTOP")) throw new Error("redis-server is not running");
    },
    resume() {
      if (!child?.kill("SIGCONT")) throw new Error("redis-server is not running");
    },
    async keys(pattern) {
      const probe = client();
      probe.on("error", () => undefined);
      try {
        await probe.connect();
        return await probe.keys(pattern);
      } finally {
        probe.disconnect();
      }
    },
  };
}
