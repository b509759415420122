import { and, eq } from "drizzle-orm";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { UserStatus } from "../../../common/schemas/me.ts";
import type { AppContext } from "../../app-context.ts";
import { auditLog, consents } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { isDeletedUserReference, isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../lib/app-error.ts";
import { audit, auditAnonymous } from "../audit/audit.ts";
import { claimOnboardingData } from "../screening/claim-onboarding.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { assertFreshBankIdLogin } from "../bankid/fresh-login.ts";
import { queueMail } from "../mail/outbox.ts";
import * as mail from "../mail/templates.ts";
import { deleteSession } from "../sessions/session-repository.ts";
import type { SessionEffect, WithSessionEffects } from "../sessions/session-effects.ts";
import { startSession } from "../sessions/session-service.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { userStatus } from "../users/user-status.ts";
import { CODE_TTL_MS, consumeEmailCode, createEmailCode, deleteEmailCodesOf, peekEmailCode } from "./email-codes.ts";
import { screenLink } from "./links.ts";
import { needsRehash } from "./password-hash.ts";
import { assertAcceptablePassword, checkPasswordHash, hashNewPassword } from "./passwords.ts";
import { findUserByEmail, findUserById, lockUserRow } from "./users-repository.ts";
import { confirmSecondFactor } from "./twofa-service.ts";
import { againIfDeleted, limitMailRequests } from "./mail-requests.ts";
import { verifyOwnPassword } from "./password-service.ts";
import { assertCurrentConsent, consentRows } from "./consent.ts";

/**
 * An address that another registration or e-mail change took between the "not taken" check and
 * the write (both at the same moment): refused as the check refuses it when they come one by one.
 */
export function refuseTakenAddress(error: unknown): never {
  if (isUniqueViolation(error, "users_email_unique")) throw new AppError("auth.link_invalid");
  throw error;
}

/**
 * Registration by e-mail, step 1: always the same answer. A new address gets a link to the
 * complete-registration screen; an address with an account gets a note saying so instead.
 */
export async function requestRegistration(ctx: AppContext, client: ClientInfo, email: string, locale: Locale): Promise<void> {
  await limitMailRequests(ctx, client, "register", email);
  await againIfDeleted(() => registrationMail(ctx, client, email, locale));
}

async function registrationMail(ctx: AppContext, client: ClientInfo, email: string, locale: Locale): Promise<void> {
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    const lang = existing.locale;
    await queueMail(
      ctx,
      ctx.db,
      {
        to: email,
        ...mail.registrationExists({
          locale: lang,
          loginLink: screenLink(ctx, client, "home", lang, { login: "email" }),
          resetLink: screenLink(ctx, client, "resetPassword", lang),
        }),
      },
      { userId: existing.id },
    );
    return;
  }
  // The code and the mail that carries it are stored together, or neither is.
  await ctx.db.transaction(async (tx) => {
    const code = await createEmailCode(tx, ctx.clock, { purpose: "register", email, userId: null, locale });
    await queueMail(
      ctx,
      tx,
      { to: email, ...mail.registrationLink({ locale, link: screenLink(ctx, client, "register", locale, { code }) }) },
      { expiresAt: new Date(ctx.clock.now().getTime() + CODE_TTL_MS.register) },
    );
  });
  ctx.wakeWorker();
}

/** The address a live registration code was sent to (the complete-registration form shows it). */
export async function registrationEmail(ctx: AppContext, client: ClientInfo, code: string): Promise<string> {
  const attempt = await ctx.throttle.reserveLinkGuess(client.ip);
  const row = await peekEmailCode(ctx.db, ctx.clock, code, "register");
  if (!row) throw new AppError("auth.link_invalid");
  await attempt.succeeded();
  return row.email;
}

export interface CompleteRegistration {
  code: string;
  password: string;
  termsVersion: string;
  consentVersion: string;
}

/**
 * Registration, step 2: creates the account with its consents (terms version, language, time)
 * and logs the user in; the guards then send a password account to set up 2FA.
 */
export async function completeRegistration(
  ctx: AppContext,
  client: ClientInfo,
  current: SessionInfo | null,
  input: CompleteRegistration,
  onboardingToken: string | null,
): Promise<WithSessionEffects<UserStatus>> {
  if (input.termsVersion !== CURRENT_TERMS_VERSION) {
    throw new AppError("request.invalid", { fields: { "body.terms_version": "terms.outdated" } });
  }
  assertCurrentConsent(input.consentVersion);
  const email = await registrationEmail(ctx, client, input.code);
  assertAcceptablePassword(input.password, email, "body.password");
  const passwordHash = await hashNewPassword(input.password);
  const session = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailCode(tx, ctx.clock, input.code, "register");
    if (!row) throw new AppError("auth.link_invalid");
    if (await findUserByEmail(tx, row.email)) throw new AppError("auth.link_invalid");
    const now = ctx.clock.now();
    const [user] = await tx
      .insert(users)
      .values({
        email: row.email,
        authType: "email",
        locale: row.locale,
        passwordHash,
        termsVersion: CURRENT_TERMS_VERSION,
        consentVersion: CURRENT_CONSENT_VERSION,
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user not created");
    await tx.insert(consents).values([
      { userId: user.id, kind: "terms", version: CURRENT_TERMS_VERSION, locale: row.locale, givenAt: now },
      ...consentRows(user.id, row.locale, now),
    ]);
    await audit(ctx, tx, { userId: user.id, event: "account.created", ip: client.ip, detail: { method: "email" } });
    await audit(ctx, tx, {
      userId: user.id,
      event: "consent.given",
      ip: client.ip,
      detail: { version: CURRENT_TERMS_VERSION, consent_version: CURRENT_CONSENT_VERSION },
    });
    // A visitor who screened first sends their onboarding token: their screenings move in.
    if (onboardingToken) await claimOnboardingData(tx, { token: onboardingToken, userId: user.id });
    return startSession(ctx, tx, client, current, { userId: user.id, verified: false });
  }).catch(refuseTakenAddress);
  return { result: userStatus(session.session), effects: [session, { kind: "rotate-csrf" }] };
}

/** Resends the registration e-mail (the pending-registration screen's "send again"). */
export async function resendRegistration(ctx: AppContext, client: ClientInfo, email: string, locale: Locale): Promise<void> {
  await requestRegistration(ctx, client, email, locale);
}

/**
 * E-mail and password login. Same answer and about the same time for a wrong password and an
 * unknown address. The new session is never verified: the second factor comes next.
 */
export async function loginWithPassword(
  ctx: AppContext,
  client: ClientInfo,
  current: SessionInfo | null,
  email: string,
  password: string,
): Promise<WithSessionEffects<UserStatus>> {
  // The guess is reserved atomically before the password is checked (docs/security.md,
  // "Throttling"); the endpoint admitted the request per source before anything else.
  const attempt = await ctx.throttle.reserveGuess("login", email.toLowerCase(), client.ip);
  const user = await findUserByEmail(ctx.db, email);
  const checked = user?.passwordHash ?? null;
  const ok = await checkPasswordHash(checked, password);
  if (!user || !checked || !ok) {
    const failed = (userId: string | null) => audit(ctx, ctx.db, { userId, event: "login.failed", ip: client.ip, detail: { method: "email" } });
    // An account deleted while its password was checked: recorded as for an address without one.
    await failed(user?.id ?? null).catch((error: unknown) => {
      if (!user || !isDeletedUserReference(error, user.id)) throw error;
      return failed(null);
    });
    throw new AppError("auth.invalid_credentials");
  }
  await attempt.succeeded();
  const rehashed = needsRehash(checked) ? await hashNewPassword(password) : null;
  const session = await ctx.db.transaction(async (tx) => {
    // Only while the hash is still the one checked: a password reset or change that committed
    // since then has revoked the sessions, and no session for the old password may outlive it; nor
    // for an account deleted since. Before the session: from here the row is locked to the commit,
    // so a reset (or a deletion) that comes later revokes (deletes) this session.
    const [unchanged] = await tx
      .update(users)
      .set({ hasLoggedInBefore: true, ...(rehashed ? { passwordHash: rehashed } : {}) })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, checked)))
      .returning({ id: users.id });
    if (!unchanged) throw new AppError("auth.invalid_credentials");
    const started = await startSession(ctx, tx, client, current, { userId: user.id, verified: false });
    await audit(ctx, tx, { userId: user.id, event: "login.succeeded", ip: client.ip, detail: { method: "email" } });
    return started;
  });
  // The theme saved to the account follows the user to a new device from the next render on.
  const effects: SessionEffect[] = [session];
  if (user.theme) effects.push({ kind: "theme", theme: user.theme });
  effects.push({ kind: "rotate-csrf" });
  return { result: userStatus(session.session), effects };
}

/**
 * Records acceptance of the current terms together with the current consent text and the 18+
 * confirmation (ReApproveTermsDialog; ADR 021).
 */
export async function acceptTerms(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  input: { version: string; consentVersion: string },
): Promise<UserStatus> {
  const { version, consentVersion } = input;
  if (version !== CURRENT_TERMS_VERSION) {
    throw new AppError("request.invalid", { fields: { "body.version": "terms.outdated" } });
  }
  assertCurrentConsent(consentVersion);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await tx.update(users).set({ termsVersion: version, consentVersion, updatedAt: now }).where(eq(users.id, session.userId));
    await tx.insert(consents).values([
      { userId: session.userId, kind: "terms", version, locale: session.user.locale, givenAt: now },
      ...consentRows(session.userId, session.user.locale, now, consentVersion),
    ]);
    await audit(ctx, tx, { userId: session.userId, event: "consent.given", ip: client.ip, detail: { version, consent_version: consentVersion } });
  });
  return userStatus({ ...session, user: { ...session.user, termsVersion: version, consentVersion } });
}

/**
 * Deletes the account after a fresh confirmation (password, an authenticator code for accounts
 * without one, or a BankID login of the last minutes for BankID accounts): every row about the user
 * goes, audit entries too; an `account.deleted` entry that names no one stays. The caller ends the
 * session, rotates the CSRF secret and has the browser clear its cache and storage (the effects).
 */
export async function deleteAccount(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  confirmation: {
    password?: string | undefined;
    code?: string | undefined;
    bankid?: true | undefined;
    withdraw_consent?: "terms" | "health_data" | undefined;
  },
): Promise<SessionEffect[]> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw new AppError("auth.not_authenticated");
  if (user.passwordHash) {
    if (confirmation.password === undefined) {
      throw new AppError("request.invalid", { fields: { "body.password": "required" } });
    }
    await verifyOwnPassword(ctx, client, user.id, user.passwordHash, confirmation.password, "body.password");
  } else if (user.authType === "bankid" && !user.totpEnabledAt) {
    // A BankID account confirms with a fresh BankID login (ADR 010).
    if (confirmation.bankid !== true) throw new AppError("request.invalid", { fields: { "body.bankid": "required" } });
    assertFreshBankIdLogin(ctx, session);
  } else {
    if (confirmation.code === undefined) throw new AppError("request.invalid", { fields: { "body.code": "required" } });
    await confirmSecondFactor(ctx, client, user, confirmation.code);
  }
  await ctx.db.transaction(async (tx) => {
    // Nothing that links to the person stays (docs/retention.md): their audit entries go with the
    // account (the foreign key cascades), and so do their e-mail codes, also those sent to the
    // address without a user id (registration). What stays names no one: the event and the day.
    if (confirmation.withdraw_consent) {
      await auditAnonymous(ctx, tx, { event: "consent.withdrawn", detail: { kind: confirmation.withdraw_consent } });
    }
    await auditAnonymous(ctx, tx, { event: "account.deleted" });
    await deleteEmailCodesOf(tx, user);
    // The account's row (after its codes: ADR 032), then the request's own session, which must
    // still be there: a second deletion at the same moment, or one from a session that a logout of
    // the other devices or a password change ended meanwhile, deletes nothing (401, no 2nd farewell).
    await lockUserRow(tx, user.id, "update");
    if (!(await deleteSession(tx, session.idHash))) throw new AppError("auth.not_authenticated");
    await tx.delete(auditLog).where(eq(auditLog.userId, user.id));
    await tx.delete(users).where(eq(users.id, user.id));
    // The farewell is the account's last mail: no user id, so the deletion does not take it along.
    if (user.email) await queueMail(ctx, tx, { to: user.email, ...mail.accountDeleted({ locale: user.locale }) });
  });
  ctx.wakeWorker();
  await ctx.throttle.forgetAccount(user.id, user.email);
  return [{ kind: "end" }, { kind: "rotate-csrf" }, { kind: "clear-site-data" }];
}
