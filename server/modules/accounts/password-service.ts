import { and, eq } from "drizzle-orm";
import type { Locale } from "../../../common/i18n/locales.ts";
import type { AppContext } from "../../app-context.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/app-error.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { audit } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.ts";
import * as mail from "../mail/templates.ts";
import { deleteOtherSessions, deleteSessionsOfUser, findSessionByHash } from "../sessions/session-repository.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { CODE_TTL_MS, consumeEmailCode, createEmailCode, peekEmailCode, revokeEmailCodes } from "./email-codes.ts";
import { screenLink } from "./links.ts";
import { againIfDeleted, limitMailRequests } from "./mail-requests.ts";
import { assertAcceptablePassword, checkPasswordHash, hashNewPassword } from "./passwords.ts";
import { findUserByEmail, findUserById } from "./users-repository.ts";

/** The password: reset by an e-mailed link, changed when logged in, and confirmed for a sensitive step. */

/** Password reset, step 1: 202 always; the e-mail says what applies to the address. */
export async function requestPasswordReset(ctx: AppContext, client: ClientInfo, email: string, locale: Locale): Promise<void> {
  await limitMailRequests(ctx, client, "reset", email);
  await againIfDeleted(() => resetMail(ctx, client, email, locale));
}

async function resetMail(ctx: AppContext, client: ClientInfo, email: string, locale: Locale): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.passwordHash) {
    await queueMail(
      ctx,
      ctx.db,
      { to: email, ...mail.passwordResetNoAccount({ locale, registerLink: screenLink(ctx, client, "home", locale) }) },
      { userId: user?.id ?? null },
    );
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const code = await createEmailCode(tx, ctx.clock, { purpose: "reset", email, userId: user.id, locale: user.locale });
    const link = screenLink(ctx, client, "resetPassword", user.locale, { token: code });
    await queueMail(
      ctx,
      tx,
      { to: email, ...mail.passwordReset({ locale: user.locale, link }) },
      { userId: user.id, expiresAt: new Date(ctx.clock.now().getTime() + CODE_TTL_MS.reset) },
    );
  });
  ctx.wakeWorker();
}

/** Password reset, step 2: sets the password and revokes every session of the account. */
export async function completePasswordReset(ctx: AppContext, client: ClientInfo, token: string, password: string): Promise<void> {
  const attempt = await ctx.throttle.reserveLinkGuess(client.ip);
  const pending = await peekEmailCode(ctx.db, ctx.clock, token, "reset");
  if (!pending?.userId) throw new AppError("auth.link_invalid");
  await attempt.succeeded();
  assertAcceptablePassword(password, pending.email, "body.password");
  const passwordHash = await hashNewPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailCode(tx, ctx.clock, token, "reset");
    if (!row?.userId) throw new AppError("auth.link_invalid");
    const found = await findUserById(tx, row.userId);
    if (!found) throw new AppError("auth.link_invalid");
    await tx.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, found.id));
    await revokeEmailCodes(tx, found.id, ["reset"]);
    await deleteSessionsOfUser(tx, found.id);
    await audit(ctx, tx, { userId: found.id, event: "password.reset", ip: client.ip });
    if (found.email) await queueMail(ctx, tx, { to: found.email, ...mail.passwordChanged({ locale: found.locale }) }, { userId: found.id });
    return found;
  });
  ctx.wakeWorker();
  // A successful reset proves control of the mailbox: the account's lock and this source's
  // failures are lifted, for the password and the second factor (the password is new).
  await ctx.throttle.forgiveGuesses("login", pending.email.toLowerCase(), client.ip);
  await ctx.throttle.forgiveGuesses("2fa", user.id, client.ip);
}

/** Password change (logged in and verified): the current password first; other sessions end. */
export async function changePassword(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  current: string,
  next: string,
): Promise<void> {
  const user = await findUserById(ctx.db, session.userId);
  const checked = user?.passwordHash;
  if (!user || !checked) throw new AppError("request.invalid", { fields: { "body.current_password": "password.none" } });
  await verifyOwnPassword(ctx, client, user.id, checked, current, "body.current_password");
  assertAcceptablePassword(next, user.email, "body.new_password");
  const passwordHash = await hashNewPassword(next);
  await ctx.db.transaction(async (tx) => {
    // Before the row is written: a reset link used at the same moment takes its codes, then the row.
    await revokeEmailCodes(tx, user.id, ["reset"]);
    // Only while the hash is still the one the current password was checked against: a change or
    // reset that committed since then is not overwritten. One by one, this request would have been
    // refused (the password it gave is no longer the current one), and so it is.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.clock.now() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, checked)))
      .returning({ id: users.id });
    if (!changed) throw new AppError("auth.invalid_credentials", { fields: { "body.current_password": "password.incorrect" } });
    // And only from a session that is still there: one that "log out other devices" (which takes
    // the row first) ended while this request ran changes nothing, as a deletion from it does not.
    if (!(await findSessionByHash(tx, session.idHash))) throw new AppError("auth.not_authenticated");
    await deleteOtherSessions(tx, user.id, session.idHash);
    await audit(ctx, tx, { userId: user.id, event: "password.changed", ip: client.ip });
    if (user.email) await queueMail(ctx, tx, { to: user.email, ...mail.passwordChanged({ locale: user.locale }) }, { userId: user.id });
  });
  ctx.wakeWorker();
}

/** A confirmation with the user's own password, throttled per account like a login. */
export async function verifyOwnPassword(
  ctx: AppContext,
  client: Pick<ClientInfo, "ip">,
  userId: string,
  hash: string,
  password: string,
  field: string,
): Promise<void> {
  const attempt = await ctx.throttle.reserveGuess("confirm", userId, client.ip);
  if (!(await checkPasswordHash(hash, password))) {
    throw new AppError("auth.invalid_credentials", { fields: { [field]: "password.incorrect" } });
  }
  await attempt.succeeded();
}
