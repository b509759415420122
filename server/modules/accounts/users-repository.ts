import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
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
