import { createHmac } from "node:crypto";
import { baseUrl } from "./browser.ts";

/** RFC 4648 base32 (case-insensitive; spaces and padding ignored). */
export function base32Decode(value: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let buffer = 0;
  const out: number[] = [];
  for (const char of value.replace(/[\s=]/g, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    buffer = (buffer << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const TOTP_STEP_MS = 30_000;

export function totpStep(time = Date.now()): number {
  return Math.floor(time / TOTP_STEP_MS);
}

/** RFC 6238 TOTP: HMAC-SHA1 over the 30-second step counter, 6 digits. */
export function totp(secret: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac("sha1", base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/**
 * A code the server has not seen yet: it accepts each time step once, so wait for the step after
 * `usedStep` when needed (at most 30 s).
 */
export async function freshTotp(
  secret: string,
  usedStep: number,
): Promise<{ code: string; step: number }> {
  while (totpStep() <= usedStep) {
    const next = (totpStep() + 1) * TOTP_STEP_MS;
    await new Promise((resolve) => setTimeout(resolve, next - Date.now() + 100));
  }
  const step = totpStep();
  return { code: totp(secret, step), step };
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

/** The newest e-mail to an address from the development outbox, waiting briefly for it. */
export async function latestMail(
  to: string,
  /** `base`: another server than the shared one. */
  /** `subject`: wait for the latest message whose subject contains it (mail is sent from an outbox, a moment later). */
  options: { after?: string; base?: string; subject?: string } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(
      `${options.base ?? baseUrl()}/dev/outbox/latest.json?to=${encodeURIComponent(to)}${options.subject ? `&subject=${encodeURIComponent(options.subject)}` : ""}`,
    );
    if (response.ok) {
      const message = (await response.json()) as OutboxMessage;
      const isNew = !options.after || message.date > options.after;
      if (isNew && (!options.subject || message.subject.includes(options.subject))) return message;
    } else if (response.status !== 404) {
      throw new Error(`outbox answered ${response.status}: ${await response.text()}`);
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to}${options.subject ? ` about "${options.subject}"` : ""} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in an e-mail's text whose query has `param` (code=…, token=…), on this server. */
export function linkWith(message: OutboxMessage, param: string, base = baseUrl()): string {
  const match = new RegExp(`https?://\\S+?[?&]${param}=[A-Za-z0-9_-]+`).exec(message.text);
  if (!match) throw new Error(`no link with ${param} in: ${message.text}`);
  const url = new URL(match[0]);
  return `${base}${url.pathname}${url.search}`;
}
