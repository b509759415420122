import { CRISIS_ADVICE_DAYS, SCREENING_VALID_DAYS } from "../../../common/clinical/rules.ts";
import type { AppContext } from "../../app-context.ts";
import { evaluationCrisisSince } from "../courses/evaluation-repository.ts";
import type { ScreeningOwner } from "../screening/onboarding-service.ts";
import { completedScreeningSince, screeningCrisisSince } from "../screening/screening-repository.ts";

const DAY_MS = 86_400_000;

function daysAgo(ctx: Pick<AppContext, "clock">, days: number): Date {
  return new Date(ctx.clock.now().getTime() - days * DAY_MS);
}

/**
 * PHQ-9 item 9 answered above 0 in the last 14 days, anywhere: a screening (light or extended,
 * also one not finished) or, for a user, a course evaluation or check-in. Keeps the healthcare
 * advice on (rule H4 of docs/clinical/recommendations.md) and withholds the sleep window (G2).
 */
export async function recentCrisis(ctx: Pick<AppContext, "db" | "cipher" | "clock">, owner: ScreeningOwner): Promise<boolean> {
  const since = daysAgo(ctx, CRISIS_ADVICE_DAYS);
  if (await screeningCrisisSince(ctx.db, ctx.cipher, owner, since)) return true;
  return owner.kind === "user" && (await evaluationCrisisSince(ctx.db, ctx.cipher, owner.userId, since));
}

/** A completed screening in the last 90 days, the person's own or brought from onboarding (S1). */
export async function hasRecentScreening(ctx: Pick<AppContext, "db" | "clock">, userId: string): Promise<boolean> {
  return completedScreeningSince(ctx.db, { kind: "user", userId }, daysAgo(ctx, SCREENING_VALID_DAYS));
}
