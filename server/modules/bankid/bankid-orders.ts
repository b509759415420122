import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { BankIdDevice, BankIdStatusResponse, BankIdStartResponse } from "../../../common/schemas/bankid.ts";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { rotateCsrfSecret } from "../../lib/csrf-cookie.ts";
import { clientInfo } from "../../lib/request-data.ts";
import { screenLink } from "../accounts/links.ts";
import { audit } from "../audit/audit.ts";
import type { RatePolicy } from "../throttle/throttle.ts";
import { throttleKey } from "../throttle/throttle.ts";
import { completeOrder } from "./bankid-accounts.ts";
import { findOrder, insertOrder, updatePendingOrder, type OrderRow } from "./order-repository.ts";
import { qrData, qrSeconds } from "./qr.ts";
import { appErrorOf, BankIdRpError } from "./rp-errors.ts";

/** Our orders expire with BankID's: three minutes after the auth answer. */
export const ORDER_LIFETIME_MS = 180_000;
/** The cookie that binds an order to the browser that started it (HttpOnly, API paths only). */
export const ORDER_COOKIE = "bankid_order";
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
  req: FastifyRequest,
  reply: FastifyReply,
  input: StartOrder,
): Promise<BankIdStartResponse> {
  await ctx.throttle.hit([{ key: throttleKey("bankid:ip", req.ip), policy: START_RATE }]);
  const handle = randomBytes(32).toString("base64url");
  const binding = randomBytes(32).toString("base64url");
  const handleHash = sha256(handle);
  // The nonce in the return URL is derived from the browser binding, so it is bound to this browser.
  const nonce = createHmac("sha256", ctx.env.SECRET_KEY).update(`bankid-return:${binding}`).digest("base64url").slice(0, 32);
  const returnUrl = screenLink(ctx, clientInfo(req), "home", input.locale, { bankid: nonce });
  const origin = new URL(returnUrl);
  const userAgent = req.headers["user-agent"]?.slice(0, 256);
  const answer = await ctx.bankid
    .auth({
      endUserIp: req.ip,
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
    ip: req.ip,
    startedAt: now,
    expiresAt: new Date(now.getTime() + ORDER_LIFETIME_MS),
    consumedAt: null,
  }).catch(cancelAtBankId);
  reply.setCookie(ORDER_COOKIE, binding, {
    path: "/api/v1/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
    maxAge: ORDER_LIFETIME_MS / 1000,
  });
  return {
    order: handle,
    autoStartToken: answer.autoStartToken,
    qrData: qrData(answer.qrStartToken, answer.qrStartSecret, 0),
  };
}

/** The order of a handle, only for the browser that started it (anyone else: 404). */
async function ownOrder(ctx: AppContext, req: FastifyRequest, handle: string): Promise<OrderRow> {
  const order = await findOrder(ctx.db, sha256(handle));
  const binding = req.cookies[ORDER_COOKIE];
  if (!order || !binding || !sameHash(order.bindingHash, sha256(binding))) throw new AppError("request.not_found");
  return order;
}

function failed(hintCode: string | null): BankIdStatusResponse {
  return { status: "failed", hintCode, qrData: null };
}

async function fail(ctx: AppContext, req: FastifyRequest, order: OrderRow, hintCode: string): Promise<BankIdStatusResponse> {
  if (await updatePendingOrder(ctx.db, order.handleHash, { status: "failed", hintCode })) {
    await audit(ctx, ctx.db, { userId: null, event: "login.failed", ip: req.ip, detail: { method: "bankid", hint: hintCode } });
  }
  return failed(hintCode);
}

function finishedAnswer(ctx: AppContext, reply: FastifyReply, order: OrderRow): BankIdStatusResponse {
  clearOrderCookie(ctx, reply);
  return order.status === "complete" ? { status: "complete", hintCode: null, qrData: null } : failed(order.hintCode);
}

function clearOrderCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(ORDER_COOKIE, { path: "/api/v1/", httpOnly: true, sameSite: "lax", secure: ctx.env.SECURE_COOKIES });
}

/**
 * One poll: collect at BankID; pending answers carry a fresh QR code; a completed order logs in
 * (or registers) once, with a session that counts as two factors.
 */
export async function pollOrder(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: string,
): Promise<BankIdStatusResponse> {
  const order = await ownOrder(ctx, req, handle);
  if (order.status !== "pending") return finishedAnswer(ctx, reply, order);
  const now = ctx.clock.now();
  if (now.getTime() >= order.expiresAt.getTime()) {
    await ctx.bankid.cancel(order.orderRef).catch(() => undefined);
    return fail(ctx, req, order, "expiredTransaction");
  }
  const collected = await ctx.bankid.collect(order.orderRef).catch(rpFailure(ctx));
  ctx.services.markUp("bankid");
  if (collected.status === "pending") {
    const hintCode = collected.hintCode ?? null;
    if (hintCode !== order.hintCode) await updatePendingOrder(ctx.db, order.handleHash, { hintCode });
    const secret = ctx.cipher.decrypt(order.qrStartSecret, secretAad(order.handleHash));
    return { status: "pending", hintCode, qrData: qrData(order.qrStartToken, secret, qrSeconds(order.startedAt, now)) };
  }
  if (collected.status === "failed") return fail(ctx, req, order, collected.hintCode ?? "unknown");
  const outcome = await completeOrder(ctx, req, reply, order, collected.completionData);
  if (outcome.kind === "no_account") return failed("noAccount");
  const latest = await findOrder(ctx.db, order.handleHash);
  if (outcome.kind === "session") {
    rotateCsrfSecret(req, reply);
    clearOrderCookie(ctx, reply);
    return { status: "complete", hintCode: null, qrData: null };
  }
  return latest ? finishedAnswer(ctx, reply, latest) : failed("unknown");
}

/** Cancels an order (the dialog's Cancel): at BankID, and here. */
export async function cancelOrder(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  handle: string,
): Promise<BankIdStatusResponse> {
  const order = await ownOrder(ctx, req, handle);
  if (order.status !== "pending") return finishedAnswer(ctx, reply, order);
  await ctx.bankid.cancel(order.orderRef).catch((error: unknown) => {
    // An order BankID no longer knows is cancelled already.
    if (!(error instanceof BankIdRpError && ["invalidParameters", "notFound"].includes(error.errorCode))) rpFailure(ctx)(error);
  });
  const answer = await fail(ctx, req, order, "cancelled");
  clearOrderCookie(ctx, reply);
  return answer;
}
