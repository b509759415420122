import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { preparedFor } from "../../db/prepared.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";

type ConsentTuple = [kind: "terms" | "health_data" | "age", version: string, locale: "sv" | "en" | "no" | "da", givenAt: number, withdrawnAt: number | null];
type SessionTuple = [idHash: string, createdAt: number, lastSeenAt: number, userAgent: string | null];

function profileQuery(db: DbOrTx) {
  // Written out with table names: in a select from one table drizzle leaves its columns unqualified,
  // and "id" inside a subquery would be the consent's or the session's own.
  const consentList = sql<ConsentTuple[]>`coalesce((select json_agg(json_build_array(c.kind, c.version, c.locale, floor(extract(epoch from c.given_at) * 1000)::bigint, floor(extract(epoch from c.withdrawn_at) * 1000)::bigint) order by c.given_at asc, c.kind asc) from consents c where c.user_id = "users"."id"), '[]'::json)`;
  const sessionList = sql<SessionTuple[]>`coalesce((select json_agg(json_build_array(s.id_hash, floor(extract(epoch from s.created_at) * 1000)::bigint, floor(extract(epoch from s.last_seen_at) * 1000)::bigint, s.user_agent) order by s.last_seen_at desc) from sessions s where s.user_id = "users"."id" and s.expires_at > ${sql.placeholder("now")}::timestamptz), '[]'::json)`;
  return db
    .select({
      displayName: users.displayName,
      email: users.email,
      locale: users.locale,
      theme: users.theme,
      authType: users.authType,
      twofaEnabled: sql<boolean>`${users.totpEnabledAt} is not null`,
      consents: consentList,
      sessions: sessionList,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("profile_of_user");
}

export interface ProfileRow {
  displayName: string | null;
  email: string | null;
  locale: "sv" | "en" | "no" | "da";
  theme: "green" | "white" | "black" | "pink" | null;
  authType: "email" | "bankid";
  twofaEnabled: boolean;
  consents: { kind: ConsentTuple[0]; version: string; locale: ConsentTuple[2]; givenAt: Date; withdrawnAt: Date | null }[];
  /** Live sessions (not past their absolute expiry), most recently used first. */
  sessions: { idHash: string; createdAt: Date; lastSeenAt: Date; userAgent: string | null }[];
}

/**
 * The profile screen's rows in one statement (the dashboard reads it on every render): the user,
 * their consents oldest first, and their live sessions. Null when the user is gone.
 */
export async function profileOf(db: DbOrTx, userId: string, now: Date): Promise<ProfileRow | null> {
  // An ISO instant: the column is timestamptz, so the comparison is exact on every driver.
  const [row] = await preparedFor(db, "profile_of_user", profileQuery).execute({ userId, now: now.toISOString() });
  if (!row) return null;
  return {
    ...row,
    consents: row.consents.map(([kind, version, locale, givenAt, withdrawnAt]) => ({
      kind,
      version,
      locale,
      givenAt: new Date(Number(givenAt)),
      withdrawnAt: withdrawnAt === null ? null : new Date(Number(withdrawnAt)),
    })),
    sessions: row.sessions.map(([idHash, createdAt, lastSeenAt, userAgent]) => ({
      idHash,
      createdAt: new Date(Number(createdAt)),
      lastSeenAt: new Date(Number(lastSeenAt)),
      userAgent,
    })),
  };
}

/** Ends every session of a user but the one given; returns how many ended. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepIdHash: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
    .returning({ idHash: sessions.idHash });
  return ended.length;
}
