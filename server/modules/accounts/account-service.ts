import type { FastifyReply, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { CURRENT_TERMS_VERSION } from "../../../common/auth/terms.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { UserStatus } from "../../../common/schemas/me.ts";
import type { AppContext } from "../../app-context.ts";
import { consents } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/app-error.ts";
import { rotateCsrfSecret } from "../../plugins/csrf.ts";
import { audit } from "../audit/audit.ts";
import { claimOnboardingData } from "../screening/claim-onboarding.ts";
import { tokenHeader } from "../screening/onboarding-service.ts";
import { assertFreshBankIdLogin } from "../bankid/fresh-login.ts";
import * as mail from "../mail/templates.ts";
import { deleteOtherSessions, deleteSessionsOfUser } from "../sessions/session-repository.ts";
import { clearSessionCookie, startSession } from "../sessions/session-service.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { throttleKey } from "../throttle/throttle.ts";
import { userStatus } from "../users/user-status.ts";
import { consumeEmailCode, createEmailCode, peekEmailCode } from "./email-codes.ts";
import { screenLink } from "./links.ts";
import { needsRehash } from "./password-hash.ts";
import { assertAcceptablePassword, checkPasswordHash, hashNewPassword } from "./passwords.ts";
import { setThemeCookie } from "../profile/theme-cookie.ts";
import { findUserByEmail, findUserById } from "./users-repository.ts";
import { confirmSecondFactor } from "./twofa-service.ts";

type Req = FastifyRequest;

/** Per-address and per-IP limits on requests that send e-mail (no account enumeration). */
async function limitMailRequests(ctx: AppContext, req: Req, scope: string, email: string): Promise<void> {
  await ctx.throttle.hit([
    { key: throttleKey(`${scope}:email`, email), policy: ctx.policies.emailRate },
    { key: throttleKey(`${scope}:ip`, req.ip), policy: ctx.policies.ipRate },
  ]);
}

/**
 * Registration by e-mail, step 1: always the same answer. A new address gets a link to the
 * complete-registration screen; an address with an account gets a note saying so instead.
 */
export async function requestRegistration(ctx: AppContext, req: Req, email: string, locale: Locale): Promise<void> {
  await limitMailRequests(ctx, req, "register", email);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    const lang = existing.locale;
    await ctx.mailer.send({
      to: email,
      ...mail.registrationExists({
        locale: lang,
        loginLink: screenLink(ctx, req, "home", lang, { login: "email" }),
        resetLink: screenLink(ctx, req, "resetPassword", lang),
      }),
    });
    return;
  }
  const code = await createEmailCode(ctx.db, ctx.clock, { purpose: "register", email, userId: null, locale });
  await ctx.mailer.send({
    to: email,
    ...mail.registrationLink({ locale, link: screenLink(ctx, req, "register", locale, { code }) }),
  });
}

/** The address a live registration code was sent to (the complete-registration form shows it). */
export async function registrationEmail(ctx: AppContext, req: Req, code: string): Promise<string> {
  const ipKey = { key: throttleKey("code:ip", req.ip), policy: ctx.policies.ipFailures };
  await ctx.throttle.assertAllowed([ipKey]);
  const row = await peekEmailCode(ctx.db, ctx.clock, code, "register");
  if (!row) {
    await ctx.throttle.recordFailure([ipKey]);
    throw new AppError("auth.link_invalid");
  }
  return row.email;
}

export interface CompleteRegistration {
  code: string;
  password: string;
  termsVersion: string;
}

/**
 * Registration, step 2: creates the account with its consents (terms version, language, time)
 * and logs the user in; the guards then send a password account to set up 2FA.
 */
export async function completeRegistration(
  ctx: AppContext,
  req: Req,
  reply: FastifyReply,
  input: CompleteRegistration,
): Promise<UserStatus> {
  if (input.termsVersion !== CURRENT_TERMS_VERSION) {
    throw new AppError("request.invalid", { fields: { "body.terms_version": "terms.outdated" } });
  }
  const email = await registrationEmail(ctx, req, input.code);
  assertAcceptablePassword(input.password, email, "body.password");
  const passwordHash = await hashNewPassword(input.password);
  const session = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailCode(tx, ctx.clock, input.code, "register");
    if (!row) throw new AppError("auth.link_invalid");
    if (await findUserByEmail(tx, row.email)) throw new AppError("auth.link_invalid");
    const now = ctx.clock.now();
    const [user] = await tx
      .insert(users)
      .values({ email: row.email, authType: "email", locale: row.locale, passwordHash, termsVersion: CURRENT_TERMS_VERSION })
      .returning({ id: users.id });
    if (!user) throw new Error("user not created");
    await tx.insert(consents).values([
      { userId: user.id, kind: "terms", version: CURRENT_TERMS_VERSION, locale: row.locale, givenAt: now },
      { userId: user.id, kind: "health_data", version: CURRENT_TERMS_VERSION, locale: row.locale, givenAt: now },
    ]);
    await audit(ctx, tx, { userId: user.id, event: "account.created", ip: req.ip, detail: { method: "email" } });
    await audit(ctx, tx, { userId: user.id, event: "consent.given", ip: req.ip, detail: { version: CURRENT_TERMS_VERSION } });
    // A visitor who screened first sends their onboarding token: their screenings move in.
    const onboardingToken = tokenHeader(req);
    if (onboardingToken) await claimOnboardingData(tx, { token: onboardingToken, userId: user.id });
    return startSession(ctx, tx, req, reply, { userId: user.id, verified: false });
  });
  rotateCsrfSecret(req, reply);
  return userStatus(session);
}

/** Resends the registration e-mail (the pending-registration screen's "send again"). */
export async function resendRegistration(ctx: AppContext, req: Req, email: string, locale: Locale): Promise<void> {
  await requestRegistration(ctx, req, email, locale);
}

/**
 * E-mail and password login. Same answer and about the same time for a wrong password and an
 * unknown address. The new session is never verified: the second factor comes next.
 */
export async function loginWithPassword(
  ctx: AppContext,
  req: Req,
  reply: FastifyReply,
  email: string,
  password: string,
): Promise<UserStatus> {
  const accountKey = { key: throttleKey("login:acct", email), policy: ctx.policies.accountFailures };
  const ipKey = { key: throttleKey("login:ip", req.ip), policy: ctx.policies.ipFailures };
  await ctx.throttle.assertAllowed([accountKey, ipKey]);
  const user = await findUserByEmail(ctx.db, email);
  const ok = await checkPasswordHash(user?.passwordHash, password);
  if (!user || !ok) {
    await ctx.throttle.recordFailure([accountKey, ipKey]);
    await audit(ctx, ctx.db, { userId: user?.id ?? null, event: "login.failed", ip: req.ip, detail: { method: "email" } });
    throw new AppError("auth.invalid_credentials");
  }
  await ctx.throttle.recordSuccess([accountKey.key]);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await ctx.db.update(users).set({ passwordHash: await hashNewPassword(password) }).where(eq(users.id, user.id));
  }
  const session = await ctx.db.transaction(async (tx) => {
    const started = await startSession(ctx, tx, req, reply, { userId: user.id, verified: false });
    await tx.update(users).set({ hasLoggedInBefore: true }).where(eq(users.id, user.id));
    await audit(ctx, tx, { userId: user.id, event: "login.succeeded", ip: req.ip, detail: { method: "email" } });
    return started;
  });
  // The theme saved to the account follows the user to a new device from the next render on.
  if (user.theme) setThemeCookie(ctx, reply, user.theme);
  rotateCsrfSecret(req, reply);
  return userStatus(session);
}

/** Password reset, step 1: 202 always; the e-mail says what applies to the address. */
export async function requestPasswordReset(ctx: AppContext, req: Req, email: string, locale: Locale): Promise<void> {
  await limitMailRequests(ctx, req, "reset", email);
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.passwordHash) {
    await ctx.mailer.send({
      to: email,
      ...mail.passwordResetNoAccount({ locale, registerLink: screenLink(ctx, req, "home", locale) }),
    });
    return;
  }
  const code = await createEmailCode(ctx.db, ctx.clock, { purpose: "reset", email, userId: user.id, locale: user.locale });
  await ctx.mailer.send({
    to: email,
    ...mail.passwordReset({ locale: user.locale, link: screenLink(ctx, req, "resetPassword", user.locale, { token: code }) }),
  });
}

/** Password reset, step 2: sets the password and revokes every session of the account. */
export async function completePasswordReset(ctx: AppContext, req: Req, token: string, password: string): Promise<void> {
  const ipKey = { key: throttleKey("code:ip", req.ip), policy: ctx.policies.ipFailures };
  await ctx.throttle.assertAllowed([ipKey]);
  const pending = await peekEmailCode(ctx.db, ctx.clock, token, "reset");
  if (!pending?.userId) {
    await ctx.throttle.recordFailure([ipKey]);
    throw new AppError("auth.link_invalid");
  }
  assertAcceptablePassword(password, pending.email, "body.password");
  const passwordHash = await hashNewPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailCode(tx, ctx.clock, token, "reset");
    if (!row?.userId) throw new AppError("auth.link_invalid");
    const found = await findUserById(tx, row.userId);
    if (!found) throw new AppError("auth.link_invalid");
    await tx.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, found.id));
    await deleteSessionsOfUser(tx, found.id);
    await audit(ctx, tx, { userId: found.id, event: "password.reset", ip: req.ip });
    return found;
  });
  // A successful reset proves control of the mailbox: earlier failed logins no longer count.
  await ctx.throttle.recordSuccess([throttleKey("login:acct", pending.email)]);
  if (user.email) await ctx.mailer.send({ to: user.email, ...mail.passwordChanged({ locale: user.locale }) });
}

/** Password change (logged in and verified): the current password first; other sessions end. */
export async function changePassword(
  ctx: AppContext,
  req: Req,
  session: SessionInfo,
  current: string,
  next: string,
): Promise<void> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user?.passwordHash) throw new AppError("request.invalid", { fields: { "body.current_password": "password.none" } });
  await verifyOwnPassword(ctx, req, user.id, user.passwordHash, current, "body.current_password");
  assertAcceptablePassword(next, user.email, "body.new_password");
  const passwordHash = await hashNewPassword(next);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id));
    await deleteOtherSessions(tx, user.id, session.idHash);
    await audit(ctx, tx, { userId: user.id, event: "password.changed", ip: req.ip });
  });
  if (user.email) await ctx.mailer.send({ to: user.email, ...mail.passwordChanged({ locale: user.locale }) });
}

/** A confirmation with the user's own password, throttled per account like a login. */
export async function verifyOwnPassword(
  ctx: AppContext,
  req: Req,
  userId: string,
  hash: string,
  password: string,
  field: string,
): Promise<void> {
  const key = { key: throttleKey("confirm:acct", userId), policy: ctx.policies.accountFailures };
  await ctx.throttle.assertAllowed([key]);
  if (!(await checkPasswordHash(hash, password))) {
    await ctx.throttle.recordFailure([key]);
    throw new AppError("auth.invalid_credentials", { fields: { [field]: "password.incorrect" } });
  }
  await ctx.throttle.recordSuccess([key.key]);
}

/** Records acceptance of the current terms (ReApproveTermsDialog). */
export async function acceptTerms(ctx: AppContext, req: Req, session: SessionInfo, version: string): Promise<UserStatus> {
  if (version !== CURRENT_TERMS_VERSION) {
    throw new AppError("request.invalid", { fields: { "body.version": "terms.outdated" } });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ termsVersion: version, updatedAt: ctx.clock.now() }).where(eq(users.id, session.userId));
    await tx.insert(consents).values({
      userId: session.userId,
      kind: "terms",
      version,
      locale: session.user.locale,
      givenAt: ctx.clock.now(),
    });
    await audit(ctx, tx, { userId: session.userId, event: "consent.given", ip: req.ip, detail: { version } });
  });
  return userStatus({ ...session, user: { ...session.user, termsVersion: version } });
}

/**
 * Deletes the account after a fresh confirmation (password, an authenticator code for accounts
 * without one, or a BankID login of the last minutes for BankID accounts): every row about the user goes; a pseudonymised audit entry stays.
 */
export async function deleteAccount(
  ctx: AppContext,
  req: Req,
  reply: FastifyReply,
  session: SessionInfo,
  confirmation: {
    password?: string | undefined;
    code?: string | undefined;
    bankid?: true | undefined;
    withdraw_consent?: "terms" | "health_data" | undefined;
  },
): Promise<void> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw new AppError("auth.not_authenticated");
  if (user.passwordHash) {
    if (confirmation.password === undefined) {
      throw new AppError("request.invalid", { fields: { "body.password": "required" } });
    }
    await verifyOwnPassword(ctx, req, user.id, user.passwordHash, confirmation.password, "body.password");
  } else if (user.authType === "bankid" && !user.totpEnabledAt) {
    // A BankID account confirms with a fresh BankID login (ADR 010).
    if (confirmation.bankid !== true) throw new AppError("request.invalid", { fields: { "body.bankid": "required" } });
    assertFreshBankIdLogin(ctx, session);
  } else {
    if (confirmation.code === undefined) throw new AppError("request.invalid", { fields: { "body.code": "required" } });
    await confirmSecondFactor(ctx, req, user, confirmation.code);
  }
  await ctx.db.transaction(async (tx) => {
    if (confirmation.withdraw_consent) {
      await audit(ctx, tx, { userId: user.id, event: "consent.withdrawn", ip: req.ip, detail: { kind: confirmation.withdraw_consent } });
    }
    await audit(ctx, tx, { userId: user.id, event: "account.deleted", ip: req.ip });
    await tx.delete(users).where(eq(users.id, user.id));
  });
  req.session = null;
  clearSessionCookie(ctx, reply);
  rotateCsrfSecret(req, reply);
  reply.header("Clear-Site-Data", '"cache", "storage"');
  if (user.email) await ctx.mailer.send({ to: user.email, ...mail.accountDeleted({ locale: user.locale }) });
}
