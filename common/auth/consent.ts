/**
 * The version of the consent text (ADR 021): the explicit consent to the processing of health
 * data, which names the anonymous statistics, and the confirmation of being 18 or older, as
 * onboarding, registration and the re-approval dialog word them in the four message files
 * (`CONSENT_MESSAGE_KEYS`). Raise it whenever those words change: visitors consent again, and
 * every user is asked again at the next status check, as with the terms. A test fails when the
 * words change and the version does not (common/auth/consent.test.ts).
 */
export const CURRENT_CONSENT_VERSION = "2026-11-25";

/** The messages that are the consent text; their fingerprint is pinned to the version. */
export const CONSENT_MESSAGE_KEYS = [
  "screening.onboarding.consent",
  "screening.onboarding.statistics",
  "screening.onboarding.adult",
  "accounts.complete.health",
  "accounts.complete.healthWhy",
  "accounts.complete.adult",
  "accounts.terms.consentText",
] as const;
