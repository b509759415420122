import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/users.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
