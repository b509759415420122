import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { bankidEvidence, bankidIdentities, bankidOrders } from "../../db/schema/bankid.ts";

export type OrderRow = typeof bankidOrders.$inferSelect;
export type IdentityRow = typeof bankidIdentities.$inferSelect;

export async function insertOrder(db: DbOrTx, row: typeof bankidOrders.$inferInsert): Promise<void> {
  await db.insert(bankidOrders).values(row);
}

export async function findOrder(db: DbOrTx, handleHash: string): Promise<OrderRow | null> {
  const rows = await db.select().from(bankidOrders).where(eq(bankidOrders.handleHash, handleHash)).limit(1);
  return rows[0] ?? null;
}

/** Changes a pending order; false when another request finished it first. */
export async function updatePendingOrder(
  db: DbOrTx,
  handleHash: string,
  values: Partial<Pick<OrderRow, "status" | "hintCode" | "userId" | "consumedAt">>,
): Promise<boolean> {
  const rows = await db
    .update(bankidOrders)
    .set(values)
    .where(and(eq(bankidOrders.handleHash, handleHash), eq(bankidOrders.status, "pending")))
    .returning({ handleHash: bankidOrders.handleHash });
  return rows.length > 0;
}

export async function findIdentityByHash(db: DbOrTx, personalNumberHash: string): Promise<IdentityRow | null> {
  const rows = await db
    .select()
    .from(bankidIdentities)
    .where(eq(bankidIdentities.personalNumberHash, personalNumberHash))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertIdentity(db: DbOrTx, row: typeof bankidIdentities.$inferInsert): Promise<void> {
  await db.insert(bankidIdentities).values(row);
}

/** Names can change (marriage, correction): the latest BankID answer wins. */
export async function updateIdentityNames(
  db: DbOrTx,
  userId: string,
  names: { name: string; givenName: string; surname: string },
): Promise<void> {
  await db.update(bankidIdentities).set(names).where(eq(bankidIdentities.userId, userId));
}

export async function insertEvidence(db: DbOrTx, row: typeof bankidEvidence.$inferInsert): Promise<void> {
  await db.insert(bankidEvidence).values(row);
}

export async function setOrderUser(db: DbOrTx, handleHash: string, userId: string): Promise<void> {
  await db.update(bankidOrders).set({ userId }).where(eq(bankidOrders.handleHash, handleHash));
}
