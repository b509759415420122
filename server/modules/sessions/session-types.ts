export interface SessionUser {
  id: string;
  email: string | null;
  authType: "email" | "bankid";
  locale: "sv" | "en" | "no" | "da";
  hasLoggedInBefore: boolean;
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
