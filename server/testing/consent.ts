import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import { CURRENT_TERMS_VERSION } from "../../common/auth/terms.ts";

/**
 * The agreements a request must carry (ADR 021), for tests: a visitor's consent to the screening
 * (health data with the statistics, 18 or older) and the extra fields of a registration; the whole
 * set a registration sends (the current terms accepted, consent to health data).
 */
export const VISITOR_CONSENT = Object.freeze({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION });
export const ACCOUNT_AGREEMENTS = Object.freeze({ adult: true, consent_version: CURRENT_CONSENT_VERSION });
export const REGISTRATION_AGREEMENTS = Object.freeze({
  terms_version: CURRENT_TERMS_VERSION,
  accept_terms: true,
  consent_health_data: true,
  ...ACCOUNT_AGREEMENTS,
});
