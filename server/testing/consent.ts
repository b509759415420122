import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";

/**
 * The agreements a request must carry (ADR 021), for tests: a visitor's consent to the screening
 * (health data with the statistics, 18 or older) and the extra fields of a registration.
 */
export const VISITOR_CONSENT = Object.freeze({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION });
export const ACCOUNT_AGREEMENTS = Object.freeze({ adult: true, consent_version: CURRENT_CONSENT_VERSION });
