/**
 * The current version of the terms of use and the consent text (§4 ReApproveTermsDialog). Raise
 * it when the terms change: every user is asked to approve the new version at the next status
 * check. The text itself is the `terms` content page.
 */
export const CURRENT_TERMS_VERSION = "2026-11-01";
export const TERMS_PUBLISHED_AT = "2026-11-01T00:00:00.000Z";
