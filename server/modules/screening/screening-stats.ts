import { and, count, eq, isNotNull } from "drizzle-orm";
import { getInstrument, isInstrumentId } from "../../../common/instruments/registry.ts";
import type { ScreeningStats } from "../../../common/schemas/screening.ts";
import type { AppContext } from "../../app-context.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";

/** A band is shown only when at least this many people are in it (k-anonymity). */
export const MIN_GROUP = 10;

interface BandCount {
  instrument: string;
  band: string;
  count: number;
}

/**
 * Keeps only bands with at least MIN_GROUP people; the total is the sum of the shown bands, so
 * a hidden small group cannot be worked out by subtraction. Areas with nothing to show are left out.
 */
export function anonymise(rows: readonly BandCount[]): ScreeningStats {
  const areas: ScreeningStats["areas"] = [];
  for (const id of ["phq2", "gad2", "pss4", "miss"] as const) {
    const instrument = getInstrument(id);
    const bands = instrument.bands
      .map((band) => ({ band: band.id, count: rows.find((r) => r.instrument === id && r.band === band.id)?.count ?? 0 }))
      .filter((band) => band.count >= MIN_GROUP);
    if (bands.length === 0) continue;
    areas.push({ area: instrument.area, instrument: id, total: bands.reduce((sum, b) => sum + b.count, 0), bands });
  }
  return { areas, min_group: MIN_GROUP };
}

/** GET /screening/stats/: how others answered the light screening, anonymised. */
export async function screeningStats(ctx: AppContext): Promise<ScreeningStats> {
  const rows = await ctx.db
    .select({ instrument: screeningScores.instrument, band: screeningScores.band, count: count() })
    .from(screeningScores)
    .innerJoin(screenings, eq(screenings.id, screeningScores.screeningId))
    .where(and(eq(screenings.kind, "light"), isNotNull(screenings.completedAt)))
    .groupBy(screeningScores.instrument, screeningScores.band);
  return anonymise(rows.filter((row) => isInstrumentId(row.instrument)));
}
