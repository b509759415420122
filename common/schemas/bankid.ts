import { z } from "zod";
import { text } from "./text.ts";
import { localeSchema } from "./accounts.ts";

/** BankID login and registration (issue 5, spec §7 POST /login, /login/status). */

export const bankidDeviceSchema = z.enum(["same", "other"]);
export type BankIdDevice = z.infer<typeof bankidDeviceSchema>;

/** Our own opaque order handle (256 bits, base64url) — never BankID's orderRef. */
export const bankidOrderHandle = text().regex(/^[A-Za-z0-9_-]{43}$/, "order.invalid");

export const bankidLoginBody = z.strictObject({ device: bankidDeviceSchema });

export const bankidRegisterBody = z.strictObject({
  device: bankidDeviceSchema,
  locale: localeSchema,
  terms_version: text().min(1).max(40),
  accept_terms: z.literal(true, "consent.required"),
  consent_health_data: z.literal(true, "consent.required"),
  adult: z.literal(true, "age.required"),
  consent_version: text().min(1).max(40),
});

export const bankidStartResponse = z.strictObject({
  order: z.string(),
  autoStartToken: z.string(),
  qrData: z.string(),
});
export type BankIdStartResponse = z.infer<typeof bankidStartResponse>;

export const bankidOrderBody = z.strictObject({ order: bankidOrderHandle });

export const bankidStatusResponse = z.strictObject({
  status: z.enum(["pending", "failed", "complete"]),
  hintCode: z.string().nullable(),
  qrData: z.string().nullable(),
});
export type BankIdStatusResponse = z.infer<typeof bankidStatusResponse>;
