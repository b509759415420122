import { eq, getTableColumns } from "drizzle-orm";
import type { ExportDocument } from "../../../common/schemas/profile.ts";
import type { AppContext } from "../../app-context.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { audit } from "../audit/audit.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { exportableRow, LINKED_TABLES, tableNameOf, USER_TABLES } from "./user-tables.ts";

/**
 * "Download my data" (GDPR art. 15 and 20): every row of every user table that refers to the
 * user, encrypted fields decrypted, secrets left out. Read in one repeatable-read transaction, so
 * the document is one snapshot: under READ COMMITTED each table would be read as of its own
 * moment, and a screening saved meanwhile could show its scores without the screening
 * (server/security/concurrent-privacy.pg.test.ts).
 */
export async function exportUserData(ctx: AppContext, client: ClientInfo, session: SessionInfo): Promise<ExportDocument> {
  await audit(ctx, ctx.db, { userId: session.userId, event: "data.exported", ip: client.ip });
  const tables: ExportDocument["tables"] = {};
  await ctx.db.transaction(async (tx) => {
    for (const entry of USER_TABLES) {
      const rows = (await tx.select().from(entry.table).where(eq(entry.userColumn, session.userId))) as Record<string, unknown>[];
      tables[tableNameOf(entry.table)] = rows.map((row) => {
        const plain = exportableRow(entry, row);
        return entry.reveal ? entry.reveal(ctx, plain) : plain;
      });
    }
    for (const entry of LINKED_TABLES) {
      const rows = await tx
        .select({ row: getTableColumns(entry.table) })
        .from(entry.table)
        .innerJoin(entry.parent, eq(entry.parentColumn, entry.parentId))
        .where(eq(entry.parentUser, session.userId));
      tables[tableNameOf(entry.table)] = rows.map(({ row }) => {
        const plain = exportableRow(entry, row as Record<string, unknown>);
        return entry.reveal ? entry.reveal(ctx, plain) : plain;
      });
    }
  }, { isolationLevel: "repeatable read", accessMode: "read only" });
  return {
    format: "kbt-export/1",
    exported_at: ctx.clock.now().toISOString(),
    user_id: session.userId,
    tables: JSON.parse(JSON.stringify(tables)) as ExportDocument["tables"],
  };
}
