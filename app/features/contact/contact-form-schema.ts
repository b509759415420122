import { z } from "zod";
import { emailSchema } from "../../../common/schemas/accounts.ts";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "../../../common/schemas/contact-limits.ts";

/** The contact form's rules (loaded with the first edit: zod is not in the page's first load). */
export const contactForm = z.strictObject({
  subject: z.string().trim().min(1, "required").max(CONTACT_SUBJECT_MAX, "too_long"),
  message: z.string().trim().min(1, "required").max(CONTACT_MESSAGE_MAX, "too_long"),
  reply_email: z.union([z.literal(""), emailSchema]),
});
