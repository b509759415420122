import type { FastifyInstance } from "fastify";
import { randomTestPersonalNumber } from "../modules/bankid/simulator/test-identities.ts";
import { TestAgent } from "./agent.ts";
import { json } from "./test-app.ts";
import { randomIp } from "./accounts.ts";
import { REGISTRATION_AGREEMENTS } from "./consent.ts";

/** What the test BankID app does: POST /dev/bankid/scan with QR data or an autostart token. */
export async function scan(
  app: FastifyInstance,
  body: { qrData?: string; autoStartToken?: string; personalNumber: string; action?: string },
) {
  const agent = new TestAgent(app, randomIp());
  return agent.post("/dev/bankid/scan", body);
}

export interface BankIdUser {
  agent: TestAgent;
  personalNumber: string;
}

/** The body of a BankID registration order that accepts the terms and gives the consents. */
const REGISTRATION = { device: "other", locale: "sv", ...REGISTRATION_AGREEMENTS };

/**
 * A BankID order (a login, or a registration) started by a browser of its own and approved in the
 * simulator, not yet polled.
 */
export async function approvedOrder(
  app: FastifyInstance,
  kind: "login" | "register",
  options: { personalNumber?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<BankIdUser & { order: string }> {
  const agent = new TestAgent(app, options.ip ?? randomIp());
  const personalNumber = options.personalNumber ?? randomTestPersonalNumber();
  const [url, body] = kind === "login" ? ["/api/v1/login", { device: "other" }] : ["/api/v1/onboarding/register", REGISTRATION];
  const started = await agent.request("POST", url, body, options.headers ?? {});
  if (started.statusCode !== 200) throw new Error(`${kind}: ${started.statusCode} ${started.body}`);
  const { order, qrData } = json(started) as { order: string; qrData: string };
  const scanned = await scan(app, { qrData, personalNumber, action: "approve" });
  if (scanned.statusCode !== 200) throw new Error(`scan: ${scanned.statusCode} ${scanned.body}`);
  return { agent, personalNumber, order };
}

/** Registers a BankID account through the API (order, approval in the simulator, poll). */
export async function registerWithBankId(
  app: FastifyInstance,
  options: { personalNumber?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<BankIdUser> {
  const { agent, personalNumber, order } = await approvedOrder(app, "register", options);
  const done = await agent.post("/api/v1/login/status", { order });
  if (json(done)["status"] !== "complete") throw new Error(`status: ${done.body}`);
  return { agent, personalNumber };
}
