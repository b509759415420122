import { createHmac } from "node:crypto";

/**
 * BankID's animated QR code: `bankid.<qrStartToken>.<t>.<hex(HMAC-SHA256(qrStartSecret, t))>`,
 * `t` being the whole seconds since the auth or sign answer. Computed on the server at every poll;
 * the secret never leaves the server.
 */
export function qrData(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const t = String(Math.max(0, Math.floor(seconds)));
  const code = createHmac("sha256", qrStartSecret).update(t).digest("hex");
  return `bankid.${qrStartToken}.${t}.${code}`;
}

/** The seconds since `startedAt` at `now`, as the QR code counts them. */
export function qrSeconds(startedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
}

const QR_PATTERN = /^bankid\.([0-9a-f-]{36})\.(\d+)\.([0-9a-f]{64})$/;

/** Splits QR data into its parts (the simulator reads what a phone would scan). */
export function parseQrData(value: string): { qrStartToken: string; t: number; code: string } | null {
  const match = QR_PATTERN.exec(value.trim());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { qrStartToken: match[1], t: Number(match[2]), code: match[3] };
}
