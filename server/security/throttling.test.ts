import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../api/endpoint.ts";
import { users } from "../db/schema/users.ts";
import { endpoints } from "../api/endpoints.ts";
import { TestAgent } from "../testing/agent.ts";
import { CURRENT_TERMS_VERSION } from "../../common/auth/terms.ts";
import {
  GOOD_PASSWORD,
  randomIp,
  registerUser,
  uniqueEmail,
  type RegisteredUser,
} from "../testing/accounts.ts";
import {
  arbitraryOf,
  concretePath,
  endpointKey,
  jsonSchemaOf,
} from "../testing/endpoint-subjects.ts";
import { FakeClock, createTestApp, sessionCookieFor } from "../testing/test-app.ts";
import { ACCOUNT_AGREEMENTS } from "../testing/consent.ts";

/**
 * Throttling and enumeration over the endpoint list. Every endpoint that declares 429 is hammered
 * from one address with schema-valid but wrong input until it answers 429 with Retry-After, so a
 * new throttled endpoint (contact, BankID) is covered by declaring 429. Account-level limits,
 * the 100-failure lock and the e-mail cap are in server/api/v1/accounts-security.test.ts.
 */

const clock = new FakeClock(Date.UTC(2026, 10, 23, 8, 0, 0));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});

/** Who calls a non-public throttled endpoint (the session it needs to reach its throttle). */
type Caller = "visitor" | "verified" | "password-only" | "without-2fa";
const CALLERS: Record<string, Caller> = {
  "POST /twofa/verify/": "password-only",
  "POST /twofa/": "without-2fa",
};

const registered = new Map<boolean, Promise<RegisteredUser>>();
/** One registered user per kind for the whole file (the clock moves past every limit between tests). */
function registered2fa(enable2fa: boolean): Promise<RegisteredUser> {
  let user = registered.get(enable2fa);
  if (!user) registered.set(enable2fa, (user = registerUser(app, { enable2fa })));
  return user;
}

async function callerAgent(
  caller: Caller,
): Promise<{ agent: TestAgent; user: RegisteredUser | null }> {
  if (caller === "visitor") return { agent: new TestAgent(app, randomIp()), user: null };
  const user = await registered2fa(caller !== "without-2fa");
  if (caller === "password-only") {
    const agent = new TestAgent(app, randomIp());
    expect(
      (await agent.post("/api/v1/login/email", { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
    return { agent, user };
  }
  // A fresh session at the current (fake) time: the clock jumps hours between tests.
  const [row] = await app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email));
  const agent = new TestAgent(app, randomIp());
  const cookie = await sessionCookieFor(
    app,
    { id: row?.id ?? "", email: user.email },
    { verified: caller === "verified" },
  );
  agent.cookies.set("sessionid", cookie.split("=")[1] ?? "");
  return { agent, user };
}

/** Attempts as an attacker would make them, where a random valid body fails earlier checks. */
const ATTEMPTS: Record<string, (i: number) => Record<string, unknown>> = {
  // Random bodies rarely name a group (the schema wants at least one); a visitor's guess does.
  "POST /screening-extended/": (i) => ({ groups: { phq9: { answers: { phq9_1: i % 4 } } } }),
  // A guessed code with a password that passes the policy (else the policy answers first).
  "POST /onboarding/complete": (i) => ({
    code: `${"g".repeat(40)}${String(i).padStart(3, "0")}`,
    password: GOOD_PASSWORD,
    terms_version: CURRENT_TERMS_VERSION,
    accept_terms: true,
    consent_health_data: true, ...ACCOUNT_AGREEMENTS,
  }),
  // BankID registration checks the terms version before it starts (and counts) an order.
  "POST /onboarding/register": (i) => ({
    device: i % 2 === 0 ? "same" : "other",
    locale: "sv",
    terms_version: CURRENT_TERMS_VERSION,
    accept_terms: true,
    consent_health_data: true, ...ACCOUNT_AGREEMENTS,
  }),
};
/**
 * Endpoints whose per-IP limit is above the default 60 attempts (BankID order starts: 60 per
 * 10 minutes per address, since many users share one) are driven just past their limit.
 */
const MAX_ATTEMPTS: Record<string, number> = {
  "POST /login": 61,
  "POST /onboarding/register": 61,
  // Visitors' screening submissions: 60 an hour per address (server/modules/screening/screening-throttle.ts).
  "POST /screening/": 61,
  "POST /screening-extended/": 61,
};
/** Set-up a caller needs before its attempts count (2FA enrolment starts with GET). */
const PREPARE: Record<string, (agent: TestAgent) => Promise<unknown>> = {
  "POST /twofa/": (agent) => agent.get("/api/v1/twofa/"),
};

const throttled = endpoints.filter((e) => e.errors?.includes(429));

it("has throttled endpoints to test (every form that takes a secret or sends e-mail declares 429)", () => {
  const keys = throttled.map(endpointKey);
  for (const key of [
    "POST /login/email",
    "POST /onboarding/register/email",
    "POST /password/reset",
    "POST /twofa/verify/",
  ]) {
    expect(keys).toContain(key);
  }
});

describe.each(throttled.map((e) => [endpointKey(e), e] as const))(
  "%s",
  (key, endpoint: Endpoint) => {
    it("answers 429 with Retry-After to one address that keeps trying", async () => {
      const caller = CALLERS[key] ?? (endpoint.auth === "public" ? "visitor" : "verified");
      const { agent } = await callerAgent(caller);
      await PREPARE[key]?.(agent);
      const attempts = MAX_ATTEMPTS[key] ?? 60;
      const bodies = endpoint.body
        ? fc.sample(arbitraryOf(jsonSchemaOf(endpoint.body)), { numRuns: attempts, seed: 42 })
        : [];
      let limited: LightMyRequestResponse | undefined;
      const seen = new Set<number>();
      for (let i = 0; i < attempts && !limited; i++) {
        const response = await agent.request(
          endpoint.method,
          concretePath(endpoint),
          ATTEMPTS[key]?.(i) ?? bodies[i] ?? {},
        );
        seen.add(response.statusCode);
        if (response.statusCode === 429) limited = response;
      }
      expect(
        limited,
        `no 429 after ${attempts} attempts; statuses seen: ${[...seen].join(", ")}`,
      ).toBeDefined();
      expect(Number(limited?.headers["retry-after"])).toBeGreaterThan(0);
      expect(["request.rate_limited", "auth.locked"]).toContain(limited?.json().code);
      clock.advance(2 * 3_600_000);
    }, 60_000);
  },
);

/**
 * Forms that must not tell whether an account exists: one entry each. The contact form joins
 * with `{ name: "contact", url: "/api/v1/contact/", body: (email) => ({ email, message: "…" }) }`.
 */
interface EnumerationCase {
  name: string;
  url: string;
  body: (email: string) => Record<string, unknown>;
  /** Whether a known account costs a password hash, so timing is compared too. */
  hashes?: boolean;
}

const ENUMERATION: EnumerationCase[] = [
  {
    name: "login",
    url: "/api/v1/login/email",
    body: (email) => ({ email, password: "inte rätt lösen alls" }),
    hashes: true,
  },
  {
    name: "registration",
    url: "/api/v1/onboarding/register/email",
    body: (email) => ({ email, locale: "sv" }),
  },
  { name: "password reset", url: "/api/v1/password/reset", body: (email) => ({ email }) },
  { name: "new code", url: "/api/v1/coderequest", body: (email) => ({ email }) },
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe.each(ENUMERATION.map((c) => [c.name, c] as const))("no enumeration: %s", (_name, form) => {
  it("answers a known and an unknown address alike (status, body, and time when a hash is involved)", async () => {
    const user = await registerUser(app);
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 3; i++) {
      for (const kind of ["known", "unknown"] as const) {
        const agent = new TestAgent(app, randomIp());
        await agent.get("/api/v1/csrftoken/");
        const started = performance.now();
        const response = await agent.post(
          form.url,
          form.body(kind === "known" ? user.email : uniqueEmail()),
        );
        times[kind].push(performance.now() - started);
        expect(response.statusCode, `${kind}: ${response.body}`).toBeLessThan(429);
        if (kind === "known") (times as Record<string, unknown>).knownBody = response.body;
        else expect(response.body).toBe((times as Record<string, unknown>).knownBody);
      }
    }
    if (form.hashes) {
      // An unknown address must cost a hash too: without one it answers 20–100 times faster.
      expect(median(times.unknown)).toBeGreaterThan(median(times.known) * 0.3);
    }
  });
});
