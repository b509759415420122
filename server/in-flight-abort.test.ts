import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "./testing/test-app.ts";

/**
 * Requests whose client goes away before the answer (a load test's end, a closed tab) must not be
 * counted in flight for ever: shutdown waits for that count (seen: 450 left after a benchmark, so
 * every shutdown waited its whole grace period).
 */
let app: FastifyInstance;
let base: string;
let release!: () => void;
let gate = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  app = await createTestApp({
    extend: (instance) => {
      instance.get("/__slow-plain", async () => {
        await gate;
        return { ok: true };
      });
      instance.get("/__slow-owned", { config: { ownsInFlight: true } }, async (req) => {
        try {
          await gate;
          return { ok: true };
        } finally {
          req.endInFlight?.();
        }
      });
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  release();
  await app.close();
});

/** Sends a request and closes the connection once the server has it. */
async function abandon(path: string): Promise<void> {
  const before = app.inFlight.size;
  const request = http.get(`${base}${path}`);
  request.on("error", () => undefined);
  await expect.poll(() => app.inFlight.size).toBe(before + 1);
  request.destroy();
}

describe("requests whose client went away", () => {
  it("stop counting at once when their route does not own its work", async () => {
    await abandon("/__slow-plain");
    await expect.poll(() => app.inFlight.size).toBe(0);
  });

  it("keep counting until the work is done when the route owns it, then stop", async () => {
    await abandon("/__slow-owned");
    await new Promise((r) => setTimeout(r, 100));
    expect(app.inFlight.size).toBe(1);
    release();
    await expect.poll(() => app.inFlight.size).toBe(0);
    gate = new Promise<void>((resolve) => (release = resolve));
  });

  it("API endpoints own their work", async () => {
    const seen: unknown[] = [];
    const probe = await createTestApp({
      extend: (instance) =>
        instance.addHook("onRequest", async (req) => {
          seen.push((req.routeOptions.config as { ownsInFlight?: boolean }).ownsInFlight);
        }),
    });
    await probe.inject({ method: "GET", url: "/api/v1/me/" });
    await probe.inject({ method: "GET", url: "/healthz" });
    await probe.close();
    expect(seen).toEqual([true, undefined]);
  });
});
