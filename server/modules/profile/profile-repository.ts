import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { consents } from "../../db/schema/accounts.ts";
import { sessions } from "../../db/schema/sessions.ts";

function consentsQuery(db: DbOrTx) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.userId, sql.placeholder("userId")))
    .orderBy(asc(consents.givenAt), asc(consents.kind))
    .prepare("consents_of_user");
}

/** A user's consents, oldest first (the profile, read by every dashboard): prepared. */
export async function consentsOf(db: DbOrTx, userId: string) {
  return preparedFor(db, "consents_of_user", consentsQuery).execute({ userId });
}

function sessionsQuery(db: DbOrTx) {
  return db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, sql.placeholder("userId")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .orderBy(desc(sessions.lastSeenAt))
    .prepare("sessions_of_user");
}

/** Live sessions of a user (not past their absolute expiry), most recently used first: prepared. */
export async function sessionsOf(db: DbOrTx, userId: string, now: Date) {
  // An ISO instant: the column is timestamptz, so the comparison is exact on every driver.
  return preparedFor(db, "sessions_of_user", sessionsQuery).execute({ userId, now: now.toISOString() });
}

/** Ends every session of a user but the one given; returns how many ended. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepIdHash: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
