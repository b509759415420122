import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { preparedFor } from "../../db/prepared.ts";
import { users } from "../../db/schema/users.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

function userByIdQuery(db: DbOrTx) {
  return db.select().from(users).where(eq(users.id, sql.placeholder("id"))).limit(1).prepare("user_by_id");
}

/** Most signed-in calls read their user (the profile, settings, the dashboard): prepared. */
export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await preparedFor(db, "user_by_id", userByIdQuery).execute({ id });
  return row ?? null;
}

/**
 * Takes the user's row until the transaction ends, before the transaction locks any other row of
 * the user: deleting an account takes the row first and the user's other rows after it (the
 * foreign keys cascade), so a transaction that held one of those rows and then needed the user's
 * (an insert's foreign-key check) deadlocked with it. `key share` keeps the account from being
 * deleted meanwhile; `share` also waits for a change of the row (a new password); `no key update`
 * waits for anyone holding `share`; `update` (deleting the account) for everyone. Throws
 * `auth.not_authenticated` when the account is gone: it was deleted while the request ran
 * (server/security/concurrent-deletion.pg.test.ts).
 */
export async function lockUserRow(
  tx: DbOrTx,
  userId: string,
  strength: "key share" | "share" | "no key update" | "update" = "key share",
): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(strength);
  if (!row) throw new AppError("auth.not_authenticated");
}
