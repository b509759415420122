/**
 * Where a server's refusal of an agreement lands (no zod here: the forms' first load stays small):
 * the terms version on the terms box, the consent text's version on the consent box (ADR 021),
 * other body fields on their own name.
 */
export function consentServerField(path: string): string | null {
  if (path === "body.terms_version") return "accept_terms";
  if (path === "body.consent_version") return "consent_health_data";
  return path.startsWith("body.") ? path.slice(5) : null;
}
