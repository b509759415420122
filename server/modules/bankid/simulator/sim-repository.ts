import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { bankidSimOrders } from "../../../db/schema/bankid.ts";

export type SimOrder = typeof bankidSimOrders.$inferSelect;

export async function insertSimOrder(db: DbOrTx, row: typeof bankidSimOrders.$inferInsert): Promise<void> {
  await db.insert(bankidSimOrders).values(row);
}

export async function findSimOrder(db: DbOrTx, orderRef: string): Promise<SimOrder | null> {
  const rows = await db.select().from(bankidSimOrders).where(eq(bankidSimOrders.orderRef, orderRef)).limit(1);
  return rows[0] ?? null;
}

export async function findSimOrderByToken(
  db: DbOrTx,
  token: { qrStartToken: string } | { autoStartToken: string },
): Promise<SimOrder | null> {
  const where =
    "qrStartToken" in token
      ? eq(bankidSimOrders.qrStartToken, token.qrStartToken)
      : eq(bankidSimOrders.autoStartToken, token.autoStartToken);
  const rows = await db.select().from(bankidSimOrders).where(where).limit(1);
  return rows[0] ?? null;
}

/** Pending orders that already carry this personal number (requirement or scan). */
export async function pendingSimOrdersOf(db: DbOrTx, personalNumber: string): Promise<SimOrder[]> {
  return db
    .select()
    .from(bankidSimOrders)
    .where(and(eq(bankidSimOrders.personalNumber, personalNumber), eq(bankidSimOrders.status, "pending")));
}

/** Moves a pending order on; a finished order never changes again. */
export async function updatePendingSimOrder(
  db: DbOrTx,
  orderRef: string,
  values: Partial<Pick<SimOrder, "status" | "hintCode" | "personalNumber" | "completion">>,
): Promise<boolean> {
  const rows = await db
    .update(bankidSimOrders)
    .set(values)
    .where(and(eq(bankidSimOrders.orderRef, orderRef), eq(bankidSimOrders.status, "pending")))
    .returning({ orderRef: bankidSimOrders.orderRef });
  return rows.length > 0;
}
