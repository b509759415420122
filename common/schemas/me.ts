import { z } from "zod";

export const authTypeSchema = z.enum(["email", "bankid"]);

/** §3 user status, the answer of GET /api/v1/me/. */
export const userStatusSchema = z.object({
  logged_in: z.boolean(),
  has_logged_in_before: z.boolean(),
  terms_accepted: z.boolean(),
  auth_type: authTypeSchema.nullable(),
  verified: z.boolean(),
  requires2fa: z.boolean(),
  user_data: z
    .object({
      id: z.string(),
      email: z.string().nullable(),
      locale: z.enum(["sv", "en", "no", "da"]),
    })
    .nullable(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

export const VISITOR_STATUS: UserStatus = {
  logged_in: false,
  has_logged_in_before: false,
  terms_accepted: false,
  auth_type: null,
  verified: false,
  requires2fa: false,
  user_data: null,
};
