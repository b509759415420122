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
