import type { AppContext } from "../../app-context.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { throttleKey, type RatePolicy } from "../throttle/throttle.ts";

const HOUR = 3_600_000;

/**
 * Visitors need no account, so fake people for the screening statistics would cost nothing but a
 * request: onboardings and visitors' screening submissions are limited per client address
 * (429 with Retry-After). Generous enough for a household or a clinic behind one address;
 * `VISITOR_ONBOARDINGS_PER_HOUR` (20) and `VISITOR_SCREENINGS_PER_HOUR` (60) set the limits.
 */
export function visitorOnboardingRate(ctx: Pick<AppContext, "env">): RatePolicy {
  return { kind: "rate", limit: ctx.env.VISITOR_ONBOARDINGS_PER_HOUR, windowMs: HOUR };
}

/** Light and extended screening submissions by visitors together (an extended one may take several). */
export function visitorScreeningRate(ctx: Pick<AppContext, "env">): RatePolicy {
  return { kind: "rate", limit: ctx.env.VISITOR_SCREENINGS_PER_HOUR, windowMs: HOUR };
}

export async function throttleOnboarding(ctx: AppContext, client: ClientInfo): Promise<void> {
  await ctx.throttle.hit([{ key: throttleKey("onboarding:ip", client.ip), policy: visitorOnboardingRate(ctx) }]);
}

/**
 * Counts a screening submission without a session (a visitor's, checked before the token, so
 * attempts with a wrong token count too); accounts are limited by registration instead.
 */
export async function throttleScreening(ctx: AppContext, client: ClientInfo, session: SessionInfo | null): Promise<void> {
  if (session) return;
  await ctx.throttle.hit([{ key: throttleKey("screening:ip", client.ip), policy: visitorScreeningRate(ctx) }]);
}
