import { createHash, randomBytes } from "node:crypto";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
import { AppError } from "../../lib/app-error.ts";
import { lockUserRow } from "../accounts/users-repository.ts";
import {
  deleteSession,
  findSessionByHash,
  insertSession,
  touchSession,
} from "./session-repository.ts";
import type { SessionEffect } from "./session-effects.ts";
import type { SessionInfo } from "./session-types.ts";

/** The cookie's name and setters are in lib/session-cookie.ts (the endpoint layer's business). */
export { SESSION_COOKIE, sessionCookieName } from "../../lib/session-cookie.ts";

/** last_seen is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The hash a well-formed session cookie is stored under; null for a value no session can have. */
export function sessionHashOf(cookieValue: string): string | null {
  return /^[A-Za-z0-9_-]{43}$/.test(cookieValue) ? hashSessionId(cookieValue) : null;
}

/**
 * What a session row read now means: `expired` (absolutely or idle: it must be deleted and the
 * request is anonymous), `touch` (live, last_seen is due to be written) or `live`.
 */
export function sessionStanding(ctx: AppContext, session: SessionInfo): "expired" | "touch" | "live" {
  const now = ctx.clock.now().getTime();
  const idleMs = ctx.env.SESSION_IDLE_MINUTES * 60_000;
  if (now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() >= idleMs) return "expired";
  return now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS ? "touch" : "live";
}

/** Writes last_seen of a live session read at `standing` "touch" (at most once a minute). */
export async function touchLiveSession(ctx: AppContext, session: SessionInfo): Promise<SessionInfo> {
  const at = ctx.clock.now();
  await touchSession(ctx.db, session.idHash, at);
  return { ...session, lastSeenAt: at };
}

/** Loads a live session: unknown, idle-expired and absolutely expired sessions are null. */
export async function loadSession(
  ctx: AppContext,
  cookieValue: string,
): Promise<SessionInfo | null> {
  const idHash = sessionHashOf(cookieValue);
  if (idHash === null) return null;
  const session = await findSessionByHash(ctx.db, idHash);
  if (!session) return null;
  const standing = sessionStanding(ctx, session);
  if (standing === "expired") {
    await deleteSession(ctx.db, idHash);
    return null;
  }
  return standing === "touch" ? touchLiveSession(ctx, session) : session;
}

/**
 * Starts a new session for a user (login, or a privilege change such as 2FA verification):
 * the session the request already had (`current`) is deleted, so the id always changes. Returns
 * the `start` effect: the caller sets the cookie and makes it the request's session.
 *
 * A privilege change (`replaces`) continues `current`, so it must still exist: one that "log out
 * other devices", a password change or the account's deletion ended while the request ran is not
 * continued (401). The user's row is taken first, in share mode, so that whatever ends sessions
 * after writing or locking that row either comes before (and this finds its session gone) or after
 * (and ends the new one too), never in between (server/security/concurrent-sessions.pg.test.ts).
 */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  client: ClientInfo,
  current: SessionInfo | null,
  options: { userId: string; verified: boolean; replaces?: boolean },
): Promise<Extract<SessionEffect, { kind: "start" }>> {
  if (options.replaces) {
    if (!current) throw new AppError("auth.not_authenticated");
    await lockUserRow(db, options.userId, "share");
    if (!(await deleteSession(db, current.idHash))) throw new AppError("auth.not_authenticated");
  } else if (current) await deleteSession(db, current.idHash);
  const id = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const idHash = hashSessionId(id);
  await insertSession(db, {
    idHash,
    userId: options.userId,
    verified: options.verified,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000),
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
  });
  const session = await findSessionByHash(db, idHash);
  if (!session) throw new Error("session not created");
  return { kind: "start", session, cookieValue: id };
}

/** Logout: the request's session is deleted; the caller clears the cookie (the `end` effect). */
export async function endSession(ctx: AppContext, current: SessionInfo | null): Promise<SessionEffect[]> {
  if (current) await deleteSession(ctx.db, current.idHash);
  return [{ kind: "end" }];
}
