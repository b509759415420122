export interface SessionUser {
  id: string;
  email: string | null;
  authType: "email" | "bankid";
  locale: "sv" | "en" | "no" | "da";
  hasLoggedInBefore: boolean;
  /** TOTP confirmed (2FA enabled). */
  twofaEnabled: boolean;
  /** The terms version the user last accepted. */
  termsVersion: string | null;
  /** The consent text version (health data, statistics, 18+) the user last gave (ADR 021). */
  consentVersion: string | null;
}

export interface SessionInfo {
  idHash: string;
  userId: string;
  verified: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * A session read in the same statement as its user's data (issue 19: one round trip a call): the
 * session as `findSessionByHash` reads it, and the answer made from the data read with it. Whether
 * the session is live is the caller's to check (`sessionStanding`), before asking for the answer.
 */
export interface ReadWithSession<R> {
  session: SessionInfo;
  answer(session: SessionInfo): Promise<R>;
}
