import { z } from "zod";
import { emailSchema } from "../../../common/schemas/accounts.ts";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "../../../common/schemas/contact-limits.ts";
import { SAFETY_CATEGORIES } from "../../../common/schemas/safety.ts";

/**
 * The contact form's rules (loaded with the first edit: zod is not in the page's first load). A
 * safety report names what it is about.
 */
export const contactForm = z
  .strictObject({
    kind: z.enum(["message", "safety"]),
    category: z.union([z.literal(""), z.enum(SAFETY_CATEGORIES)]),
    subject: z.string().trim().min(1, "required").max(CONTACT_SUBJECT_MAX, "too_long"),
    message: z.string().trim().min(1, "required").max(CONTACT_MESSAGE_MAX, "too_long"),
    reply_email: z.union([z.literal(""), emailSchema]),
  })
  .superRefine((values, ctx) => {
    if (values.kind === "safety" && values.category === "") ctx.addIssue({ code: "custom", message: "required", path: ["category"] });
  });
