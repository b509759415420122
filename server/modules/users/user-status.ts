import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import { VISITOR_STATUS, type UserStatus } from "../../../common/schemas/me.ts";
import type { SessionInfo } from "../sessions/session-types.ts";

/**
 * The §3 user status of a session. Password accounts must set up TOTP before anything else
 * (`requires2fa`); BankID counts as two factors. Terms are accepted only in their current version,
 * together with the current consent text (ADR 021): a new version of either asks again.
 */
export function userStatus(session: SessionInfo | null): UserStatus {
  if (!session) return VISITOR_STATUS;
  const { user } = session;
  return {
    logged_in: true,
    has_logged_in_before: user.hasLoggedInBefore,
    terms_accepted: user.termsVersion === CURRENT_TERMS_VERSION && user.consentVersion === CURRENT_CONSENT_VERSION,
    auth_type: user.authType,
    verified: session.verified,
    requires2fa: user.authType === "email" && !user.twofaEnabled,
    user_data: { id: user.id, email: user.email, locale: user.locale },
  };
}
