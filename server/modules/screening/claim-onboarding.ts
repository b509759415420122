import { and, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { auditLog, consents } from "../../db/schema/accounts.ts";
import { onboardings, screenings } from "../../db/schema/screening.ts";
import { consentRows } from "../accounts/consent.ts";
import { hashOnboardingToken } from "./onboarding-service.ts";

/**
 * From visitor to user (issue 6, point 7): moves a visitor's onboarding consent, screenings
 * (answers and results) and audit entries (crisis shown) into a new account and deletes the
 * onboarding and its token. Runs inside the account-creation transaction. An unknown or expired token moves nothing.
 */
export async function claimOnboardingData(tx: Tx, input: { token: string; userId: string }): Promise<{ screenings: number }> {
  // The onboarding's row first, until the commit, as the visitor clean-up takes it: a screening the
  // visitor saves meanwhile holds it (key share) from start to commit, so it is moved with the rest
  // or waits and finds the token gone. Without the lock, one committed between the move and the
  // DELETE went with the onboarding (answered as saved), and one that changed a moved screening
  // deadlocked with the DELETE (server/security/concurrent-privacy.pg.test.ts).
  const [onboarding] = await tx
    .select({ id: onboardings.id, locale: onboardings.locale, consentVersion: onboardings.consentVersion, createdAt: onboardings.createdAt })
    .from(onboardings)
    .where(and(eq(onboardings.tokenHash, hashOnboardingToken(input.token)), gt(onboardings.expiresAt, sql`now()`)))
    .for("update");
  if (!onboarding) return { screenings: 0 };
  const moved = await tx
    .update(screenings)
    .set({ userId: input.userId, onboardingId: null })
    .where(eq(screenings.onboardingId, onboarding.id))
    .returning({ id: screenings.id });
  // Before the onboarding goes: its entries would be deleted with it (the foreign key cascades).
  await tx.update(auditLog).set({ userId: input.userId, onboardingId: null }).where(eq(auditLog.onboardingId, onboarding.id));
  // The consent the visitor gave (health data and statistics, 18 or older) under its own version and time.
  await tx.insert(consents).values(consentRows(input.userId, onboarding.locale, onboarding.createdAt, onboarding.consentVersion));
  await tx.delete(onboardings).where(eq(onboardings.id, onboarding.id));
  return { screenings: moved.length };
}
