import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { BankIdDevice, BankIdStatusResponse, BankIdStartResponse } from "../../../common/schemas/bankid.ts";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { screenLink } from "../accounts/links.ts";
import { audit } from "../audit/audit.ts";
import type { SessionEffect, WithSessionEffects } from "../sessions/session-effects.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import type { RatePolicy } from "../throttle/throttle.ts";
import { throttleKey } from "../throttle/throttle.ts";
import { completeOrder } from "./bankid-accounts.ts";
import { findOrder, insertOrder, updatePendingOrder, type OrderRow } from "./order-repository.ts";
import { qrData, qrSeconds } from "./qr.ts";
import { appErrorOf, BankIdRpError } from "./rp-errors.ts";

/** Our orders expire with BankID's: three minutes after the auth answer. */
export const ORDER_LIFETIME_MS = 180_000;
/** The cookie that binds an order to the browser that started it (HttpOnly, API paths only). */
/** Starting orders, per IP: generous (shared addresses), but bounded. */
const START_RATE: RatePolicy = { kind: "rate", limit: 60, windowMs: 10 * 60_000 };

/** What the BankID app shows while the user identifies (userVisibleData, Base64 of UTF-8). */
const VISIBLE_TEXT: Record<Locale, Record<StartOrder["purpose"], string>> = {
  sv: { login: "Logga in på KBT självhjälp", register: "Skapa konto på KBT självhjälp" },
  en: { login: "Log in to KBT self-help", register: "Create an account at KBT self-help" },
  no: { login: "Logg inn på KBT selvhjelp", register: "Opprett konto på KBT selvhjelp" },
  da: { login: "Log ind på KBT selvhjælp", register: "Opret konto på KBT selvhjælp" },
};

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function secretAad(handleHash: string): string {
  return `bankid_orders.qr_start_secret:${handleHash}`;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * An RP API failure as the person sees it (bankid.unavailable: "BankID cannot be reached right
 * now"); one without an answer (unreachable, or no answer within BANKID_TIMEOUT_MS) also marks
 * BankID as degraded for /readyz and /metrics.
 */
function rpFailure(ctx: AppContext): (error: unknown) => never {
  return (error) => {
    if (error instanceof BankIdRpError) {
      if (error.httpStatus === 0) ctx.services.markDown("bankid", error.errorCode);
      throw appErrorOf(error);
    }
    throw error;
  };
}

export interface StartOrder {
  purpose: "login" | "register";
  device: BankIdDevice;
  locale: Locale;
  termsVersion?: string;
  onboardingToken?: string | null;
}

/** Starts an order at BankID (or the simulator) and keeps it in the database. */
export async function startOrder(
  ctx: AppContext,
  client: ClientInfo,
  input: StartOrder,
): Promise<WithSessionEffects<BankIdStartResponse>> {
  await ctx.throttle.hit([{ key: throttleKey("bankid:ip", client.ip), policy: START_RATE }]);
  const handle = randomBytes(32).toString("base64url");
  const binding = randomBytes(32).toString("base64url");
  const handleHash = sha256(handle);
  // The nonce in the return URL is derived from the browser binding, so it is bound to this browser.
  const nonce = createHmac("sha256", ctx.env.SECRET_KEY).update(`bankid-return:${binding}`).digest("base64url").slice(0, 32);
  const returnUrl = screenLink(ctx, client, "home", input.locale, { bankid: nonce });
  const origin = new URL(returnUrl);
  const userAgent = client.userAgent?.slice(0, 256);
  const answer = await ctx.bankid
    .auth({
      endUserIp: client.ip,
      userVisibleData: Buffer.from(VISIBLE_TEXT[input.locale][input.purpose], "utf8").toString("base64"),
      ...(input.device === "same" && returnUrl.length <= 512 ? { returnUrl } : {}),
      web: {
        referringDomain: origin.hostname,
        ...(userAgent ? { userAgent } : {}),
        deviceIdentifier: createHmac("sha256", ctx.env.SECRET_KEY).update(`bankid-device:${binding}`).digest("hex"),
      },
    })
    .catch(rpFailure(ctx));
  ctx.services.markUp("bankid");
  const now = ctx.clock.now();
  // An order we cannot keep is cancelled at BankID at once, not left open there.
  const cancelAtBankId = async (error: unknown): Promise<never> => {
    await ctx.bankid.cancel(answer.orderRef).catch(() => undefined);
    throw error;
  };
  await insertOrder(ctx.db, {
    handleHash,
    purpose: input.purpose,
    device: input.device,
    orderRef: answer.orderRef,
    qrStartToken: answer.qrStartToken,
    qrStartSecret: ctx.cipher.encrypt(answer.qrStartSecret, secretAad(handleHash)),
    bindingHash: sha256(binding),
    status: "pending",
    hintCode: "outstandingTransaction",
    locale: input.locale,
    termsVersion: input.termsVersion ?? null,
    onboardingToken: input.onboardingToken ?? null,
    userId: null,
    ip: client.ip,
    startedAt: now,
    expiresAt: new Date(now.getTime() + ORDER_LIFETIME_MS),
    consumedAt: null,
  }).catch(cancelAtBankId);
  return {
    result: {
      order: handle,
      autoStartToken: answer.autoStartToken,
      qrData: qrData(answer.qrStartToken, answer.qrStartSecret, 0),
    },
    effects: [{ kind: "bankid-order", binding, maxAgeSeconds: ORDER_LIFETIME_MS / 1000 }],
  };
}

/**
 * The order of a handle, only for the browser that started it (anyone else: 404): `binding` is the
 * value of the browser's order cookie (lib/bankid-order-cookie.ts), if any.
 */
async function ownOrder(ctx: AppContext, binding: string | undefined, handle: string): Promise<OrderRow> {
  const order = await findOrder(ctx.db, sha256(handle));
  if (!order || !binding || !sameHash(order.bindingHash, sha256(binding))) throw new AppError("request.not_found");
  return order;
}

function failed(hintCode: string | null): BankIdStatusResponse {
  return { status: "failed", hintCode, qrData: null };
}

async function fail(ctx: AppContext, client: ClientInfo, order: OrderRow, hintCode: string): Promise<BankIdStatusResponse> {
  if (await updatePendingOrder(ctx.db, order.handleHash, { status: "failed", hintCode })) {
    await audit(ctx, ctx.db, { userId: null, event: "login.failed", ip: client.ip, detail: { method: "bankid", hint: hintCode } });
  }
  return failed(hintCode);
}

const CLEAR_ORDER: SessionEffect = { kind: "clear-bankid-order" };

function finishedAnswer(order: OrderRow): WithSessionEffects<BankIdStatusResponse> {
  return {
    result: order.status === "complete" ? { status: "complete", hintCode: null, qrData: null } : failed(order.hintCode),
    effects: [CLEAR_ORDER],
  };
}

/** An answer that leaves the session and cookies as they are. */
function only(result: BankIdStatusResponse): WithSessionEffects<BankIdStatusResponse> {
  return { result, effects: [] };
}

/**
 * One poll: collect at BankID; pending answers carry a fresh QR code; a completed order logs in
 * (or registers) once, with a session that counts as two factors.
 */
export async function pollOrder(
  ctx: AppContext,
  client: ClientInfo,
  current: SessionInfo | null,
  binding: string | undefined,
  handle: string,
): Promise<WithSessionEffects<BankIdStatusResponse>> {
  const order = await ownOrder(ctx, binding, handle);
  if (order.status !== "pending") return finishedAnswer(order);
  const now = ctx.clock.now();
  if (now.getTime() >= order.expiresAt.getTime()) {
    await ctx.bankid.cancel(order.orderRef).catch(() => undefined);
    return only(await fail(ctx, client, order, "expiredTransaction"));
  }
  const collected = await ctx.bankid.collect(order.orderRef).catch(rpFailure(ctx));
  ctx.services.markUp("bankid");
  if (collected.status === "pending") {
    const hintCode = collected.hintCode ?? null;
    if (hintCode !== order.hintCode) await updatePendingOrder(ctx.db, order.handleHash, { hintCode });
    const secret = ctx.cipher.decrypt(order.qrStartSecret, secretAad(order.handleHash));
    return only({ status: "pending", hintCode, qrData: qrData(order.qrStartToken, secret, qrSeconds(order.startedAt, now)) });
  }
  if (collected.status === "failed") return only(await fail(ctx, client, order, collected.hintCode ?? "unknown"));
  const outcome = await completeOrder(ctx, client, current, order, collected.completionData);
  if (outcome.kind === "no_account") return only(failed("noAccount"));
  const latest = await findOrder(ctx.db, order.handleHash);
  if (outcome.kind === "session") {
    return { result: { status: "complete", hintCode: null, qrData: null }, effects: [outcome.start, { kind: "rotate-csrf" }, CLEAR_ORDER] };
  }
  return latest ? finishedAnswer(latest) : only(failed("unknown"));
}

/** Cancels an order (the dialog's Cancel): at BankID, and here. */
export async function cancelOrder(
  ctx: AppContext,
  client: ClientInfo,
  binding: string | undefined,
  handle: string,
): Promise<WithSessionEffects<BankIdStatusResponse>> {
  const order = await ownOrder(ctx, binding, handle);
  if (order.status !== "pending") return finishedAnswer(order);
  await ctx.bankid.cancel(order.orderRef).catch((error: unknown) => {
    // An order BankID no longer knows is cancelled already.
    if (!(error instanceof BankIdRpError && ["invalidParameters", "notFound"].includes(error.errorCode))) rpFailure(ctx)(error);
  });
  const answer = await fail(ctx, client, order, "cancelled");
  return { result: answer, effects: [CLEAR_ORDER] };
}
