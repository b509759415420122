import { createHash, randomBytes } from "node:crypto";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ClientInfo } from "../../lib/client-info.ts";
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

/** Loads a live session: unknown, idle-expired and absolutely expired sessions are null. */
export async function loadSession(
  ctx: AppContext,
  cookieValue: string,
): Promise<SessionInfo | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return null;
  const idHash = hashSessionId(cookieValue);
  const session = await findSessionByHash(ctx.db, idHash);
  if (!session) return null;
  const now = ctx.clock.now().getTime();
  const idleMs = ctx.env.SESSION_IDLE_MINUTES * 60_000;
  if (now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() >= idleMs) {
    await deleteSession(ctx.db, idHash);
    return null;
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    const at = new Date(now);
    await touchSession(ctx.db, idHash, at);
    session.lastSeenAt = at;
  }
  return session;
}

/**
 * Starts a new session for a user (login, or a privilege change such as 2FA verification):
 * the session the request already had (`current`) is deleted, so the id always changes. Returns
 * the `start` effect: the caller sets the cookie and makes it the request's session.
 */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  client: ClientInfo,
  current: SessionInfo | null,
  options: { userId: string; verified: boolean },
): Promise<Extract<SessionEffect, { kind: "start" }>> {
  if (current) await deleteSession(db, current.idHash);
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
