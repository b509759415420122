import { lte } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import type { Log } from "../../lib/log.ts";
import { onboardings } from "../../db/schema/screening.ts";

/**
 * Deletes expired visitor data: onboardings past `expires_at` with their screenings, answers and
 * scores (foreign keys cascade). A single idempotent DELETE, so several instances running it at
 * the same moment is safe: each row is deleted once and the others find nothing.
 */
export async function deleteExpiredVisitorData(ctx: Pick<AppContext, "db" | "clock">): Promise<number> {
  const deleted = await ctx.db.delete(onboardings).where(lte(onboardings.expiresAt, ctx.clock.now())).returning({ id: onboardings.id });
  return deleted.length;
}

export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Runs the clean-up now and then every hour in this process; returns a stop function. */
export function scheduleVisitorCleanup(
  ctx: Pick<AppContext, "db" | "clock">,
  log: Log,
  intervalMs: number = CLEANUP_INTERVAL_MS,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const count = await deleteExpiredVisitorData(ctx);
      if (count > 0) log.info({ count }, "expired visitor data deleted");
    } catch (error) {
      log.error({ err: error }, "visitor data clean-up failed");
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
