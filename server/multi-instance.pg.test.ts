import { systemClock } from "./lib/clock.ts";
import { unlockModule, worksheetModuleIdOf } from "./testing/courses.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type Database } from "./db/client.ts";
import { worksheetRows } from "./db/schema/content.ts";
import { users } from "./db/schema/users.ts";
import { maskSecret, newCsrfSecret } from "./lib/csrf-token.ts";
import { hashPassword } from "./modules/accounts/password-hash.ts";
import { insertSession } from "./modules/sessions/session-repository.ts";
import { hashSessionId } from "./modules/sessions/session-service.ts";
import { CURRENT_TERMS_VERSION } from "../common/auth/terms.ts";
import { randomTestPersonalNumber } from "./modules/bankid/simulator/test-identities.ts";
import { GOOD_PASSWORD } from "./testing/accounts.ts";
import { startInstances, type Instance } from "./testing/instances.ts";
import { ACCOUNT_AGREEMENTS } from "./testing/consent.ts";

/**
 * Two app processes on one PostgreSQL database (and Redis when REDIS_URL is set). Runs only in
 * CI's PostgreSQL run: vitest.config.ts excludes *.pg.test.ts unless DATABASE_URL is set.
 */

const databaseUrl = inject("testDatabaseUrl");
let database: Database;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  if (!databaseUrl) throw new Error("multi-instance tests need DATABASE_URL (PostgreSQL)");
  database = await openDatabase({ url: databaseUrl, poolSize: 2 });
  [a, b] = (await startInstances(2, {
    databaseUrl,
    redisUrl: process.env.REDIS_URL,
    env: { TRUST_PROXY: "127.0.0.1" },
  })) as [Instance, Instance];
}, 90_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.close();
});

const csrf = newCsrfSecret();
// Counters in Redis outlive a run: each run is its own client (a documentation-range IPv6 address
// passed by the trusted loopback proxy), so an earlier run's failures never count here.
const clientIp = `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
function headers(cookie = "", json = true): Record<string, string> {
  return {
    "x-forwarded-for": clientIp,
    cookie: `csrftoken=${csrf}${cookie ? `; ${cookie}` : ""}`,
    "x-csrftoken": maskSecret(csrf),
    ...(json ? { "content-type": "application/json" } : {}),
  };
}

async function userWithPassword(): Promise<{ id: string; email: string }> {
  const email = `multi-${randomUUID()}@example.test`;
  const [row] = await database.db
    .insert(users)
    .values({
      email,
      authType: "email",
      passwordHash: await hashPassword(GOOD_PASSWORD),
      termsVersion: "1",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user not created");
  return { id: row.id, email };
}

/** A verified session cookie for a user, made as the login would make it. */
async function verifiedCookie(userId: string): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const now = new Date();
  await insertSession(database.db, {
    idHash: hashSessionId(id),
    userId,
    verified: true,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
    ip: "127.0.0.1",
    userAgent: "multi-instance test",
  });
  return `sessionid=${id}`;
}

/** The cookies a browser would keep across instances (one origin behind a load balancer). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }
  header(): string {
    return [...this.cookies].filter(([name]) => name !== "csrftoken").map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

/** A POST through one instance, with the jar's cookies; the answer's cookies go back in the jar. */
async function post(instance: Instance, jar: CookieJar, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = jar.keep(
    await fetch(`${instance.url}${path}`, { method: "POST", headers: headers(jar.header()), body: JSON.stringify(body) }),
  );
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The phone: the test BankID app scans the QR code through the given instance's simulator. */
async function scanThrough(instance: Instance, qrData: unknown, personalNumber: string): Promise<void> {
  await post(instance, new CookieJar(), "/dev/bankid/scan", { qrData, personalNumber, action: "approve" });
}

describe("two instances on one database", () => {
  it("a BankID order started on one instance is scanned and polled on the other (registration, then login)", async () => {
    const personalNumber = randomTestPersonalNumber();
    // Registration: the order starts on A, the phone and the browser's polls reach B.
    const browser = new CookieJar();
    const started = await post(a, browser, "/api/v1/onboarding/register", {
      device: "other",
      locale: "sv",
      terms_version: CURRENT_TERMS_VERSION,
      accept_terms: true,
      consent_health_data: true, ...ACCOUNT_AGREEMENTS,
    });
    expect((await post(b, browser, "/api/v1/login/status", { order: started["order"] }))["status"]).toBe("pending");
    await scanThrough(b, started["qrData"], personalNumber);
    expect((await post(b, browser, "/api/v1/login/status", { order: started["order"] }))["status"]).toBe("complete");
    const me = (await (await fetch(`${a.url}/api/v1/me/`, { headers: { cookie: browser.header() } })).json()) as {
      logged_in: boolean;
      auth_type: string;
    };
    expect(me).toMatchObject({ logged_in: true, auth_type: "bankid" });

    // Login on another browser: started on B, scanned through A, polled on A then B.
    const second = new CookieJar();
    const login = await post(b, second, "/api/v1/login", { device: "other" });
    await scanThrough(a, login["qrData"], personalNumber);
    expect((await post(a, second, "/api/v1/login/status", { order: login["order"] }))["status"]).toBe("complete");
    const again = (await (await fetch(`${b.url}/api/v1/me/`, { headers: { cookie: second.header() } })).json()) as {
      logged_in: boolean;
      user_data: { id: string } | null;
    };
    expect(again.logged_in).toBe(true);
    const [account] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, again.user_data?.id ?? ""));
    expect(account).toBeDefined();
  });

  it("a session started on one instance works on the other", async () => {
    const user = await userWithPassword();
    const login = await fetch(`${a.url}/api/v1/login/email`, {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ email: user.email, password: GOOD_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const session = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sessionid="))
      ?.split(";")[0];
    expect(session).toBeDefined();
    const me = (await (
      await fetch(`${b.url}/api/v1/me/`, { headers: { cookie: session ?? "" } })
    ).json()) as { logged_in: boolean; user_data: { id: string } | null };
    expect(me.logged_in).toBe(true);
    expect(me.user_data?.id).toBe(user.id);
    // Logging out on B ends it on A too.
    expect(
      (
        await fetch(`${b.url}/api/v1/logout/`, {
          method: "POST",
          headers: headers(session),
          body: "{}",
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        (await (
          await fetch(`${a.url}/api/v1/me/`, { headers: { cookie: session ?? "" } })
        ).json()) as { logged_in: boolean }
      ).logged_in,
    ).toBe(false);
  });

  it("rate-limit counters are shared: failures on both instances add up", async () => {
    const user = await userWithPassword();
    const attempt = (instance: Instance) =>
      fetch(`${instance.url}/api/v1/login/email`, {
        method: "POST",
        headers: headers(),
        body: JSON.stringify({ email: user.email, password: "wrong password 123" }),
      });
    // Five free failures in all, alternating instances; the sixth is held back whichever instance gets it.
    for (const instance of [a, b, a, b, a]) {
      const response = await attempt(instance);
      expect(((await response.json()) as { code: string }).code).toBe("auth.invalid_credentials");
    }
    const sixth = await attempt(b);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { code: string }).code).toBe("request.rate_limited");
  });

  it("a SIGKILL during a burst of worksheet saves loses nothing that was acknowledged", async () => {
    const user = await userWithPassword();
    const cookie = await verifiedCookie(user.id);
    const acknowledged: string[] = [];
    let failed = 0;
    // Rows are saved to a worksheet module by its id (the instances imported the content).
    const diary = { id: await worksheetModuleIdOf({ ctx: { db: database.db } }, "stress-diary") };
    // Rows are written only through a module open to the user.
    await unlockModule({ ctx: { db: database.db, clock: systemClock } }, user.id, diary.id);
    const save = async (instance: Instance, n: number) => {
      try {
        const response = await fetch(`${instance.url}/api/v1/worksheets/${diary.id}/rows/`, {
          method: "POST",
          headers: headers(cookie),
          body: JSON.stringify({ values: { date: "2026-11-20", situation: `row ${n}`, level: 5 } }),
        });
        if (response.status === 201)
          acknowledged.push(((await response.json()) as { id: string }).id);
        else if (response.status >= 300) failed += 1;
      } catch {
        failed += 1;
      }
    };
    const victim = await startInstances(1, {
      databaseUrl: databaseUrl ?? "",
      redisUrl: process.env.REDIS_URL,
      env: { TRUST_PROXY: "127.0.0.1" },
    });
    const doomed = victim[0] as Instance;
    let n = 0;
    const burst = (instance: Instance, count: number) =>
      Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = 0; i < count; i++) await save(instance, n++);
        }),
      );
    const killer = (async () => {
      // Kill after 20 acknowledged saves (or once the burst has run a while, so a broken save
      // fails the assertions below instead of hanging).
      const started = Date.now();
      while (acknowledged.length < 20 && Date.now() - started < 30_000)
        await new Promise((r) => setTimeout(r, 5));
      await doomed.stop("SIGKILL");
    })();
    await Promise.all([burst(doomed, 25), burst(b, 6), killer]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(failed).toBeGreaterThan(0);
    const stored = await database.db
      .select({ id: worksheetRows.id })
      .from(worksheetRows)
      .where(inArray(worksheetRows.id, acknowledged));
    expect(stored.length).toBe(acknowledged.length);
    // And the survivor still answers with every acknowledged row.
    const sheet = (await (
      await fetch(`${b.url}/api/v1/worksheets/${diary.id}/rows/`, { headers: { cookie } })
    ).json()) as { rows: { id: string }[] };
    const listed = new Set(sheet.rows.map((r) => r.id));
    expect(acknowledged.every((id) => listed.has(id))).toBe(true);
    const count = await database.db
      .select({ id: worksheetRows.id })
      .from(worksheetRows)
      .where(eq(worksheetRows.userId, user.id));
    expect(count.length).toBeGreaterThanOrEqual(acknowledged.length);
  }, 90_000);
});
