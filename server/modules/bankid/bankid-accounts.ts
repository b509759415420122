import { eq } from "drizzle-orm";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import type { AppContext } from "../../app-context.ts";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { consents } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { audit } from "../audit/audit.ts";
import { claimOnboardingData } from "../screening/claim-onboarding.ts";
import type { SessionEffect } from "../sessions/session-effects.ts";
import { startSession } from "../sessions/session-service.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import {
  findIdentityByHash,
  insertEvidence,
  insertIdentity,
  setOrderUser,
  updateIdentityNames,
  updatePendingOrder,
  type OrderRow,
} from "./order-repository.ts";
import { encryptPersonalNumber, personalNumberHash } from "./personal-number.ts";
import type { RpCompletionData } from "./rp-schemas.ts";
import { consentRows } from "../accounts/consent.ts";

export type CompletionOutcome =
  | { kind: "session"; userId: string; start: Extract<SessionEffect, { kind: "start" }> }
  | { kind: "no_account" } | { kind: "taken" };

/** Creates a BankID account with the consents of the e-mail registration (terms and health data). */
async function createBankIdAccount(
  ctx: AppContext,
  tx: Tx,
  client: ClientInfo,
  order: OrderRow,
  completion: RpCompletionData,
): Promise<string> {
  const now = ctx.clock.now();
  const [user] = await tx
    .insert(users)
    .values({ email: null, authType: "bankid", locale: order.locale, termsVersion: CURRENT_TERMS_VERSION, consentVersion: CURRENT_CONSENT_VERSION })
    .returning({ id: users.id });
  if (!user) throw new Error("user not created");
  const { personalNumber, name, givenName, surname } = completion.user;
  await insertIdentity(tx, {
    userId: user.id,
    personalNumberHash: personalNumberHash(ctx, personalNumber),
    personalNumber: encryptPersonalNumber(ctx, user.id, personalNumber),
    name,
    givenName,
    surname,
    createdAt: now,
  });
  await tx.insert(consents).values([
    { userId: user.id, kind: "terms", version: CURRENT_TERMS_VERSION, locale: order.locale, givenAt: now },
    ...consentRows(user.id, order.locale, now),
  ]);
  await audit(ctx, tx, { userId: user.id, event: "account.created", ip: client.ip, detail: { method: "bankid" } });
  await audit(ctx, tx, {
    userId: user.id,
    event: "consent.given",
    ip: client.ip,
    detail: { version: CURRENT_TERMS_VERSION, consent_version: CURRENT_CONSENT_VERSION },
  });
  // A visitor who screened first: their onboarding consent, answers and results move in.
  if (order.onboardingToken) await claimOnboardingData(tx, { token: order.onboardingToken, userId: user.id });
  return user.id;
}

/**
 * A completed BankID order, in one transaction: find the account by the keyed hash of the
 * personal number (or create it, for a registration), keep the signature and OCSP answer as
 * evidence, and start a session that counts as two factors (the caller applies `start`).
 */
export async function completeOrder(
  ctx: AppContext,
  client: ClientInfo,
  current: SessionInfo | null,
  order: OrderRow,
  completion: RpCompletionData,
): Promise<CompletionOutcome> {
  try {
    return await completeOrderOnce(ctx, client, current, order, completion);
  } catch (error) {
    // Two first logins of one person at the same moment: both found no account and both created
    // one, and the later one's transaction was undone (its claim of the order too). Once more, it
    // finds the account the other created and logs in to it, as one a moment later would have.
    // Likewise a login to an account deleted meanwhile: once more, it finds no account.
    if (!isUniqueViolation(error, "bankid_identities_personal_number_hash_unique") && !(error instanceof AccountDeletedMeanwhile)) throw error;
    return completeOrderOnce(ctx, client, current, order, completion);
  }
}

/** The account found by the personal number was deleted before its row could be taken. */
class AccountDeletedMeanwhile extends Error {}

async function completeOrderOnce(
  ctx: AppContext,
  client: ClientInfo,
  current: SessionInfo | null,
  order: OrderRow,
  completion: RpCompletionData,
): Promise<CompletionOutcome> {
  return ctx.db.transaction(async (tx) => {
    const identity = await findIdentityByHash(tx, personalNumberHash(ctx, completion.user.personalNumber));
    if (!identity && order.purpose === "login") {
      if (!(await updatePendingOrder(tx, order.handleHash, { status: "failed", hintCode: "noAccount" }))) {
        return { kind: "taken" };
      }
      await audit(ctx, tx, { userId: null, event: "login.failed", ip: client.ip, detail: { method: "bankid", hint: "noAccount" } });
      return { kind: "no_account" };
    }
    const now = ctx.clock.now();
    // Claim the order first: a completed order logs in once, whichever instance sees it first.
    if (!(await updatePendingOrder(tx, order.handleHash, { status: "complete", hintCode: null, consumedAt: now }))) {
      return { kind: "taken" };
    }
    let userId: string;
    if (identity) {
      userId = identity.userId;
      // The account's row before its identity's, as a deletion takes them (the foreign keys
      // cascade): the other order deadlocked with a deletion of the account at the same moment.
      const [live] = await tx.update(users).set({ hasLoggedInBefore: true }).where(eq(users.id, userId)).returning({ id: users.id });
      if (!live) throw new AccountDeletedMeanwhile();
      const { name, givenName, surname } = completion.user;
      await updateIdentityNames(tx, userId, { name, givenName, surname });
    } else {
      userId = await createBankIdAccount(ctx, tx, client, order, completion);
    }
    await tx.update(users).set({ updatedAt: now }).where(eq(users.id, userId));
    await insertEvidence(tx, {
      userId,
      at: now,
      orderRef: order.orderRef,
      signature: completion.signature,
      ocspResponse: completion.ocspResponse,
      deviceIpAddress: completion.device.ipAddress,
      bankIdIssueDate: completion.bankIdIssueDate ?? null,
      stepUp: completion.stepUp?.mrtd ?? null,
    });
    await setOrderUser(tx, order.handleHash, userId);
    const start = await startSession(ctx, tx, client, current, { userId, verified: true });
    await audit(ctx, tx, { userId, event: "login.succeeded", ip: client.ip, detail: { method: "bankid", purpose: order.purpose } });
    return { kind: "session", userId, start };
  });
}
