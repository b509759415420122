import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.ts";
import type { Clock } from "../lib/clock.ts";
import { parseEnv, type Env } from "../env.ts";
import { users } from "../db/schema/users.ts";
import { maskSecret, newCsrfSecret } from "../lib/csrf-token.ts";
import { hashSessionId } from "../modules/sessions/session-service.ts";
import { insertSession } from "../modules/sessions/session-repository.ts";
import { randomBytes } from "node:crypto";
import { isolatedTestDatabase, testDatabase } from "./test-database.ts";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    SECRET_KEY: "test-secret-key-that-is-long-enough-0123456789",
    FIELD_ENCRYPTION_KEYS: `t1:${Buffer.alloc(32, 7).toString("base64")}`,
    LOG_LEVEL: "silent",
    DATA_DIR: "./data/test",
    // Counters in a shared Redis outlive a run: every test app counts in its own namespace.
    REDIS_KEY_PREFIX: `test:${randomUUID()}:throttle:`,
    // A busy test machine may stall the event loop past 300 ms; a test that is not about Redis
    // outages must not see its counters move to the fallback halfway (server/outage/ sets 300).
    REDIS_COMMAND_TIMEOUT_MS: "2000",
    ...overrides,
  });
}

/**
 * The run's Redis, when it has one (CI's PostgreSQL run sets REDIS_URL): an app given it keeps its
 * throttling counters there, as production does, under its own key prefix. For the tests of
 * attacks on the throttle; the rest count in the database.
 */
export function runRedis(): Record<string, string> {
  return process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
}

/** A settable clock for expiry tests. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Adds routes before the app is ready (test-only routes). */
  extend?: (app: FastifyInstance) => void;
  /** A database of the file's own (for tests that import other content than the programmes). */
  isolated?: boolean;
}

/** The real Fastify app (API face) on the worker's test database. */
/** The app under test, as its tests hold it (tests under server/modules need no fastify import). */
export type TestApp = FastifyInstance;

export async function createTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = await (options.isolated ? isolatedTestDatabase() : testDatabase());
  const app = await buildApp({
    env: testEnv(options.env),
    database,
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // The app delivers its own mail only (testing/accounts.ts deliverQueuedMail).
  app.ctx.queuedMail = new Set();
  options.extend?.(app);
  await app.ready();
  return app;
}

/** A CSRF cookie secret and a matching masked header token. */
export function csrfPair(): { cookie: string; token: string; secret: string } {
  const secret = newCsrfSecret();
  return { secret, cookie: `csrftoken=${secret}`, token: maskSecret(secret) };
}

export interface TestUser {
  id: string;
  email: string;
}

/** A user of its own, with a random e-mail address, so test files can run in parallel. */
export async function createTestUser(
  app: FastifyInstance,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const email = `user-${randomUUID()}@example.test`;
  const [row] = await app.ctx.db
    .insert(users)
    .values({ email, authType: "email", ...values })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error("user not created");
  return { id: row.id, email: row.email ?? email };
}

/** Starts a session for a user directly (fixtures, not UI ceremony); returns the cookie. */
export async function sessionCookieFor(
  app: FastifyInstance,
  user: TestUser,
  options: { verified?: boolean } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = app.ctx.clock.now();
  await insertSession(app.ctx.db, {
    idHash: hashSessionId(id),
    userId: user.id,
    verified: options.verified ?? true,
    createdAt: now,
    expiresAt: new Date(now.getTime() + app.ctx.env.SESSION_ABSOLUTE_HOURS * 3_600_000),
    ip: "127.0.0.1",
    userAgent: "test",
  });
  return `sessionid=${id}`;
}

export function json(response: LightMyRequestResponse): Record<string, unknown> {
  return JSON.parse(response.body) as Record<string, unknown>;
}
