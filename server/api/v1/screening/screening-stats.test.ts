import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { lightScreening } from "../../../../common/instruments/registry.ts";
import type { ScreeningStats } from "../../../../common/schemas/screening.ts";
import { openDatabase, type Database } from "../../../db/client.ts";
import { screeningStatsSnapshots } from "../../../db/schema/screening.ts";
import { refreshScreeningStats, STATS_PERIOD_MS } from "../../../modules/screening/screening-stats.ts";
import { randomIp } from "../../../testing/accounts.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { hold } from "../../../testing/held-lock.ts";
import { createTestApp, createTestUser, FakeClock, sessionCookieFor } from "../../../testing/test-app.ts";
import { VISITOR_CONSENT } from "../../../testing/consent.ts";

/**
 * The published screening statistics cannot be driven to single out a person (issue 17): an
 * hourly snapshot, bands of 50 people or more, counts rounded to 10, each person counted once,
 * and visitors' onboarding and screening limited per address. A database of its own, so the
 * counts are this file's alone; a clock of its own, to turn the hour.
 */

const clock = new FakeClock(Date.parse("2026-03-01T10:30:00Z"));
let app: FastifyInstance;
/** On PostgreSQL, a second pool on this file's database that holds a row lock to line up racing refreshes (testing/held-lock.ts). */
let holder: Database | null = null;
beforeAll(async () => {
  app = await createTestApp({ clock, isolated: true });
  const url = inject("testDatabaseUrl");
  if (url) {
    const result = (await app.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const own = new URL(url);
    own.pathname = `/${result.rows[0]?.name ?? ""}`;
    holder = await openDatabase({ url: own.toString(), poolSize: 2 });
  }
});
afterAll(async () => {
  await holder?.close();
  await app.close();
});

const light = (overrides: Record<string, number> = {}) => ({
  ...Object.fromEntries(lightScreening.map((q) => [q.id, 0])),
  phq9_9: 0,
  ...overrides,
});
/** PHQ-2 in its "positive" band (score 6); everything else at 0 puts PHQ-2 in "negative". */
const POSITIVE = { phq9_1: 3, phq9_2: 3 };

/** A new visitor from an address of its own: consents, then answers the light screening. */
async function person(answers: Record<string, number>) {
  const agent = new TestAgent(app, randomIp());
  const created = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" });
  expect(created.statusCode).toBe(201);
  const { token } = created.json() as { token: string };
  const submit = async () => {
    const response = await agent.request("POST", "/api/v1/screening/", { answers }, { token });
    expect(response.statusCode).toBe(200);
  };
  await submit();
  return { submit };
}

async function people(n: number, answers: Record<string, number>): Promise<void> {
  for (let i = 0; i < n; i += 1) await person(answers);
}

async function published(): Promise<ScreeningStats> {
  const response = await app.inject({ method: "GET", url: "/api/v1/screening/stats/" });
  expect(response.statusCode).toBe(200);
  return response.json() as ScreeningStats;
}

const phq2 = (stats: ScreeningStats) => stats.areas.find((area) => area.instrument === "phq2");

describe("published screening statistics", () => {
  it("fakes around one person change nothing until the next hour; bands under 50 stay hidden; counts are rounded", async () => {
    await people(54, light());
    const target = await person(light(POSITIVE));

    // Nothing completed before this hour began: nothing to publish yet.
    expect(await published()).toEqual({ areas: [], min_group: 50 });

    clock.advance(STATS_PERIOD_MS);
    const first = await published();
    expect(first.min_group).toBe(50);
    // 54 people in "negative" are shown as 50; the one person in "positive" is hidden, but
    // counted in the total of everyone (55, rounded to 60): shares are of everyone.
    expect(phq2(first)).toEqual({ area: "depression", instrument: "phq2", total: 60, bands: [{ band: "negative", count: 50 }] });

    // An attacker adds fake people around the target within the hour: the answer does not move.
    await people(45, light(POSITIVE));
    await people(1, light());
    // The target answering again still counts once (their newest screening).
    for (let i = 0; i < 5; i += 1) await target.submit();
    clock.advance(20 * 60_000);
    expect(await published()).toEqual(first);
    expect(await published()).toEqual(first);

    // The next hour: "negative" has 55 people (shown as 60), "positive" 46 (still hidden).
    clock.advance(STATS_PERIOD_MS);
    const second = await published();
    expect(phq2(second)).toEqual({ area: "depression", instrument: "phq2", total: 100, bands: [{ band: "negative", count: 60 }] });

    // 49 people in a band: hidden; 50: shown (rounded counts; the total is everyone, rounded).
    await people(3, light(POSITIVE));
    clock.advance(STATS_PERIOD_MS);
    expect(phq2(await published())?.bands.map((b) => b.band)).toEqual(["negative"]);
    await people(1, light(POSITIVE));
    expect(phq2(await published())?.bands.map((b) => b.band)).toEqual(["negative"]);
    clock.advance(STATS_PERIOD_MS);
    const last = await published();
    expect(phq2(last)).toEqual({
      area: "depression",
      instrument: "phq2",
      total: 110,
      bands: [
        { band: "negative", count: 60 },
        { band: "positive", count: 50 },
      ],
    });
    for (const area of last.areas) {
      for (const band of area.bands) {
        expect(band.count).toBeGreaterThanOrEqual(50);
        expect(band.count % 10).toBe(0);
      }
      expect(area.total).toBeGreaterThanOrEqual(area.bands.reduce((sum, b) => sum + b.count, 0));
      expect(area.total % 10).toBe(0);
    }
  });

  it("uses the default limits", () => {
    expect(app.ctx.env.VISITOR_ONBOARDINGS_PER_HOUR).toBe(VISITOR_ONBOARDING_RATE.limit);
    expect(app.ctx.env.VISITOR_SCREENINGS_PER_HOUR).toBe(VISITOR_SCREENING_RATE.limit);
  });

  it("is one stored snapshot per hour, shared through the database and computed once", async () => {
    clock.advance(STATS_PERIOD_MS);
    expect(await refreshScreeningStats(app.ctx)).toBe(true);
    expect(await refreshScreeningStats(app.ctx)).toBe(false);
    const [row] = await app.ctx.db.select().from(screeningStatsSnapshots).where(eq(screeningStatsSnapshots.key, "light"));
    expect(row?.periodStart.toISOString()).toBe(new Date(Math.floor(clock.now().getTime() / STATS_PERIOD_MS) * STATS_PERIOD_MS).toISOString());
    expect(await published()).toEqual(row?.stats);
    // The row holds only the published, anonymised figures.
    expect(JSON.stringify(row?.stats)).not.toMatch(/v1\.|onboarding|user/);
  });

  it("is stored once when two instances compute the new hour at the same moment: the first one stands", async () => {
    await refreshScreeningStats(app.ctx);
    clock.advance(STATS_PERIOD_MS);
    // Both read last hour's snapshot and compute; on PostgreSQL their upserts wait for the row
    // together, then go on in either order.
    const refreshes = () => Promise.all([refreshScreeningStats(app.ctx), refreshScreeningStats(app.ctx)]);
    let stored: boolean[];
    if (holder) {
      const held = await hold(holder, (tx) => tx.select().from(screeningStatsSnapshots).where(eq(screeningStatsSnapshots.key, "light")).for("update"));
      [stored] = await Promise.all([refreshes(), held.releaseWhenWaiting(2)]);
    } else {
      stored = await refreshes();
    }
    expect(stored.filter(Boolean)).toHaveLength(1);
    const [row] = await app.ctx.db.select().from(screeningStatsSnapshots).where(eq(screeningStatsSnapshots.key, "light"));
    expect(row?.periodStart.getTime()).toBe(Math.floor(clock.now().getTime() / STATS_PERIOD_MS) * STATS_PERIOD_MS);
  });
});

/** The default limits (server/env.ts): 20 onboardings and 60 visitor screenings an hour. */
const VISITOR_ONBOARDING_RATE = { limit: 20 };
const VISITOR_SCREENING_RATE = { limit: 60 };

describe("visitor rate limits per address", () => {
  it(`answers 429 with Retry-After after ${VISITOR_ONBOARDING_RATE.limit} onboardings an hour from one address`, async () => {
    const agent = new TestAgent(app, randomIp());
    for (let i = 0; i < VISITOR_ONBOARDING_RATE.limit; i += 1) {
      expect((await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).statusCode).toBe(201);
    }
    const refused = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: "request.rate_limited" });
    // Another address is not affected; the hour over, the first may again.
    expect((await new TestAgent(app, randomIp()).post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).statusCode).toBe(201);
    clock.advance(STATS_PERIOD_MS + 1000);
    expect((await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).statusCode).toBe(201);
  });

  it(`answers 429 with Retry-After after ${VISITOR_SCREENING_RATE.limit} visitor screenings an hour from one address`, async () => {
    const ip = randomIp();
    const agent = new TestAgent(app, ip);
    const { token } = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
    for (let i = 0; i < VISITOR_SCREENING_RATE.limit; i += 1) {
      expect((await agent.request("POST", "/api/v1/screening/", { answers: light() }, { token })).statusCode).toBe(200);
    }
    const refused = await agent.request("POST", "/api/v1/screening/", { answers: light() }, { token });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The extended screening counts against the same limit.
    const phq9 = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9_${i + 1}`, 0]));
    const extended = await agent.request("POST", "/api/v1/screening-extended/", { groups: { phq9: { answers: phq9 } } }, { token });
    expect(extended.statusCode).toBe(429);
    expect(extended.headers["retry-after"]).toBeDefined();

    // A logged-in user at the same address is not a visitor: not limited by this.
    const user = await createTestUser(app);
    const member = new TestAgent(app, ip);
    member.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    expect((await member.post("/api/v1/screening/", { answers: light() })).statusCode).toBe(200);
  });
});
