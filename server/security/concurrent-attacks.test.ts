import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_TERMS_VERSION } from "../../common/auth/terms.ts";
import { endpoints } from "../api/endpoints.ts";
import { auditLog, throttleCounters } from "../db/schema/accounts.ts";
import { users } from "../db/schema/users.ts";
import { TestAgent } from "../testing/agent.ts";
import { codeFor, GOOD_PASSWORD, randomIp, registerUser, uniqueEmail, type RegisteredUser } from "../testing/accounts.ts";
import { endpointKey } from "../testing/endpoint-subjects.ts";
import { createTestApp, FakeClock, runRedis, sessionCookieFor } from "../testing/test-app.ts";
import { VISITOR_CONSENT, ACCOUNT_AGREEMENTS } from "../testing/consent.ts";

/**
 * Attacks as they come in production: all at once. For every throttled endpoint, a burst of
 * BURST simultaneous attempts from one address must not get more attempts checked than the
 * policy allows (docs/security.md, "Throttling"). On PostgreSQL (CI's second run) the requests
 * really run in parallel on the connection pool; on PGlite they still interleave at every await,
 * which is where the old read-check-then-write throttle let every attempt through.
 */

const BURST = 200;
/**
 * The clock stands still during a burst: the policies' delays (a second after the free attempts,
 * doubling) would otherwise let a slow machine's burst earn a few more attempts honestly, and the
 * test is about counting, not about time.
 */
const clock = new FakeClock(Date.UTC(2026, 10, 24, 9, 0, 0));
let app: FastifyInstance;
/** This app's throttling keys in the run's Redis (CI's PostgreSQL run has one). */
const redisPrefix = `test:${randomBytes(8).toString("hex")}:throttle:`;
beforeAll(async () => {
  app = await createTestApp({ clock, env: { THROTTLE_LOCK_AFTER: "100", REDIS_KEY_PREFIX: redisPrefix, ...runRedis() } });
});
afterAll(async () => {
  await app.close();
});

type Caller = "visitor" | "verified" | "password-only" | "without-2fa";

async function caller(kind: Caller, ip: string): Promise<{ agent: TestAgent; user: RegisteredUser | null; id: string | null }> {
  const agent = new TestAgent(app, ip);
  if (kind === "visitor") return { agent, user: null, id: null };
  const user = await registerUser(app, { enable2fa: kind !== "without-2fa" });
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  const id = row?.id ?? "";
  if (kind === "password-only") {
    const login = await agent.post("/api/v1/login/email", { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
  } else {
    const cookie = await sessionCookieFor(app, { id, email: user.email }, { verified: kind === "verified" });
    agent.cookies.set("sessionid", cookie.split("=")[1] ?? "");
  }
  return { agent, user, id };
}

/** A six-digit code that is not valid now (nor one step either side). */
function wrongCode(user: RegisteredUser | null, i: number): string {
  const valid = user?.secret ? [-1, 0, 1].map((o) => codeFor(app, user.secret, o)) : [];
  for (let n = i; ; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, "0");
    if (!valid.includes(code)) return code;
  }
}
const randomCode = () => randomBytes(32).toString("base64url").slice(0, 43);

interface BurstCase {
  caller: Caller;
  /** What one attempt sends: schema-valid and wrong, so that it reaches the throttle. */
  body: (i: number, user: RegisteredUser | null) => Record<string, unknown>;
  /** The most attempts the policy lets one address have checked in one burst. */
  allowed: number;
  /** A response that shows the attempt was checked (not refused by the throttle). */
  checked?: (response: LightMyRequestResponse) => boolean;
  prepare?: (agent: TestAgent) => Promise<unknown>;
  /** Audit events that each checked failure writes (counted as a second witness). */
  auditEvent?: string;
}

const sameEmail = uniqueEmail("burst");
const CASES: Record<string, BurstCase> = {
  // Password guesses against one account: five free from one source (pairFailures).
  "POST /login/email": {
    caller: "visitor",
    body: (i, user) => ({ email: user?.email ?? sameEmail, password: `wrong guess ${i} here` }),
    allowed: 5,
    auditEvent: "login.failed",
  },
  // E-mails to one address: five an hour (emailRate).
  "POST /coderequest": { caller: "visitor", body: () => ({ email: uniqueEmail("cr") }), allowed: 30 },
  "POST /onboarding/register/email": { caller: "visitor", body: () => ({ email: sameEmail, locale: "sv" }), allowed: 5 },
  "POST /password/reset": { caller: "visitor", body: () => ({ email: `reset-${sameEmail}` }), allowed: 5 },
  // Guessed link codes from one source: thirty free (ipFailures).
  "POST /password/reset/complete": { caller: "visitor", body: () => ({ token: randomCode(), password: GOOD_PASSWORD }), allowed: 30 },
  "POST /onboarding/validate-token": { caller: "visitor", body: () => ({ code: randomCode() }), allowed: 30 },
  "POST /onboarding/complete": {
    caller: "visitor",
    body: () => ({
      code: randomCode(),
      password: GOOD_PASSWORD,
      terms_version: CURRENT_TERMS_VERSION,
      accept_terms: true,
      consent_health_data: true, ...ACCOUNT_AGREEMENTS,
    }),
    allowed: 30,
  },
  "POST /me/email/confirm/": { caller: "verified", body: () => ({ code: randomCode() }), allowed: 30 },
  // Second-factor guesses: one check in flight per user, five free from one source.
  "POST /twofa/verify/": { caller: "password-only", body: (i, user) => ({ code: wrongCode(user, i) }), allowed: 5, auditEvent: "twofa.failed" },
  "POST /twofa/": {
    caller: "without-2fa",
    prepare: (agent) => agent.get("/api/v1/twofa/"),
    body: (i) => ({ code: wrongCode(null, i) }),
    allowed: 5,
    auditEvent: "twofa.failed",
  },
  "POST /twofa/recovery-codes/": { caller: "verified", body: (i, user) => ({ code: wrongCode(user, i) }), allowed: 5, auditEvent: "twofa.failed" },
  // Password confirmations of a logged-in user: five free from one source.
  "POST /twofa/disable/": { caller: "verified", body: (i, user) => ({ code: wrongCode(user, i), password: `not it ${i} at all` }), allowed: 5 },
  "DELETE /me/": { caller: "verified", body: (i) => ({ password: `not it ${i} at all` }), allowed: 5 },
  "POST /logout/remove": { caller: "verified", body: (i) => ({ password: `not it ${i} at all` }), allowed: 5 },
  "POST /password/change": {
    caller: "verified",
    body: (i) => ({ current_password: `not it ${i} at all`, new_password: GOOD_PASSWORD }),
    allowed: 5,
  },
  // Requests that send e-mail or store messages: five an hour per user, thirty per address.
  "POST /me/email/": { caller: "verified", body: (i, user) => ({ email: uniqueEmail(`ch${i}`), password: user?.password }), allowed: 5 },
  "POST /contact/": {
    caller: "visitor",
    body: (i) => ({ subject: `Fråga ${i}`, message: "Hej, en fråga om kursen.", locale: "sv" }),
    allowed: 30,
  },
  // Visitors: twenty onboardings and sixty screening submissions an hour per address (the
  // statistics must not be fed with fakes; a wrong token counts too).
  "POST /onboarding/": { caller: "visitor", body: () => ({ ...VISITOR_CONSENT, locale: "sv" }), allowed: 20 },
  "POST /screening/": { caller: "visitor", body: (i) => ({ answers: { phq2_1: i % 4 } }), allowed: 60 },
  "POST /screening-extended/": {
    caller: "visitor",
    body: (i) => ({ groups: { phq9: { answers: { phq9_1: i % 4 } } } }),
    allowed: 60,
  },
  // BankID order starts: sixty per ten minutes per address.
  "POST /login": { caller: "visitor", body: () => ({ device: "other" }), allowed: 60 },
  "POST /onboarding/register": {
    caller: "visitor",
    body: () => ({ device: "other", locale: "sv", terms_version: CURRENT_TERMS_VERSION, accept_terms: true, consent_health_data: true, ...ACCOUNT_AGREEMENTS }),
    allowed: 60,
  },
};

const throttled = endpoints.filter((e) => e.errors?.includes(429));

it("has a burst case for every endpoint that declares 429", () => {
  expect(throttled.map(endpointKey).sort()).toEqual(Object.keys(CASES).sort());
});

describe.each(throttled.map((e) => [endpointKey(e), e] as const))("a burst at %s", (key, endpoint) => {
  it(`checks no more than the policy allows of ${BURST} simultaneous attempts from one address`, async () => {
    const spec = CASES[key];
    if (!spec) throw new Error(`no burst case for ${key}`);
    const ip = randomIp();
    const { agent, user, id } = await caller(spec.caller, ip);
    await spec.prepare?.(agent);
    // For the login, the guesses go at a real account.
    const target = key === "POST /login/email" ? await registerUser(app, { enable2fa: false }) : user;
    // The CSRF cookie is in place before the burst, so every attempt is a real one.
    if (!agent.cookies.has("csrftoken")) await agent.get("/api/v1/csrftoken/");
    const path = `/api/v1${endpoint.url}`;
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => agent.request(endpoint.method, path, spec.body(i, target))),
    );
    const statuses = new Map<number, number>();
    for (const r of responses) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    const checked = responses.filter(spec.checked ?? ((r) => r.statusCode !== 429));
    expect(checked.length, `statuses: ${JSON.stringify([...statuses])}`).toBeLessThanOrEqual(spec.allowed);
    expect(checked.length, "the burst reached the endpoint at all").toBeGreaterThan(0);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(responses.every((r) => r.statusCode < 500)).toBe(true);
    if (spec.auditEvent) {
      const subjectId = key === "POST /login/email" ? await userId(target?.email ?? "") : id;
      const failures = await app.ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.userId, subjectId ?? ""), inArray(auditLog.event, [spec.auditEvent])));
      expect(failures.length).toBeLessThanOrEqual(spec.allowed);
    }
  }, 120_000);
});

async function userId(email: string): Promise<string> {
  const [row] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? "";
}

describe("a distributed burst at one account", () => {
  it(`checks at most THROTTLE_LOCK_AFTER (100) of ${BURST} guesses from ${BURST} addresses, then the owner still gets in`, async () => {
    const target = await registerUser(app, { enable2fa: false });
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        new TestAgent(app, `10.250.${Math.floor(i / 250)}.${(i % 250) + 1}`).post("/api/v1/login/email", {
          email: target.email,
          password: `wrong guess ${i} here`,
        }),
      ),
    );
    const checked = responses.filter((r) => r.statusCode === 400);
    expect(checked.length).toBeLessThanOrEqual(100);
    expect(checked.length).toBeGreaterThan(0);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(BURST - 100);
  }, 120_000);
});

describe("a correct second factor inside a burst of wrong ones", () => {
  it("does not get a password-only session past the second factor once the guesses are spent", async () => {
    const ip = randomIp();
    const { agent, user } = await caller("password-only", ip);
    if (!user) throw new Error("no user");
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) => agent.post("/api/v1/twofa/verify/", { code: wrongCode(user, i) })),
    );
    const checked = responses.filter((r) => r.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    // Concurrent guesses that met a check in flight were turned away without counting; one at a
    // time, the free guesses run out after five in all.
    let drained = 0;
    while ((await agent.post("/api/v1/twofa/verify/", { code: wrongCode(user, 500 + drained) })).statusCode === 400) drained += 1;
    expect(checked + drained).toBe(5);
    // The guesses are spent: a right code (the next time step's, not yet used) waits too…
    const right = codeFor(app, user.secret, 1);
    const refused = await agent.post("/api/v1/twofa/verify/", { code: right });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // …and the owner, told how long, gets in after the delay.
    clock.advance(Number(refused.headers["retry-after"]) * 1_000);
    expect((await agent.post("/api/v1/twofa/verify/", { code: right })).statusCode).toBe(200);
  }, 120_000);
});

describe("where the bursts were counted", () => {
  it("in the run's Redis when it has one (CI's PostgreSQL run), as in production; in the database otherwise", async () => {
    const url = process.env.REDIS_URL;
    if (url) {
      const redis = new Redis(url, { lazyConnect: true });
      try {
        await redis.connect();
        expect((await redis.keys(`${redisPrefix}*`)).length).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
      expect(app.ctx.services.isDown("redis")).toBe(false);
    } else {
      expect((await app.ctx.db.select({ key: throttleCounters.key }).from(throttleCounters).limit(1)).length).toBe(1);
    }
  });
});
