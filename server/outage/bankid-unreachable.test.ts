import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankidOrders } from "../db/schema/bankid.ts";
import { createRpClient } from "../modules/bankid/rp-client.ts";
import { TestAgent } from "../testing/agent.ts";
import { createTestApp, json } from "../testing/test-app.ts";

/**
 * The BankID RP API does not answer (it takes the connection and stays silent, or nothing
 * listens): the person gets "BankID cannot be reached right now" (503 bankid.unavailable) within
 * BANKID_TIMEOUT_MS, no order is stored, and /readyz reports BankID degraded with 200.
 */

const TIMEOUT_MS = 400;
let app: FastifyInstance;
let silent: http.Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // A database of the file's own: `orders()` counts every BankID order, which on PostgreSQL other
  // test files would start at the same time.
  app = await createTestApp({ isolated: true, env: { BANKID_TIMEOUT_MS: String(TIMEOUT_MS) } });
  silent = http.createServer(() => undefined);
  silent.on("connection", (socket: Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await app.close();
});

async function orders(): Promise<number> {
  const [row] = await app.ctx.db.select({ n: count() }).from(bankidOrders);
  return Number(row?.n ?? 0);
}

describe("BankID unreachable", () => {
  it("answers a clear 503 within the configured time and stores no order", async () => {
    const { port } = silent.address() as AddressInfo;
    const original = app.ctx.bankid;
    app.ctx.bankid = createRpClient({ baseUrl: `http://127.0.0.1:${port}/rp/v6.0`, timeoutMs: TIMEOUT_MS });
    try {
      const before = await orders();
      const started = performance.now();
      const response = await new TestAgent(app, "10.66.0.1").post("/api/v1/login", { device: "other" });
      const ms = performance.now() - started;
      expect(response.statusCode).toBe(503);
      // The UI translates the code: "BankID cannot be reached right now. Try again."
      expect(json(response)).toMatchObject({ code: "bankid.unavailable" });
      expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
      expect(await orders()).toBe(before);
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(json(ready)).toMatchObject({ degraded: [{ service: "bankid", reason: "requestTimeout" }] });
    } finally {
      app.ctx.bankid = original;
    }
    // BankID answers again: the next order starts and the degraded mark is gone.
    expect((await new TestAgent(app, "10.66.0.2").post("/api/v1/login", { device: "other" })).statusCode).toBe(200);
    expect(json(await app.inject({ method: "GET", url: "/readyz" }))).toEqual({ status: "ready" });
  });
});
