import { z } from "zod";
import { text } from "./text.ts";
import { LOCALES } from "../i18n/locales.ts";
import { EMAIL_CODE_PATTERN } from "./email-code.ts";
import { userStatusSchema } from "./me.ts";

/** Request and response shapes of the account calls (issue: accounts), shared by UI and server. */

export const localeSchema = z.enum(LOCALES);

/** An e-mail address: trimmed, lower-cased, at most 254 characters. */
export const emailSchema = text()
  .trim()
  .max(254, "email.too_long")
  .pipe(z.email("email.invalid"))
  .transform((value) => value.toLowerCase());

/** A password as typed; the policy (length, common, context) is checked by the server. */
export const passwordInputSchema = text().min(1, "required").max(1024, "password.too_long");

/** A six-digit authenticator code or a recovery code (xxxx-xxxx-xxxx). */
export const secondFactorCodeSchema = text()
  .trim()
  .min(6, "code.invalid")
  .max(32, "code.invalid")
  .regex(/^[0-9A-Za-z -]+$/, "code.invalid");

/** An e-mailed one-time code (256 bits, base64url). */
export const emailCodeSchema = text().regex(EMAIL_CODE_PATTERN, "code.invalid");

export const registerEmailBody = z.strictObject({ email: emailSchema, locale: localeSchema });
export const codeRequestBody = z.strictObject({ email: emailSchema });
export const validateTokenBody = z.strictObject({ code: emailCodeSchema });
export const validateTokenResponse = z.strictObject({ email: z.string() });
export const completeRegistrationBody = z.strictObject({
  code: emailCodeSchema,
  password: passwordInputSchema,
  terms_version: text().min(1).max(40),
  accept_terms: z.literal(true, "consent.required"),
  consent_health_data: z.literal(true, "consent.required"),
  adult: z.literal(true, "age.required"),
  consent_version: text().min(1).max(40),
});

export const loginEmailBody = z.strictObject({ email: emailSchema, password: passwordInputSchema });

export const twofaSetupResponse = z.strictObject({
  enabled: z.boolean(),
  secret: z.string().nullable(),
  otpauth_url: z.string().nullable(),
  qr_svg: z.string().nullable(),
});
export const twofaCodeBody = z.strictObject({ code: secondFactorCodeSchema });
export const recoveryCodesResponse = z.strictObject({ recovery_codes: z.array(z.string()) });
export const twofaDisableBody = z.strictObject({ code: secondFactorCodeSchema, password: passwordInputSchema });

export const passwordResetBody = z.strictObject({ email: emailSchema });
export const passwordResetCompleteBody = z.strictObject({ token: emailCodeSchema, password: passwordInputSchema });
export const passwordChangeBody = z.strictObject({
  current_password: passwordInputSchema,
  new_password: passwordInputSchema,
});

export const termsResponse = z.strictObject({ version: z.string(), published_at: z.string() });
/** Re-approval (ReApproveTermsDialog): the current terms and, with them, the current consent text and age (ADR 021). */
export const acceptTermsBody = z.strictObject({
  version: text().min(1).max(40),
  consent_version: text().min(1).max(40),
  consent_health_data: z.literal(true, "consent.required"),
  adult: z.literal(true, "age.required"),
});

/**
 * Confirming the deletion of the account: the password, or for accounts without one an
 * authenticator code, or for BankID accounts `bankid: true` (the session's BankID login must be
 * fresh, see docs/decisions/010). At least one is required.
 */
export const deleteAccountBody = z
  .strictObject({
    password: passwordInputSchema.optional(),
    code: secondFactorCodeSchema.optional(),
    /** Deleting because a consent is withdrawn (ADR 011): recorded in the audit log. */
    withdraw_consent: z.enum(["terms", "health_data"]).optional(),
    bankid: z.literal(true).optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined || body.bankid !== undefined, {
    message: "required",
    path: ["password"],
  });

export const statusResponse = userStatusSchema;
