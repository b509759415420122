/**
 * "Report a safety concern" on the contact page (post-market surveillance,
 * docs/regulatory/risks.md): the kinds of concern a person can name. zod-free, so the contact
 * form's first load can list them.
 */
export const SAFETY_CATEGORIES = ["crisis_info", "result", "content", "technical", "other"] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];
