import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { UserStatus } from "../../../common/schemas/me.ts";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { recoveryCodes } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/app-error.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { audit } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.ts";
import * as mail from "../mail/templates.ts";
import { deleteOtherSessions } from "../sessions/session-repository.ts";
import type { SessionEffect, WithSessionEffects } from "../sessions/session-effects.ts";
import { startSession } from "../sessions/session-service.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { throttleKey } from "../throttle/throttle.ts";
import {
  generateRecoveryCodes,
  generateSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  qrSvg,
  verifyTotp,
} from "../twofa/totp.ts";
import { userStatus } from "../users/user-status.ts";
import { findUserById, type UserRow } from "./users-repository.ts";

const ISSUER = "KBT Självhjälp";

/** The TOTP secret is bound to its row: a value copied to another user does not decrypt. */
export function totpSecretAad(userId: string): string {
  return `users.totp_secret:${userId}`;
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

async function requireUser(ctx: AppContext, session: SessionInfo): Promise<UserRow> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw new AppError("auth.not_authenticated");
  return user;
}

export interface TwofaSetup {
  enabled: boolean;
  secret: string | null;
  otpauth_url: string | null;
  qr_svg: string | null;
}

/**
 * The enrolment material while 2FA is not enabled: a 160-bit secret (kept encrypted and reused
 * until confirmed), its otpauth URL and a QR code. Nothing once enabled.
 */
export async function twofaSetup(ctx: AppContext, session: SessionInfo, qrLabel: string): Promise<TwofaSetup> {
  const user = await requireUser(ctx, session);
  const secret = await pendingSecret(ctx, user);
  if (!secret) return { enabled: true, secret: null, otpauth_url: null, qr_svg: null };
  const url = otpauthUrl({ secret, accountName: user.email ?? user.id, issuer: ISSUER });
  return { enabled: false, secret, otpauth_url: url, qr_svg: await qrSvg(url, qrLabel) };
}

/**
 * The secret waiting to be confirmed (null once 2FA is on): the stored one, else a new one that
 * is stored only if no other request stored one first.
 */
async function pendingSecret(ctx: AppContext, user: UserRow): Promise<string | null> {
  if (user.totpEnabledAt) return null;
  if (user.totpSecret) return ctx.cipher.decrypt(user.totpSecret, totpSecretAad(user.id));
  const secret = generateSecret();
  const stored = await ctx.db
    .update(users)
    .set({ totpSecret: ctx.cipher.encrypt(secret, totpSecretAad(user.id)), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), isNull(users.totpSecret)))
    .returning({ id: users.id });
  if (stored.length === 1) return secret;
  // A simultaneous request (a second tab, a prefetch) stored its secret first. Everyone is shown
  // that one: overwriting it would leave the other tab's QR code with a secret that never works.
  const current = await findUserById(ctx.db, user.id);
  if (!current) throw new AppError("auth.not_authenticated");
  return pendingSecret(ctx, current);
}

/** Accepts a TOTP code once: the last used time step moves forward atomically. */
async function useTotp(ctx: AppContext, db: DbOrTx, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const secret = ctx.cipher.decrypt(user.totpSecret, totpSecretAad(user.id));
  const result = verifyTotp(secret, code, ctx.clock.now().getTime(), user.totpLastStep);
  if (!result.ok) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: result.step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, result.step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Uses an unused recovery code (single use, atomic). */
async function useRecoveryCode(ctx: AppContext, db: DbOrTx, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

const SIX_DIGITS = /^\d{6}$/;
/** How long one second-factor check may hold its user's lease (it takes milliseconds). */
const SECOND_FACTOR_LEASE_MS = 10_000;

/**
 * Checks a second factor (an authenticator code, or a recovery code when 2FA is enabled),
 * throttled per account and per IP. Throws `auth.code_invalid`.
 */
export async function confirmSecondFactor(
  ctx: AppContext,
  client: ClientInfo,
  user: UserRow,
  rawCode: string,
  options: { allowRecovery?: boolean } = {},
): Promise<"totp" | "recovery"> {
  // One check in flight per user (across instances), and the guess reserved before it is checked.
  const kind = await ctx.throttle.exclusive(throttleKey("2fa:busy", user.id), SECOND_FACTOR_LEASE_MS, async () => {
    const attempt = await ctx.throttle.reserveGuess("2fa", user.id, client.ip);
    const code = rawCode.replace(/\s+/g, "");
    let checked: "totp" | "recovery" | null = null;
    if (SIX_DIGITS.test(code)) {
      if (await useTotp(ctx, ctx.db, user, code)) checked = "totp";
    } else if ((options.allowRecovery ?? true) && user.totpEnabledAt) {
      if (await useRecoveryCode(ctx, ctx.db, user.id, code)) checked = "recovery";
    }
    if (!checked) {
      await audit(ctx, ctx.db, { userId: user.id, event: "twofa.failed", ip: client.ip });
      throw new AppError("auth.code_invalid", { fields: { "body.code": "code.invalid" } });
    }
    await attempt.succeeded();
    return checked;
  });
  if (kind === "recovery") await audit(ctx, ctx.db, { userId: user.id, event: "twofa.recovery_code_used", ip: client.ip });
  return kind;
}

/** Call inside a transaction: the user's row stays locked until it commits. */
async function replaceRecoveryCodes(ctx: AppContext, db: DbOrTx, userId: string): Promise<string[]> {
  // Two regenerations at once would each delete only the codes committed before they started and
  // both insert theirs (twenty working codes): the row lock makes the second wait for the first.
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const codes = generateRecoveryCodes(10);
  const now = ctx.clock.now();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

/** Why enabling matched no row: 2FA came on meanwhile, or the secret the code fitted was replaced. */
async function notEnabledError(db: DbOrTx, userId: string): Promise<AppError> {
  const current = await findUserById(db, userId);
  if (current?.totpEnabledAt) return new AppError("twofa.already_enabled");
  return new AppError("auth.code_invalid", { fields: { "body.code": "code.invalid" } });
}

/**
 * Confirms enrolment with a code from the authenticator: 2FA is on, ten recovery codes are
 * returned once, and the session becomes verified with a new id (the `start` effect).
 */
export async function enableTwofa(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  code: string,
): Promise<WithSessionEffects<string[]>> {
  const user = await requireUser(ctx, session);
  if (user.totpEnabledAt) throw new AppError("twofa.already_enabled");
  const checkedSecret = user.totpSecret;
  if (!checkedSecret) throw new AppError("twofa.not_enabled", { detail: "Fetch the set-up material first.", reason: "twofa_setup_first" });
  await confirmSecondFactor(ctx, client, user, code, { allowRecovery: false });
  const { codes, started } = await ctx.db.transaction(async (tx) => {
    // Only the secret the code was checked against may be switched on: one stored since then
    // is one the user has never seen.
    const enabled = await tx
      .update(users)
      .set({ totpEnabledAt: ctx.clock.now(), updatedAt: ctx.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, checkedSecret)))
      .returning({ id: users.id });
    if (enabled.length !== 1) throw await notEnabledError(tx, user.id);
    const created = await replaceRecoveryCodes(ctx, tx, user.id);
    await audit(ctx, tx, { userId: user.id, event: "twofa.enabled", ip: client.ip });
    const started = await startSession(ctx, tx, client, session, { userId: user.id, verified: true, replaces: true });
    if (user.email) await queueMail(ctx, tx, { to: user.email, ...mail.twofaChanged({ locale: user.locale, enabled: true }) }, { userId: user.id });
    return { codes: created, started };
  });
  ctx.wakeWorker();
  return { result: codes, effects: [started] };
}

/** The second step of a password login: a TOTP or recovery code; new, verified session. */
export async function verifyTwofa(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  code: string,
): Promise<WithSessionEffects<UserStatus>> {
  const user = await requireUser(ctx, session);
  if (!user.totpEnabledAt) throw new AppError("twofa.not_enabled");
  await confirmSecondFactor(ctx, client, user, code);
  const verified = await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, { userId: user.id, event: "twofa.verified", ip: client.ip });
    return startSession(ctx, tx, client, session, { userId: user.id, verified: true, replaces: true });
  });
  return { result: userStatus(verified.session), effects: [verified] };
}

/** New recovery codes (the old ones stop working); needs a current authenticator code. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  code: string,
): Promise<string[]> {
  const user = await requireUser(ctx, session);
  if (!user.totpEnabledAt) throw new AppError("twofa.not_enabled");
  await confirmSecondFactor(ctx, client, user, code, { allowRecovery: false });
  return ctx.db.transaction((tx) => replaceRecoveryCodes(ctx, tx, user.id));
}

/**
 * Removes the authenticator (with the password and a code). A password account is then back
 * to `requires2fa`: its session is no longer verified until a new authenticator is set up.
 * Every other session of the account ends.
 */
export async function disableTwofa(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  input: { code: string; password: string },
  checkPassword: (user: UserRow) => Promise<void>,
): Promise<WithSessionEffects<UserStatus>> {
  const user = await requireUser(ctx, session);
  if (!user.totpEnabledAt) throw new AppError("twofa.not_enabled");
  await checkPassword(user);
  await confirmSecondFactor(ctx, client, user, input.code);
  const next = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: ctx.clock.now() })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await audit(ctx, tx, { userId: user.id, event: "twofa.disabled", ip: client.ip });
    const started = await startSession(ctx, tx, client, session, { userId: user.id, verified: user.authType === "bankid", replaces: true });
    // Other devices were verified with the factor that is gone: they end (downgrading them to
    // "set up 2FA" mid-use is what issue 24's redirect loop is made of).
    await deleteOtherSessions(tx, user.id, started.session.idHash);
    if (user.email) await queueMail(ctx, tx, { to: user.email, ...mail.twofaChanged({ locale: user.locale, enabled: false }) }, { userId: user.id });
    return started;
  });
  ctx.wakeWorker();
  const effects: SessionEffect[] = [next];
  return { result: userStatus(next.session), effects };
}
