import path from "node:path";
import { and, eq, getTableColumns } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lightScreening } from "../../../../common/instruments/registry.ts";
import { auditLog } from "../../../db/schema/accounts.ts";
import { onboardings, screenings, screeningScores } from "../../../db/schema/screening.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { hashOnboardingToken } from "../../../modules/screening/onboarding-service.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { randomIp } from "../../../testing/accounts.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";
import { VISITOR_CONSENT } from "../../../testing/consent.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

/** A visitor: an agent that has consented and sends its token header on every call. */
async function visitor(
  locale = "sv",
): Promise<{
  agent: TestAgent;
  token: string;
  call: (method: "GET" | "POST", url: string, body?: unknown) => ReturnType<TestAgent["request"]>;
}> {
  const agent = new TestAgent(app, randomIp());
  const created = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale });
  expect(created.statusCode).toBe(201);
  const { token } = created.json() as { token: string };
  return { agent, token, call: (method, url, body) => agent.request(method, url, body, { token }) };
}

const light = (value: number, overrides: Record<string, number> = {}) => ({
  ...Object.fromEntries(lightScreening.map((q) => [q.id, value])),
  phq9_9: 0,
  ...overrides,
});

const groupAnswers = (prefix: string, items: number, value: number) =>
  Object.fromEntries(Array.from({ length: items }, (_, i) => [`${prefix}_${i + 1}`, value]));

describe("onboarding", () => {
  it("consent gives a token that is valid; a wrong or missing token is refused", async () => {
    const { agent, token } = await visitor();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const valid = await agent.post("/api/v1/onboarding/valid", { token });
    expect(valid.statusCode).toBe(200);
    expect((valid.json() as { expires_at: number }).expires_at).toBeGreaterThan(
      Date.now() / 1000 + 29 * 86400,
    );
    const invalid = await agent.post("/api/v1/onboarding/valid", { token: "x".repeat(43) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "onboarding.token_invalid" });
  });

  it("without consent: 400 with the field", async () => {
    const agent = new TestAgent(app, randomIp());
    const response = await agent.post("/api/v1/onboarding/", { consent: false, locale: "sv" });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { fields: Record<string, string> }).fields).toHaveProperty(
      "body.consent",
    );
  });
});

describe("light screening", () => {
  it("questions come in the request's language, each with its options", async () => {
    const { call } = await visitor("da");
    const response = await app.inject({
      method: "GET",
      url: "/api/v1/screening/",
      headers: { "accept-language": "da" },
    });
    const { questions } = response.json() as {
      questions: { id: string; text: string; options: { label: string }[] }[];
    };
    expect(questions.map((q) => q.id)).toContain("phq9_9");
    expect(questions[0]?.options[0]?.label).toBe("Slet ikke");
    const sv = (await call("GET", "/api/v1/screening/")).json() as {
      questions: { options: { label: string }[] }[];
    };
    expect(sv.questions[0]?.options[0]?.label).toBe("Inte alls");
  });

  it("answered by a visitor: every area scored, answers encrypted, no crisis", async () => {
    const { call, token } = await visitor();
    const response = await call("POST", "/api/v1/screening/", { answers: light(2) });
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      areas: { area: string; instrument: string; score: number; band: string }[];
      crisis: boolean;
    };
    expect(body.crisis).toBe(false);
    expect(body.areas.map((a) => a.area)).toEqual(["depression", "anxiety", "stress", "sleep"]);
    expect(body.areas[0]).toMatchObject({ instrument: "phq2", score: 4, band: "positive", max: 6 });
    // This visitor's own light screening (the database is shared with other test files).
    const [stored] = await app.ctx.db
      .select({ answers: screenings.answers })
      .from(screenings)
      .innerJoin(onboardings, eq(screenings.onboardingId, onboardings.id))
      .where(
        and(eq(onboardings.tokenHash, hashOnboardingToken(token)), eq(screenings.kind, "light")),
      );
    expect(stored?.answers).toMatch(/^v1\./);
  });

  it("PHQ-9 item 9 above 0 gives crisis: true and is recorded without the answer", async () => {
    const { call, token } = await visitor();
    // The entries of this visitor's onboarding: on PostgreSQL other test files record crisis
    // entries in the same table at the same time.
    const entriesOfVisitor = () =>
      app.ctx.db
        .select(getTableColumns(auditLog))
        .from(auditLog)
        .innerJoin(onboardings, eq(auditLog.onboardingId, onboardings.id))
        .where(and(eq(onboardings.tokenHash, hashOnboardingToken(token)), eq(auditLog.event, "safety.crisis_shown")));
    expect(await entriesOfVisitor()).toEqual([]);
    const response = await call("POST", "/api/v1/screening/", { answers: light(0, { phq9_9: 1 }) });
    expect(response.json()).toMatchObject({ crisis: true });
    const entries = await entriesOfVisitor();
    expect(entries.map((e) => e.detail)).toEqual([{ where: "light_screening" }]);
    expect(entries[0]?.userId).toBeNull();
    expect(entries[0]?.ip).toBeNull();
    expect(JSON.stringify(entries)).not.toContain("phq9_9");
  });

  it("bad answers: 400 naming each field (unknown item, out of range, missing)", async () => {
    const { call } = await visitor();
    const answers: Record<string, number> = { ...light(1), gad7_1: 9, nonsense_1: 1 };
    delete answers.miss_2;
    const response = await call("POST", "/api/v1/screening/", { answers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "request.invalid",
      fields: {
        "body.answers.gad7_1": "answer.out_of_range",
        "body.answers.nonsense_1": "answer.unknown_item",
        "body.answers.miss_2": "answer.required",
      },
    });
  });

  it("without a token or with an invalid one: refused; an unverified session: 403", async () => {
    const agent = new TestAgent(app, randomIp());
    const none = await agent.post("/api/v1/screening/", { answers: light(1) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: "onboarding.token_invalid" });
    const wrong = await agent.request(
      "POST",
      "/api/v1/screening/",
      { answers: light(1) },
      { token: "A".repeat(43) },
    );
    expect(wrong.json()).toMatchObject({ code: "onboarding.token_invalid" });
    const user = await createTestUser(app);
    const unverified = new TestAgent(app);
    unverified.cookies.set(
      "sessionid",
      (await sessionCookieFor(app, user, { verified: false })).split("=")[1] ?? "",
    );
    expect((await unverified.post("/api/v1/screening/", { answers: light(1) })).statusCode).toBe(
      403,
    );
    expect((await unverified.get("/api/v1/screening-extended/")).statusCode).toBe(403);
  });
});

describe("extended screening", () => {
  it("saved group by group, resumed after a new GET, complete with four groups and results", async () => {
    const { call } = await visitor();
    const first = (await call("GET", "/api/v1/screening-extended/")).json() as {
      groups: { id: string; completed: boolean; questions: unknown[] }[];
      started_at: number | null;
      results: unknown;
    };
    expect(first.groups.map((g) => [g.id, g.questions.length, g.completed])).toEqual([
      // The nine PHQ-9 items and its unscored difficulty question.
      ["phq9", 10, false],
      ["gad7", 7, false],
      ["pss10", 10, false],
      ["miss", 3, false],
    ]);
    expect(first.started_at).toBeNull();

    const saved = await call("POST", "/api/v1/screening-extended/", {
      groups: { phq9: { answers: groupAnswers("phq9", 9, 3) } },
    });
    expect(saved.statusCode).toBe(200);
    const resumed = (await call("GET", "/api/v1/screening-extended/")).json() as {
      groups: { completed: boolean }[];
      started_at: number;
      updated_at: number;
      results: unknown;
      crisis: boolean;
    };
    expect(resumed.groups.map((g) => g.completed)).toEqual([true, false, false, false]);
    expect(resumed.started_at).toBeLessThanOrEqual(Date.now() / 1000);
    expect(Number.isInteger(resumed.updated_at)).toBe(true);
    expect(resumed.results).toBeNull();
    expect(resumed.crisis).toBe(true);

    await call("POST", "/api/v1/screening-extended/", {
      groups: { gad7: { answers: groupAnswers("gad7", 7, 3) } },
    });
    await call("POST", "/api/v1/screening-extended/", {
      groups: { pss10: { answers: groupAnswers("pss10", 10, 2) } },
    });
    const done = (
      await call("POST", "/api/v1/screening-extended/", {
        groups: { miss: { answers: groupAnswers("miss", 3, 1) } },
      })
    ).json() as {
      groups: { completed: boolean }[];
      results: {
        areas: { instrument: string; score: number; band: string }[];
        healthcare_advice: boolean;
      };
    };
    expect(done.groups.every((g) => g.completed)).toBe(true);
    expect(done.results.areas).toEqual([
      { area: "depression", instrument: "phq9", score: 27, max: 27, band: "severe", severity: 4 },
      { area: "anxiety", instrument: "gad7", score: 21, max: 21, band: "severe", severity: 4 },
      // PSS bands never weigh more than "mild" (severity 1).
      { area: "stress", instrument: "pss10", score: 20, max: 40, band: "moderate", severity: 1 },
      expect.objectContaining({ area: "sleep", instrument: "miss", score: 3 }),
    ]);
    expect(done.results.healthcare_advice).toBe(true);
    const stored = await app.ctx.db
      .select({ answers: screeningScores.answers })
      .from(screeningScores)
      .where(eq(screeningScores.instrument, "pss10"));
    expect(stored.every((row) => row.answers?.startsWith("v1."))).toBe(true);

    const recommended = (await call("GET", "/api/v1/recommended-courses/")).json() as {
      courses: { category: string; rank: number; reason: { band: string } }[];
      healthcare_advice: boolean;
      based_on: string;
    };
    expect(recommended.based_on).toBe("extended");
    expect(recommended.healthcare_advice).toBe(true);
    // Clinical precedence; sleep (MISS 3) is below its cut-off and not recommended.
    expect(recommended.courses.map((c) => [c.rank, c.category])).toEqual([
      [1, "depression"],
      [2, "anxiety"],
      [3, "stress"],
    ]);
  });

  it("PHQ-9 item 9 in the extended screening gives crisis: true", async () => {
    const { call } = await visitor();
    const answers = { ...groupAnswers("phq9", 9, 0), phq9_9: 2 };
    expect(
      (await call("POST", "/api/v1/screening-extended/", { groups: { phq9: { answers } } })).json(),
    ).toMatchObject({ crisis: true });
  });

  it("bad group answers: 400 with the fields, nothing saved; another visitor sees none of it", async () => {
    const { call } = await visitor();
    const bad = await call("POST", "/api/v1/screening-extended/", {
      groups: { gad7: { answers: { ...groupAnswers("gad7", 7, 1), gad7_3: -1 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      fields: { "body.groups.gad7.answers.gad7_3": "answer.out_of_range" },
    });
    expect(
      (await call("POST", "/api/v1/screening-extended/", { groups: { sleep: { answers: {} } } }))
        .statusCode,
    ).toBe(400);
    await call("POST", "/api/v1/screening-extended/", {
      groups: { gad7: { answers: groupAnswers("gad7", 7, 1) } },
    });
    const other = await visitor();
    const view = (await other.call("GET", "/api/v1/screening-extended/")).json() as {
      groups: { completed: boolean }[];
    };
    expect(view.groups.some((g) => g.completed)).toBe(false);
    expect(
      ((await other.call("GET", "/api/v1/recommended-courses/")).json() as { courses: unknown[] })
        .courses,
    ).toEqual([]);
  });

  it("a verified user screens with the session (no token)", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app);
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    expect((await agent.post("/api/v1/screening/", { answers: light(1) })).statusCode).toBe(200);
    const recommended = (await agent.get("/api/v1/recommended-courses/")).json() as {
      based_on: string;
      courses: unknown[];
    };
    expect(recommended.based_on).toBe("light");
    // PHQ-2 2, GAD-2 2, MISS 3 are below their cut-offs; PSS-4 8 is at the stress threshold.
    expect(recommended.courses.map((c) => (c as { category: string }).category)).toEqual(["stress"]);
    expect(recommended).toMatchObject({ healthcare_advice: false });
  });

  it("a band step alone gives no healthcare advice; a reliable PHQ-9 worsening (+5) does", async () => {
    const { call } = await visitor();
    await call("POST", "/api/v1/screening/", { answers: light(0) });
    await call("POST", "/api/v1/screening/", { answers: light(2) });
    // Every light area one or more bands up (PHQ-2 0 → 4): no reliable-change rule for short forms.
    expect((await call("GET", "/api/v1/recommended-courses/")).json()).toMatchObject({ healthcare_advice: false });
    const extended = (phq9: number[]) =>
      call("POST", "/api/v1/screening-extended/", {
        groups: {
          phq9: { answers: Object.fromEntries(phq9.map((v, i) => [`phq9_${i + 1}`, v])) },
          gad7: { answers: groupAnswers("gad7", 7, 0) },
          pss10: { answers: groupAnswers("pss10", 10, 0) },
          miss: { answers: groupAnswers("miss", 3, 0) },
        },
      });
    await extended([1, 1, 1, 1, 0, 0, 0, 0, 0]); // 4
    await extended([1, 1, 1, 1, 1, 1, 1, 1, 0]); // 8: +4, not reliable
    expect((await call("GET", "/api/v1/recommended-courses/")).json()).toMatchObject({ healthcare_advice: false });
    await extended([2, 2, 2, 1, 1, 1, 1, 3, 0]); // 13: +5 on the previous one
    expect((await call("GET", "/api/v1/recommended-courses/")).json()).toMatchObject({ healthcare_advice: true });
  });
});
