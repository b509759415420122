import { and, asc, desc, eq, gt, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { consents } from "../../db/schema/accounts.ts";
import { sessions } from "../../db/schema/sessions.ts";

export async function consentsOf(db: DbOrTx, userId: string) {
  return db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.givenAt), asc(consents.kind));
}

/** Live sessions of a user (not past their absolute expiry), most recently used first. */
export async function sessionsOf(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends every session of a user but the one given; returns how many ended. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepIdHash: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
