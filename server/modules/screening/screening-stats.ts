import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import type { ScreeningStats } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import type { Log } from "../../lib/log.ts";
import { screenings, screeningScores, screeningStatsSnapshots } from "../../db/schema/screening.ts";
import { openText, screeningScoreAad } from "./health-values.ts";

/**
 * "How others answered" (GET /screening/stats/), published so that it cannot single out a person
 * (docs/decisions/015-health-values-and-statistics.md):
 *
 * - a snapshot per clock hour, stored in `screening_stats_snapshots` and shared by every instance:
 *   two requests in the same hour get the same answer, and a screening completed during the hour
 *   counts only from the next hour on (the snapshot counts screenings completed before the hour
 *   began, whenever in the hour it is computed);
 * - each person (account or visitor onboarding) counts once, with their newest light screening;
 * - a band is shown only with at least MIN_GROUP people, its count rounded to ROUND_TO; the area's
 *   total counts everyone in it, every band (rounded to ROUND_TO), so a shown share is a share of
 *   all who answered (ADR 023, which replaces ADR 015's "total of the shown bands").
 *
 * Bands are encrypted (ADR 015), so the snapshot decrypts them in the app, one band per person and
 * area. Visitors' rate limits (screening-throttle.ts) make fake people slow to add.
 */

/** A band is shown only when at least this many people are in it. */
export const MIN_GROUP = 50;
/** Shown counts are rounded to the nearest multiple of this. */
export const ROUND_TO = 10;
/** How long one published snapshot stands: a clock hour. */
export const STATS_PERIOD_MS = 60 * 60 * 1000;

const SNAPSHOT_KEY = "light";

interface BandCount {
  instrument: string;
  band: string;
  count: number;
}

export function roundCount(count: number): number {
  return Math.round(count / ROUND_TO) * ROUND_TO;
}

/**
 * Keeps only bands with at least MIN_GROUP people and rounds their counts; the total is everyone
 * in the area, every band, rounded. Areas with nothing to show are left out.
 */
export function anonymise(rows: readonly BandCount[]): ScreeningStats {
  const areas: ScreeningStats["areas"] = [];
  for (const id of ["phq2", "gad2", "pss4", "miss"] as const) {
    const instrument = getInstrument(id);
    const bands = instrument.bands
      .map((band) => ({ band: band.id, count: rows.find((r) => r.instrument === id && r.band === band.id)?.count ?? 0 }))
      .filter((band) => band.count >= MIN_GROUP)
      .map((band) => ({ band: band.band, count: roundCount(band.count) }));
    if (bands.length === 0) continue;
    const everyone = rows.filter((r) => r.instrument === id).reduce((sum, r) => sum + r.count, 0);
    // Rounded on its own, everyone could come out below the rounded bands: never less than they.
    const shown = bands.reduce((sum, b) => sum + b.count, 0);
    areas.push({ area: instrument.area, instrument: id, total: Math.max(roundCount(everyone), shown), bands });
  }
  return { areas, min_group: MIN_GROUP };
}

/** The start of the clock hour (period) that `now` is in. */
export function periodStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / STATS_PERIOD_MS) * STATS_PERIOD_MS);
}

/** Band counts over each person's newest light screening completed before `before`, decrypted here. */
export async function countBands(ctx: Pick<AppContext, "db" | "cipher">, before: Date): Promise<BandCount[]> {
  const person = sql`coalesce(${screenings.userId}, ${screenings.onboardingId})`;
  const newest = ctx.db
    .selectDistinctOn([person], { id: screenings.id })
    .from(screenings)
    .where(and(eq(screenings.kind, "light"), isNotNull(screenings.completedAt), lt(screenings.completedAt, before)))
    .orderBy(person, desc(screenings.completedAt), desc(screenings.id))
    .as("newest");
  const rows = await ctx.db
    .select({ screeningId: screeningScores.screeningId, instrument: screeningScores.instrument, band: screeningScores.band })
    .from(screeningScores)
    .innerJoin(newest, eq(newest.id, screeningScores.screeningId));
  const counts = new Map<string, BandCount>();
  for (const row of rows) {
    if (!isInstrumentId(row.instrument)) continue;
    const band = openText(ctx.cipher, row.band, screeningScoreAad("band", row.screeningId, row.instrument));
    const key = `${row.instrument}:${band}`;
    const entry = counts.get(key) ?? { instrument: row.instrument, band, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

async function readSnapshot(ctx: Pick<AppContext, "db">) {
  const [row] = await ctx.db.select().from(screeningStatsSnapshots).where(eq(screeningStatsSnapshots.key, SNAPSHOT_KEY));
  return row ?? null;
}

/**
 * Computes the current hour's snapshot unless it exists. Several instances may compute at once:
 * they count the same screenings (completed before the hour began), and the upsert only replaces
 * an older period's row, so the first one stored stands for the hour. Returns true when this call
 * stored it.
 */
export async function refreshScreeningStats(ctx: Pick<AppContext, "db" | "cipher" | "clock">): Promise<boolean> {
  const now = ctx.clock.now();
  const period = periodStart(now);
  const current = await readSnapshot(ctx);
  if (current && current.periodStart.getTime() >= period.getTime()) return false;
  const stats = anonymise(await countBands(ctx, period));
  const stored = await ctx.db
    .insert(screeningStatsSnapshots)
    .values({ key: SNAPSHOT_KEY, periodStart: period, computedAt: now, stats })
    .onConflictDoUpdate({
      target: screeningStatsSnapshots.key,
      set: { periodStart: period, computedAt: now, stats },
      setWhere: lt(screeningStatsSnapshots.periodStart, period),
    })
    .returning({ key: screeningStatsSnapshots.key });
  return stored.length > 0;
}

/** One refresh at a time in this process: requests arriving together at the hour wait for it. */
const inProcess = new WeakMap<object, Promise<boolean>>();

function refreshOnce(ctx: Pick<AppContext, "db" | "cipher" | "clock">): Promise<boolean> {
  const running = inProcess.get(ctx.db);
  if (running) return running;
  const next = refreshScreeningStats(ctx).finally(() => inProcess.delete(ctx.db));
  inProcess.set(ctx.db, next);
  return next;
}

/** GET /screening/stats/: this hour's published snapshot (computed first if no instance has yet). */
export async function screeningStats(ctx: AppContext): Promise<ScreeningStats> {
  const snapshot = await readSnapshot(ctx);
  if (snapshot && snapshot.periodStart.getTime() >= periodStart(ctx.clock.now()).getTime()) return snapshot.stats;
  await refreshOnce(ctx);
  const fresh = await readSnapshot(ctx);
  return fresh?.stats ?? { areas: [], min_group: MIN_GROUP };
}

export const STATS_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** Servers keep the snapshot fresh: at start and every five minutes, a refresh when the hour turned. */
export function scheduleScreeningStatsRefresh(
  ctx: Pick<AppContext, "db" | "cipher" | "clock">,
  log: Log,
  intervalMs: number = STATS_CHECK_INTERVAL_MS,
): () => void {
  const run = () =>
    void refreshOnce(ctx).catch((error: unknown) => {
      log.error({ err: error }, "screening statistics refresh failed");
    });
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
