import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  deleteSession,
  findSessionByHash,
  insertSession,
  touchSession,
} from "./session-repository.ts";
import type { SessionInfo } from "./session-types.ts";

/** The session cookie's name outside production (Django's); production uses `__Host-sessionid`. */
export const SESSION_COOKIE = "sessionid";

/** `__Host-sessionid` when the deployment uses `__Host-` cookies (ADR 017), else `sessionid`. */
export function sessionCookieName(env: Pick<AppContext["env"], "HOST_COOKIES">): string {
  return env.HOST_COOKIES ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
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

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, value: string): void {
  reply.setCookie(sessionCookieName(ctx.env), value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
    maxAge: ctx.env.SESSION_ABSOLUTE_HOURS * 3600,
  });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(ctx.env), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.env.SECURE_COOKIES,
  });
}

/**
 * Starts a new session for a user (login, or a privilege change such as 2FA verification):
 * any session the request already had is deleted, so the id always changes.
 */
export async function startSession(
  ctx: AppContext,
  db: DbOrTx,
  req: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; verified: boolean },
): Promise<SessionInfo> {
  if (req.session) await deleteSession(db, req.session.idHash);
  const id = randomBytes(32).toString("base64url");
  const now = ctx.clock.now();
  const idHash = hashSessionId(id);
  await insertSession(db, {
    idHash,
    userId: options.userId,
    verified: options.verified,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000),
    ip: req.ip,
    userAgent: req.headers["user-agent"]?.slice(0, 512) ?? null,
  });
  setSessionCookie(ctx, reply, id);
  const session = await findSessionByHash(db, idHash);
  if (!session) throw new Error("session not created");
  req.session = session;
  req.sessionCookie = id;
  return session;
}

export async function endSession(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (req.session) await deleteSession(ctx.db, req.session.idHash);
  req.session = null;
  clearSessionCookie(ctx, reply);
}
