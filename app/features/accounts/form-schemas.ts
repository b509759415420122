import { z } from "zod";
import { checkPasswordShape } from "../../../common/auth/password-policy.ts";
import {
  emailSchema,
  passwordInputSchema,
  secondFactorCodeSchema,
} from "../../../common/schemas/accounts.ts";

/**
 * The account forms' rules: the shared request schemas (common/schemas/accounts.ts), plus what
 * the browser can say before sending (an empty field, the password policy's shape). The server
 * checks everything again; its field codes land on the same fields.
 */

/** An e-mail address; empty says "required" rather than "not an address". */
export const emailField = z.string().trim().min(1, "required").pipe(emailSchema);

/** A new password: the shared policy (length, not the address or product name) as you type. */
export function newPasswordField(email?: string | null) {
  return passwordInputSchema.superRefine((value, ctx) => {
    if (value.length === 0) return;
    const problem = checkPasswordShape(value, { email: email ?? null });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** A ticked box that must be ticked (terms, consent). */
export const requiredConsent = z.boolean().refine((value) => value, "consent.required");

/** The box "I am 18 or older" (ADR 021). */
export const requiredAdult = z.boolean().refine((value) => value, "age.required");

/** The agreements of a new account (terms, health data with the statistics, 18 or older). */
export const consentsShape = { accept_terms: requiredConsent, consent_health_data: requiredConsent, adult: requiredAdult };


/** A six-digit authenticator code; spaces are ignored ("123 456"). */
export const totpCodeField = z
  .string()
  .trim()
  .min(1, "required")
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "code.invalid"));

/** An authenticator code or a recovery code (xxxx-xxxx-xxxx). */
export const secondFactorField = z.string().trim().min(1, "required").pipe(secondFactorCodeSchema);

export const loginForm = z.strictObject({ email: emailField, password: passwordInputSchema });
export const emailForm = z.strictObject({ email: emailField });
export const passwordConfirmForm = z.strictObject({ password: passwordInputSchema });

/** A new password (the reset link's form). */
export const newPasswordForm = z.strictObject({ password: newPasswordField() });

/** Registration: the new password (checked against the address) and the agreements. */
export function registerForm(email: string | null) {
  return z.strictObject({ password: newPasswordField(email), ...consentsShape });
}
