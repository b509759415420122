import { VISITOR_STATUS, type UserStatus } from "../../../common/schemas/me.ts";
import type { SessionInfo } from "../sessions/session-types.ts";

/**
 * The §3 user status of a session. Terms acceptance and the 2FA requirement are filled in by
 * the accounts feature; until a user has those records the status says what the session knows.
 */
export function userStatus(session: SessionInfo | null): UserStatus {
  if (!session) return VISITOR_STATUS;
  return {
    logged_in: true,
    has_logged_in_before: session.user.hasLoggedInBefore,
    terms_accepted: false,
    auth_type: session.user.authType,
    verified: session.verified,
    requires2fa: false,
    user_data: { id: session.user.id, email: session.user.email, locale: session.user.locale },
  };
}
