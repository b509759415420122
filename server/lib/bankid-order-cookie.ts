import type { FastifyReply } from "fastify";
import type { AppContext } from "../app-context.ts";

/*
 * The BankID order's browser binding: set when an order starts, read by the status and cancel
 * endpoints (only the browser that started an order may follow it), cleared when it is finished.
 * Here, not in the BankID service, so that services know nothing of Fastify's reply.
 */

export const ORDER_COOKIE = "bankid_order";

export function setOrderCookie(ctx: AppContext, reply: FastifyReply, binding: string, maxAgeSeconds: number): void {
  reply.setCookie(ORDER_COOKIE, binding, {
    path: "/api/v1/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
    maxAge: maxAgeSeconds,
  });
}

export function clearOrderCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(ORDER_COOKIE, { path: "/api/v1/", httpOnly: true, sameSite: "lax", secure: ctx.env.SECURE_COOKIES });
}
