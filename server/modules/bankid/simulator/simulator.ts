import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../../lib/clock.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { parseQrData, qrData, qrSeconds } from "../qr.ts";
import type { RpAuthRequest, RpCollectResponse, RpCompletionData, RpOrderResponse } from "../rp-schemas.ts";
import {
  findSimOrder,
  findSimOrderByToken,
  insertSimOrder,
  pendingSimOrdersOf,
  updatePendingSimOrder,
  type SimOrder,
} from "./sim-repository.ts";
import { identityFor, isValidPersonalNumber } from "./test-identities.ts";

/** BankID orders expire three minutes after they were started. */
export const SIM_ORDER_LIFETIME_MS = 180_000;

/** An error the simulator answers as BankID does: `{errorCode, details}` with an HTTP status. */
export class SimError extends Error {
  readonly errorCode: string;
  readonly status: number;
  constructor(errorCode: string, status: number, details: string) {
    super(details);
    this.errorCode = errorCode;
    this.status = status;
  }
}

export interface SimDeps {
  db: DbOrTx;
  clock: Clock;
}

/** POST /auth and /sign: a new order; a second order for a personal number aborts both. */
export async function simStartOrder(deps: SimDeps, kind: "auth" | "sign", request: RpAuthRequest): Promise<RpOrderResponse> {
  const personalNumber = request.requirement?.personalNumber ?? null;
  if (personalNumber) {
    const pending = await pendingSimOrdersOf(deps.db, personalNumber);
    if (pending.length > 0) {
      for (const order of pending) await updatePendingSimOrder(deps.db, order.orderRef, { status: "failed", hintCode: "cancelled" });
      throw new SimError("alreadyInProgress", 400, "Order already in progress for pno");
    }
  }
  const answer: RpOrderResponse = {
    orderRef: randomUUID(),
    autoStartToken: randomUUID(),
    qrStartToken: randomUUID(),
    qrStartSecret: randomUUID(),
  };
  await insertSimOrder(deps.db, {
    ...answer,
    kind,
    endUserIp: request.endUserIp,
    status: "pending",
    hintCode: "outstandingTransaction",
    personalNumber,
    requirement: request.requirement ?? null,
    completion: null,
    createdAt: deps.clock.now(),
  });
  return answer;
}

async function expireIfDue(deps: SimDeps, order: SimOrder): Promise<SimOrder> {
  if (order.status !== "pending") return order;
  if (deps.clock.now().getTime() - order.createdAt.getTime() < SIM_ORDER_LIFETIME_MS) return order;
  await updatePendingSimOrder(deps.db, order.orderRef, { status: "failed", hintCode: "expiredTransaction" });
  return { ...order, status: "failed", hintCode: "expiredTransaction" };
}

/** POST /collect. */
export async function simCollect(deps: SimDeps, orderRef: string): Promise<RpCollectResponse> {
  const found = await findSimOrder(deps.db, orderRef);
  if (!found) throw new SimError("invalidParameters", 400, "No such order");
  const order = await expireIfDue(deps, found);
  if (order.status === "complete") {
    return { orderRef, status: "complete", completionData: order.completion as RpCompletionData };
  }
  return { orderRef, status: order.status, hintCode: order.hintCode };
}

/** POST /cancel. */
export async function simCancel(deps: SimDeps, orderRef: string): Promise<void> {
  const order = await findSimOrder(deps.db, orderRef);
  if (!order) throw new SimError("invalidParameters", 400, "No such order");
  await updatePendingSimOrder(deps.db, orderRef, { status: "failed", hintCode: "cancelled" });
}

export const SCAN_ACTIONS = ["open", "sign", "approve", "cancel", "expire", "startFailed", "certificateErr"] as const;
export type ScanAction = (typeof SCAN_ACTIONS)[number];

const FAILURE_OF: Partial<Record<ScanAction, string>> = {
  cancel: "userCancel",
  expire: "expiredTransaction",
  startFailed: "startFailed",
  certificateErr: "certificateErr",
};

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The order a phone would open from QR data (checked like the app does) or an autostart token. */
async function orderOfCode(deps: SimDeps, code: { qrData: string } | { autoStartToken: string }): Promise<SimOrder> {
  if ("autoStartToken" in code) {
    const order = await findSimOrderByToken(deps.db, { autoStartToken: code.autoStartToken });
    if (!order) throw new SimError("notFound", 404, "No order for this autostart token");
    return order;
  }
  const parsed = parseQrData(code.qrData);
  if (!parsed) throw new SimError("invalidParameters", 400, "Not BankID QR data");
  const order = await findSimOrderByToken(deps.db, { qrStartToken: parsed.qrStartToken });
  if (!order) throw new SimError("notFound", 404, "No order for this QR code");
  const expected = qrData(order.qrStartToken, order.qrStartSecret, parsed.t);
  const elapsed = qrSeconds(order.createdAt, deps.clock.now());
  // A code from the future or with a wrong HMAC is not BankID's; a stale one (> 30 s) is refused.
  if (!sameText(expected, code.qrData.trim()) || parsed.t > elapsed + 1 || elapsed - parsed.t > 30) {
    throw new SimError("invalidParameters", 400, "QR code not valid now");
  }
  return order;
}

/**
 * What the test BankID app does with an order: open it (started), ask for the security code
 * (userSign), approve (complete) or end it with a failure hint code.
 */
export async function simScan(
  deps: SimDeps,
  input: { code: { qrData: string } | { autoStartToken: string }; personalNumber: string; action: ScanAction },
): Promise<{ orderRef: string; status: string; hintCode: string | null }> {
  if (!isValidPersonalNumber(input.personalNumber)) throw new SimError("invalidParameters", 400, "Not a personal number");
  const order = await expireIfDue(deps, await orderOfCode(deps, input.code));
  if (order.status !== "pending") throw new SimError("notFound", 409, "The order is no longer pending");
  const required = order.requirement?.["personalNumber"];
  if (typeof required === "string" && required !== input.personalNumber) {
    throw new SimError("invalidParameters", 409, "The order is for another personal number");
  }
  const failure = FAILURE_OF[input.action];
  if (failure) {
    await updatePendingSimOrder(deps.db, order.orderRef, { status: "failed", hintCode: failure, personalNumber: input.personalNumber });
    return { orderRef: order.orderRef, status: "failed", hintCode: failure };
  }
  if (input.action === "open" || input.action === "sign") {
    const hintCode = input.action === "open" ? "started" : "userSign";
    await updatePendingSimOrder(deps.db, order.orderRef, { hintCode, personalNumber: input.personalNumber });
    return { orderRef: order.orderRef, status: "pending", hintCode };
  }
  const identity = identityFor(input.personalNumber);
  const completion: RpCompletionData = {
    user: {
      personalNumber: identity.personalNumber,
      name: `${identity.givenName} ${identity.surname}`,
      givenName: identity.givenName,
      surname: identity.surname,
    },
    device: { ipAddress: order.endUserIp, uhi: randomBytes(18).toString("base64") },
    bankIdIssueDate: "2024-01-15Z",
    stepUp: { mrtd: false },
    // Marked as simulated: neither is a real XML signature or OCSP answer.
    signature: Buffer.from(`<simulated-signature orderRef="${order.orderRef}" kind="${order.kind}"/>`).toString("base64"),
    ocspResponse: Buffer.from(`simulated-ocsp:${order.orderRef}:${deps.clock.now().toISOString()}`).toString("base64"),
  };
  await updatePendingSimOrder(deps.db, order.orderRef, {
    status: "complete",
    hintCode: "complete",
    personalNumber: input.personalNumber,
    completion,
  });
  return { orderRef: order.orderRef, status: "complete", hintCode: null };
}
