import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import type { ScreeningOwner } from "./onboarding-service.ts";

export type ScreeningKind = "light" | "extended";

export interface StoredScore {
  instrument: string;
  area: "depression" | "anxiety" | "stress" | "sleep";
  score: number;
  band: string;
  severity: number;
  createdAt: Date;
}

export interface StoredScreening {
  id: string;
  kind: ScreeningKind;
  crisis: boolean;
  startedAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  scores: StoredScore[];
}

export function ownerCondition(owner: ScreeningOwner): SQL {
  return owner.kind === "user" ? eq(screenings.userId, owner.userId) : eq(screenings.onboardingId, owner.onboardingId);
}

/** The owner's newest screening of a kind (completed only when asked), with its scores. */
export async function latestScreening(
  db: DbOrTx,
  owner: ScreeningOwner,
  kind: ScreeningKind,
  options: { completed?: boolean; /** 1 = the one before the newest. */ skip?: number } = {},
): Promise<StoredScreening | null> {
  const conditions = [ownerCondition(owner), eq(screenings.kind, kind)];
  if (options.completed) conditions.push(isNotNull(screenings.completedAt));
  const [row] = await db
    .select({
      id: screenings.id,
      kind: screenings.kind,
      crisis: screenings.crisis,
      startedAt: screenings.startedAt,
      updatedAt: screenings.updatedAt,
      completedAt: screenings.completedAt,
    })
    .from(screenings)
    .where(and(...conditions))
    .orderBy(desc(screenings.startedAt))
    .offset(options.skip ?? 0)
    .limit(1);
  if (!row) return null;
  const scores = await db
    .select({
      instrument: screeningScores.instrument,
      area: screeningScores.area,
      score: screeningScores.score,
      band: screeningScores.band,
      severity: screeningScores.severity,
      createdAt: screeningScores.createdAt,
    })
    .from(screeningScores)
    .where(eq(screeningScores.screeningId, row.id));
  return { ...row, scores };
}

export function answersAad(screeningId: string, instrument: string | null): string {
  return instrument ? `screening_scores.answers:${screeningId}:${instrument}` : `screenings.answers:${screeningId}`;
}
