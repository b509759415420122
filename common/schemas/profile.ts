import { z } from "zod";
import { multilineText, text } from "./text.ts";
import { emailSchema, localeSchema, passwordInputSchema } from "./accounts.ts";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "./contact-limits.ts";
import { SAFETY_CATEGORIES } from "./safety.ts";

/** Request and response shapes of the profile, privacy and contact calls (issue 9). */

export const THEME_VALUES = ["green", "white", "black", "pink"] as const;
export const themeSchema = z.enum(THEME_VALUES);

/** A display name: trimmed, 1–80 characters; an empty string clears it. */
export const displayNameSchema = text().trim().max(80, "too_long");

export const consentSchema = z.strictObject({
  /** `age`: the confirmation of being 18 or older, given with the consent (not withdrawable on its own). */
  kind: z.enum(["terms", "health_data", "age"]),
  version: z.string(),
  locale: localeSchema,
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type ConsentDto = z.infer<typeof consentSchema>;

/** A session of the account as the profile lists it: never its id or token. */
export const sessionSummarySchema = z.strictObject({
  current: z.boolean(),
  browser: z.string().nullable(),
  device: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

/** GET /me/profile/ */
export const profileResponse = z.strictObject({
  name: z.string().nullable(),
  email: z.string().nullable(),
  locale: localeSchema,
  theme: themeSchema.nullable(),
  auth_type: z.enum(["email", "bankid"]),
  twofa_enabled: z.boolean(),
  consents: z.array(consentSchema),
  sessions: z.array(sessionSummarySchema),
});
export type ProfileDto = z.infer<typeof profileResponse>;

/** PATCH /me/profile/: any of name, language and theme. */
export const profileUpdateBody = z
  .strictObject({
    name: displayNameSchema.optional(),
    locale: localeSchema.optional(),
    theme: themeSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.locale !== undefined || body.theme !== undefined, {
    message: "required",
    path: ["name"],
  });

/** POST /me/email/: a new address, confirmed with the password for password accounts. */
export const emailChangeBody = z.strictObject({
  email: emailSchema,
  password: passwordInputSchema.optional(),
});

/** POST /me/email/confirm/: the code from the link sent to the new address. */
export const emailChangeConfirmBody = z.strictObject({
  code: text().regex(/^[A-Za-z0-9_-]{43}$/, "code.invalid"),
});
export const emailChangeConfirmResponse = z.strictObject({ email: z.string() });

/** POST /me/sessions/logout-others/ */
export const logoutOthersResponse = z.strictObject({ ended: z.number().int().min(0) });


/**
 * POST /contact/: visitors and users; a reply address is optional. `kind: "safety"` is "report a
 * safety concern" (issue 25): it names its category and goes to the safety address.
 */
export const contactBody = z
  .strictObject({
    subject: text().trim().min(1, "required").max(CONTACT_SUBJECT_MAX, "text.too_long"),
    message: multilineText().trim().min(1, "required").max(CONTACT_MESSAGE_MAX, "text.too_long"),
    reply_email: z.union([z.literal(""), emailSchema]).optional(),
    locale: localeSchema,
    kind: z.enum(["message", "safety"]).optional(),
    category: z.enum(SAFETY_CATEGORIES).optional(),
    /** Chosen by the client for the message: sent again (a retry, a double submit) it is stored and e-mailed once. */
    id: z.uuid().optional(),
  })
  .superRefine((body, ctx) => {
    // The category belongs to a safety report; an ordinary message ignores it.
    if (body.kind === "safety" && body.category === undefined) ctx.addIssue({ code: "custom", message: "required", path: ["category"] });
  });
export const contactResponse = z.strictObject({ id: z.string() });

/** GET /me/export/: one document; each table's rows under its name. */
export const exportResponse = z.strictObject({
  format: z.literal("kbt-export/1"),
  exported_at: z.string(),
  user_id: z.string(),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type ExportDocument = z.infer<typeof exportResponse>;
