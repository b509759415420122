import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { z } from "zod";
import { BankIdRpError } from "./rp-errors.ts";
import {
  rpCollectResponse,
  rpErrorResponse,
  rpOrderResponse,
  type RpAuthRequest,
  type RpCollectResponse,
  type RpOrderResponse,
  type RpSignRequest,
} from "./rp-schemas.ts";

/** The four calls of BankID's Relying Party API v6 that the product uses. */
export interface BankIdRpClient {
  auth(request: RpAuthRequest): Promise<RpOrderResponse>;
  sign(request: RpSignRequest): Promise<RpOrderResponse>;
  collect(orderRef: string): Promise<RpCollectResponse>;
  cancel(orderRef: string): Promise<void>;
}

export interface RpTlsSettings {
  /** The relying party's PKCS#12 certificate and its passphrase. */
  pfx: Buffer;
  passphrase: string;
  /** BankID's CA certificate (PEM): the only issuer trusted for the server's certificate. */
  ca: Buffer;
}

export interface RpClientOptions {
  /** e.g. https://appapi2.test.bankid.com/rp/v6.0 (live) or http://127.0.0.1:port/rp/v6.0 (simulator). */
  baseUrl: string;
  /** Mutual TLS; required for https. */
  tls?: RpTlsSettings | (() => RpTlsSettings);
  timeoutMs: number;
  /** How often a `maintenance` answer is retried, and the pause between tries. */
  maintenanceRetries?: number;
  retryDelayMs?: number;
}

/** Reads the certificate files named by configuration (BANKID_PFX_PATH, BANKID_CA_PATH). */
export function readRpTls(paths: { pfxPath: string; passphrase: string; caPath: string }): RpTlsSettings {
  return { pfx: readFileSync(paths.pfxPath), passphrase: paths.passphrase, ca: readFileSync(paths.caPath) };
}

/** The agent of the live service: our client certificate, BankID's CA only, TLS 1.2 or newer. */
export function rpHttpsAgent(tls: RpTlsSettings): https.Agent {
  return new https.Agent({
    pfx: tls.pfx,
    passphrase: tls.passphrase,
    ca: tls.ca,
    rejectUnauthorized: true,
    minVersion: "TLSv1.2",
    keepAlive: true,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function parseJson(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * A JSON POST; resolves with the status and parsed body, rejects on network errors and when no
 * complete answer came within `timeoutMs` (connecting included, however slowly the bytes come).
 */
function postJson(
  url: URL,
  body: unknown,
  agent: http.Agent | https.Agent,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  const payload = Buffer.from(JSON.stringify(body));
  const request = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": payload.length, accept: "application/json" },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, body: parseJson(text) });
        });
        res.on("error", reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new BankIdRpError("requestTimeout", 0, "no answer in time")), timeoutMs);
    req.on("close", () => clearTimeout(deadline));
    req.on("timeout", () => req.destroy(new BankIdRpError("requestTimeout", 0, "no answer in time")));
    req.on("error", (error) =>
      reject(error instanceof BankIdRpError ? error : new BankIdRpError("internalError", 0, error.message)),
    );
    req.end(payload);
  });
}

export function createRpClient(options: RpClientOptions): BankIdRpClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const secure = base.startsWith("https:");
  let agent: http.Agent | https.Agent | null = null;
  // The certificate is read on first use, so a process without BankID traffic needs no files.
  const agentOf = (): http.Agent | https.Agent => {
    if (agent) return agent;
    if (secure) {
      if (!options.tls) throw new BankIdRpError("unauthorized", 0, "no client certificate configured");
      agent = rpHttpsAgent(typeof options.tls === "function" ? options.tls() : options.tls);
    } else {
      agent = new http.Agent({ keepAlive: true });
    }
    return agent;
  };
  const retries = options.maintenanceRetries ?? 2;
  const delay = options.retryDelayMs ?? 1000;

  /** One call, retries included, takes at most `timeoutMs` (BANKID_TIMEOUT_MS) in all. */
  async function call<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const deadline = Date.now() + options.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const left = deadline - Date.now();
      if (left <= 0) throw new BankIdRpError("requestTimeout", 0, "no answer in time");
      const answer = await postJson(new URL(`${base}${path}`), body, agentOf(), left);
      if (answer.status >= 200 && answer.status < 300) {
        const parsed = schema.safeParse(answer.body);
        if (!parsed.success) throw new BankIdRpError("internalError", answer.status, "unexpected answer shape");
        return parsed.data;
      }
      const error = rpErrorResponse.safeParse(answer.body);
      const code = error.success ? error.data.errorCode : "internalError";
      // Another try only when there is time left for the pause and an answer after it.
      if (code === "maintenance" && attempt < retries && deadline - Date.now() > delay + 100) {
        await sleep(delay);
        continue;
      }
      throw new BankIdRpError(code, answer.status, error.success ? error.data.details : undefined);
    }
  }

  return {
    auth: (request) => call("/auth", request, rpOrderResponse),
    sign: (request) => call("/sign", request, rpOrderResponse),
    collect: (orderRef) => call("/collect", { orderRef }, rpCollectResponse),
    cancel: async (orderRef) => {
      await call("/cancel", { orderRef }, z.object({}).loose());
    },
  };
}
