import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";

/**
 * The first keys of the app's transaction-long advisory locks, one per kind of "read, decide,
 * write" that two requests could run at once. The two-key form keeps them apart from the
 * single-key locks (content import 74201, migrations 727272); the second key is the hash of what
 * the lock is for, so unrelated people never wait for each other (a rare hash collision only
 * makes two of them take turns).
 */
const FIRST_KEYS = {
  /** A user's course and module progress (course-service.ts). */
  courseProgress: 74202,
  /** The e-mail codes of one purpose and account, or address (email-codes.ts). */
  emailCodeGroup: 74203,
  /** An owner's extended screening in progress (screening-service.ts). */
  screening: 74204,
} as const;

/** Waits until no other transaction holds the lock `kind` for `key`, and holds it until this one ends. */
export async function lockUntilCommit(tx: DbOrTx, kind: keyof typeof FIRST_KEYS, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEYS[kind]}::int4, hashtext(${key}))`);
}
