import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appErrorOf, BankIdRpError } from "./rp-errors.ts";
import { createRpClient, readRpTls, rpHttpsAgent } from "./rp-client.ts";

/** A stand-in RP API that answers from a script, one answer per call. */
async function scriptedServer(answers: { status: number; body: unknown; delayMs?: number }[]) {
  const seen: { path: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", body: JSON.parse(text) as unknown });
      const answer = answers.shift() ?? { status: 500, body: { errorCode: "internalError" } };
      setTimeout(() => {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${port}/rp/v6.0`, seen };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const ORDER = { orderRef: "a", autoStartToken: "b", qrStartToken: "c", qrStartSecret: "d" };

describe("RP API v6 client", () => {
  it("posts JSON to <base>/auth and parses the answer with its schema", async () => {
    const api = await scriptedServer([{ status: 200, body: ORDER }]);
    const client = createRpClient({ baseUrl: api.baseUrl, timeoutMs: 2000 });
    expect(await client.auth({ endUserIp: "192.0.2.1" })).toEqual(ORDER);
    expect(api.seen).toEqual([{ path: "/rp/v6.0/auth", body: { endUserIp: "192.0.2.1" } }]);
  });

  it("retries maintenance, then gives up with the error code", async () => {
    const api = await scriptedServer([
      { status: 503, body: { errorCode: "maintenance", details: "down" } },
      { status: 200, body: ORDER },
    ]);
    const client = createRpClient({ baseUrl: api.baseUrl, timeoutMs: 2000, retryDelayMs: 1 });
    expect(await client.auth({ endUserIp: "192.0.2.1" })).toEqual(ORDER);

    const down = await scriptedServer([1, 2, 3].map(() => ({ status: 503, body: { errorCode: "maintenance" } })));
    const failing = createRpClient({ baseUrl: down.baseUrl, timeoutMs: 2000, retryDelayMs: 1, maintenanceRetries: 2 });
    const error = await failing.collect("x").catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: "maintenance", httpStatus: 503 });
    expect(down.seen).toHaveLength(3);
  });

  it("maps error bodies, unexpected shapes and timeouts", async () => {
    const api = await scriptedServer([
      { status: 400, body: { errorCode: "alreadyInProgress", details: "Order already in progress for pno" } },
      { status: 200, body: { orderRef: "only" } },
      { status: 200, body: ORDER, delayMs: 500 },
    ]);
    const client = createRpClient({ baseUrl: api.baseUrl, timeoutMs: 100 });
    const busy = await client.auth({ endUserIp: "192.0.2.1" }).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(BankIdRpError);
    expect(appErrorOf(busy as BankIdRpError).code).toBe("bankid.already_in_progress");
    expect(await client.auth({ endUserIp: "192.0.2.1" }).catch((e: unknown) => e)).toMatchObject({ errorCode: "internalError" });
    const slow = await client.auth({ endUserIp: "192.0.2.1" }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ errorCode: "requestTimeout" });
    expect(appErrorOf(slow as BankIdRpError).code).toBe("bankid.unavailable");
  });

  it("an unreachable or silent service answers within the configured time, retries included", async () => {
    // Nothing listens: refused at once.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const refused = createRpClient({ baseUrl: `http://127.0.0.1:${port}/rp/v6.0`, timeoutMs: 300 });
    const started = Date.now();
    const error = await refused.auth({ endUserIp: "192.0.2.1" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdRpError);
    expect(appErrorOf(error as BankIdRpError).code).toBe("bankid.unavailable");
    expect(Date.now() - started).toBeLessThan(300 + 200);
    // Maintenance answers that come slowly: the pauses and retries stay inside the one limit.
    const slow = await scriptedServer([1, 2, 3].map(() => ({ status: 503, body: { errorCode: "maintenance" }, delayMs: 150 })));
    const limited = createRpClient({ baseUrl: slow.baseUrl, timeoutMs: 400, retryDelayMs: 100, maintenanceRetries: 5 });
    const begun = Date.now();
    const late = await limited.collect("x").catch((e: unknown) => e);
    expect(late).toBeInstanceOf(BankIdRpError);
    expect(Date.now() - begun).toBeLessThan(400 + 200);
  });

  it("refuses https without a client certificate", async () => {
    const client = createRpClient({ baseUrl: "https://appapi2.test.bankid.com/rp/v6.0", timeoutMs: 100 });
    expect(await client.collect("x").catch((e: unknown) => e)).toMatchObject({ errorCode: "unauthorized" });
  });
});

describe("mutual TLS settings", () => {
  it("reads the PKCS#12 file, passphrase and CA from configuration into the https agent", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bankid-tls-"));
    writeFileSync(path.join(dir, "rp.p12"), Buffer.from([1, 2, 3, 4]));
    writeFileSync(path.join(dir, "ca.pem"), "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const tls = readRpTls({ pfxPath: path.join(dir, "rp.p12"), passphrase: "qwerty123", caPath: path.join(dir, "ca.pem") });
    expect(tls.pfx).toEqual(Buffer.from([1, 2, 3, 4]));
    expect(tls.ca.toString()).toContain("BEGIN CERTIFICATE");
    const agent = rpHttpsAgent(tls);
    expect(agent.options).toMatchObject({
      pfx: tls.pfx,
      passphrase: "qwerty123",
      ca: tls.ca,
      rejectUnauthorized: true,
      minVersion: "TLSv1.2",
    });
  });
});
