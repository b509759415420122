import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import type { SessionInfo } from "./session-types.ts";

/**
 * A session's columns with its user's, as `SessionInfo`: the session lookup selects them, and so do
 * the statements that read a session together with its user's data (`sessionJoined` endpoints).
 */
export const sessionColumns = {
  idHash: sessions.idHash,
  userId: sessions.userId,
  verified: sessions.verified,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  user: {
    id: users.id,
    email: users.email,
    authType: users.authType,
    locale: users.locale,
    hasLoggedInBefore: users.hasLoggedInBefore,
    twofaEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
    termsVersion: users.termsVersion,
    consentVersion: users.consentVersion,
  },
};

type SessionRow = SessionInfo & Record<string, unknown>;

/** The session of a row that selected `...sessionColumns` beside other columns. */
export function sessionOfRow({ idHash, userId, verified, createdAt, lastSeenAt, expiresAt, user }: SessionRow): SessionInfo {
  return { idHash, userId, verified, createdAt, lastSeenAt, expiresAt, user };
}

function sessionByHashQuery(db: DbOrTx) {
  return db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .limit(1)
    .prepare("session_by_hash");
}

/** Every authenticated request (and every API call of a server-rendered page) runs this: prepared. */
export async function findSessionByHash(db: DbOrTx, idHash: string): Promise<SessionInfo | null> {
  const rows = await preparedFor(db, "session_by_hash", sessionByHashQuery).execute({ idHash });
  return rows[0] ?? null;
}

export async function insertSession(
  db: DbOrTx,
  row: {
    idHash: string;
    userId: string;
    verified: boolean;
    createdAt: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(sessions).values({ ...row, lastSeenAt: row.createdAt });
}

export async function touchSession(db: DbOrTx, idHash: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
}

/** Deletes a session; false when there was none (ended meanwhile). */
export async function deleteSession(db: DbOrTx, idHash: string): Promise<boolean> {
  const deleted = await db.delete(sessions).where(eq(sessions.idHash, idHash)).returning({ idHash: sessions.idHash });
  return deleted.length > 0;
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Revokes every session of a user but one (password change keeps the session that asked). */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepIdHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)));
}
