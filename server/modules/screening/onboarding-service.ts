import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { onboardings } from "../../db/schema/screening.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionInfo } from "../sessions/session-types.ts";

/** Visitor data (consent, answers, results) is kept this long, then deleted by the clean-up. */
export const VISITOR_DATA_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export function hashOnboardingToken(token: string): string {
  return createHash("sha256").update(`onboarding:${token}`).digest("base64url");
}

/**
 * POST /onboarding/: the visitor's consent (health data and statistics, 18 or older) is stored
 * with the consent text's version; the token is shown once and kept hashed.
 */
export async function createOnboarding(ctx: AppContext, locale: Locale): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + VISITOR_DATA_DAYS * DAY_MS);
  await ctx.db.insert(onboardings).values({
    tokenHash: hashOnboardingToken(token),
    locale,
    consentVersion: CURRENT_CONSENT_VERSION,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

export interface LiveOnboarding {
  id: string;
  locale: Locale;
  consentVersion: string;
  expiresAt: Date;
}

/**
 * The onboarding of a token that has not expired and whose consent is of the current text, or
 * null. After a new consent text the visitor is asked again (ADR 021): their token stops working,
 * the screening guard sends them to `/?token=expired` and on to onboarding, and the old data is
 * deleted at its expiry like any other.
 */
export async function findLiveOnboarding(ctx: AppContext, db: DbOrTx, token: string): Promise<LiveOnboarding | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ id: onboardings.id, locale: onboardings.locale, consentVersion: onboardings.consentVersion, expiresAt: onboardings.expiresAt })
    .from(onboardings)
    .where(
      and(
        eq(onboardings.tokenHash, hashOnboardingToken(token)),
        gt(onboardings.expiresAt, ctx.clock.now()),
        eq(onboardings.consentVersion, CURRENT_CONSENT_VERSION),
      ),
    );
  return row ?? null;
}

/** POST /onboarding/valid: 200 for a live token, otherwise 400 `onboarding.token_invalid`. */
export async function validateOnboarding(ctx: AppContext, token: string): Promise<LiveOnboarding> {
  const onboarding = await findLiveOnboarding(ctx, ctx.db, token);
  if (!onboarding) throw new AppError("onboarding.token_invalid");
  return onboarding;
}

/** Whose screening a request is about: a verified user's, or a visitor's through the `token` header. */
export type ScreeningOwner = { kind: "user"; userId: string } | { kind: "visitor"; onboardingId: string };

/**
 * A logged-in session decides (it must have passed its second factor: health data); a visitor
 * needs a live onboarding token (the `token` header, lib/request-data.ts) (400 `onboarding.token_invalid` otherwise).
 */
export async function screeningOwner(ctx: AppContext, token: string | null, session: SessionInfo | null): Promise<ScreeningOwner> {
  if (session) {
    if (!session.verified) throw new AppError("auth.forbidden", { detail: "Two-factor verification required.", reason: "twofa_required" });
    return { kind: "user", userId: session.userId };
  }
  const onboarding = token ? await findLiveOnboarding(ctx, ctx.db, token) : null;
  if (!onboarding) throw new AppError("onboarding.token_invalid");
  return { kind: "visitor", onboardingId: onboarding.id };
}

