import { and, eq, ne } from "drizzle-orm";
import type { ProfileDto } from "../../../common/schemas/profile.ts";
import type { AppContext } from "../../app-context.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { users } from "../../db/schema/users.ts";
import { AppError } from "../../lib/app-error.ts";
import { refuseTakenAddress } from "../accounts/account-service.ts";
import { verifyOwnPassword } from "../accounts/password-service.ts";
import { CODE_TTL_MS, consumeEmailCode, createEmailCode, peekEmailCode, revokeEmailCodes } from "../accounts/email-codes.ts";
import { screenLink } from "../accounts/links.ts";
import { findUserByEmail, findUserById, lockUserRow } from "../accounts/users-repository.ts";
import { audit } from "../audit/audit.ts";
import { queueMail } from "../mail/outbox.ts";
import * as mail from "../mail/templates.ts";
import * as profileMail from "./profile-mail.ts";
import type { SessionInfo } from "../sessions/session-types.ts";
import { throttleKey } from "../throttle/throttle.ts";
import { endOtherSessions, profileOf } from "./profile-repository.ts";
import { describeUserAgent } from "./user-agent.ts";

async function currentUser(ctx: AppContext, session: SessionInfo) {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw new AppError("auth.not_authenticated");
  return user;
}

/** The profile screen's data: account, preferences, 2FA, consents and live sessions. */
export async function getProfile(ctx: AppContext, session: SessionInfo): Promise<ProfileDto> {
  const now = ctx.clock.now();
  const user = await profileOf(ctx.db, session.userId, now);
  if (!user) throw new AppError("auth.not_authenticated");
  const idleMs = ctx.env.SESSION_IDLE_MINUTES * 60_000;
  return {
    name: user.displayName,
    email: user.email,
    locale: user.locale,
    theme: user.theme,
    auth_type: user.authType,
    twofa_enabled: user.twofaEnabled,
    consents: user.consents.map((c) => ({
      kind: c.kind,
      version: c.version,
      locale: c.locale,
      given_at: c.givenAt.toISOString(),
      withdrawn_at: c.withdrawnAt?.toISOString() ?? null,
    })),
    sessions: user.sessions
      .filter((s) => s.idHash === session.idHash || now.getTime() - s.lastSeenAt.getTime() < idleMs)
      .map((s) => ({
        current: s.idHash === session.idHash,
        ...describeUserAgent(s.userAgent),
        created_at: s.createdAt.toISOString(),
        last_seen_at: s.lastSeenAt.toISOString(),
      })),
  };
}

/**
 * Name, language (used for e-mails) and theme. A changed theme also goes into the theme cookie for
 * the next render: the endpoint sets it (lib/theme-cookie.ts).
 */
export async function updateProfile(
  ctx: AppContext,
  session: SessionInfo,
  input: { name?: string | undefined; locale?: ProfileDto["locale"] | undefined; theme?: NonNullable<ProfileDto["theme"]> | undefined },
): Promise<ProfileDto> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: ctx.clock.now() };
  if (input.name !== undefined) changes.displayName = input.name === "" ? null : input.name;
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.theme !== undefined) changes.theme = input.theme;
  await ctx.db.update(users).set(changes).where(eq(users.id, session.userId));
  return getProfile(ctx, session);
}

/**
 * E-mail change, step 1: a link to the new address; nothing changes until it is opened. The
 * answer is the same whether or not the address already has an account (that address is told
 * instead).
 */
export async function requestEmailChange(
  ctx: AppContext,
  client: ClientInfo,
  session: SessionInfo,
  input: { email: string; password?: string | undefined },
): Promise<void> {
  const user = await currentUser(ctx, session);
  if (user.passwordHash) {
    if (input.password === undefined) throw new AppError("request.invalid", { fields: { "body.password": "required" } });
    await verifyOwnPassword(ctx, client, user.id, user.passwordHash, input.password, "body.password");
  }
  if (input.email === user.email) throw new AppError("request.invalid", { fields: { "body.email": "email.same" } });
  await ctx.throttle.hit([
    { key: throttleKey("email-change:user", user.id), policy: ctx.policies.emailRate },
    { key: throttleKey("email-change:ip", client.ip), policy: ctx.policies.ipRate },
  ]);
  if (await findUserByEmail(ctx.db, input.email)) {
    await queueMail(ctx, ctx.db, { to: input.email, ...profileMail.emailChangeTaken({ locale: user.locale }) }, { userId: user.id });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const code = await createEmailCode(tx, ctx.clock, { purpose: "email_change", email: input.email, userId: user.id, locale: user.locale });
    const link = screenLink(ctx, client, "profile", user.locale, { email_code: code });
    await queueMail(
      ctx,
      tx,
      { to: input.email, ...mail.emailChangeConfirm({ locale: user.locale, link }) },
      { userId: user.id, expiresAt: new Date(ctx.clock.now().getTime() + CODE_TTL_MS.email_change) },
    );
  });
  ctx.wakeWorker();
}

/**
 * E-mail change, step 2 (logged in as the same user): the address changes, the old address is
 * told. Another user's code is refused like an unknown one.
 */
export async function confirmEmailChange(ctx: AppContext, client: ClientInfo, session: SessionInfo, code: string): Promise<string> {
  const attempt = await ctx.throttle.reserveLinkGuess(client.ip);
  const pending = await peekEmailCode(ctx.db, ctx.clock, code, "email_change");
  if (pending?.userId !== session.userId) throw new AppError("auth.link_invalid");
  await attempt.succeeded();
  const before = await currentUser(ctx, session);
  const email = await ctx.db.transaction(async (tx) => {
    const row = await consumeEmailCode(tx, ctx.clock, code, "email_change");
    if (!row || row.userId !== session.userId) throw new AppError("auth.link_invalid");
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, row.email), ne(users.id, session.userId))).limit(1);
    if (taken) throw new AppError("auth.link_invalid");
    // Reset links went to the old address; pending changes to other addresses are void. Revoked
    // before the row is written: a reset link used at the same moment takes its codes, then the row.
    await revokeEmailCodes(tx, session.userId, ["reset", "email_change"]);
    await tx.update(users).set({ email: row.email, updatedAt: ctx.clock.now() }).where(eq(users.id, session.userId));
    await audit(ctx, tx, { userId: session.userId, event: "email.changed", ip: client.ip });
    // The old address is told, in the same transaction as the change.
    if (before.email && before.email !== row.email) {
      await queueMail(ctx, tx, { to: before.email, ...profileMail.emailChanged({ locale: before.locale }) }, { userId: session.userId });
    }
    return row.email;
  }).catch(refuseTakenAddress);
  ctx.wakeWorker();
  return email;
}

/** Ends every other session of the account ("log out other devices"). */
export async function logoutOtherSessions(ctx: AppContext, client: ClientInfo, session: SessionInfo): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    // The user's row before the sessions, as a deletion takes them; and against a session that
    // replaces one of those ended here (a second factor passed at the same moment): that one
    // waits, then finds its session gone, or this waits and ends the new one (startSession).
    await lockUserRow(tx, session.userId, "no key update");
    const ended = await endOtherSessions(tx, session.userId, session.idHash);
    await audit(ctx, tx, { userId: session.userId, event: "sessions.ended_others", ip: client.ip, detail: { ended } });
    return ended;
  });
}
