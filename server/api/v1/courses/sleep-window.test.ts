import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInstrument } from "../../../../common/instruments/registry.ts";
import { scoreInstrument } from "../../../../common/instruments/scoring.ts";
import { contentModules, courses, evaluationAnswers } from "../../../db/schema/content.ts";
import { answersAad as evaluationAnswersAad } from "../../../modules/courses/evaluation-repository.ts";
import { sealEvaluationScore } from "../../../modules/screening/health-values.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { giveScreening } from "../../../modules/screening/fixture-screening.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { moduleIdOf, unlockModule } from "../../../testing/courses.ts";
import { createTestApp, createTestUser, FakeClock, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * The gated sleep window of issue 23 (rules G1–G5 of docs/clinical/recommendations.md): the
 * safety check before it, what a "yes" or the screening withholds, and the window worked out from
 * the diary.
 */
let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 23, 7, 0, 0)); // Monday 23 November 2026
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const moduleId = (key: string) => moduleIdOf(app, "sleep", key);

/** A user in part 2 of the sleep course (part 1 done long ago), screened calm unless told. */
async function inPart2(screening: { item9?: number } = {}) {
  const user = await createTestUser(app);
  await giveScreening(app, user.id, { daysAgo: 1, ...screening });
  const agent = new TestAgent(app);
  const login = async () => agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  await login();
  await unlockModule(app, user.id, await moduleId("p2-before-you-start"));
  return { agent, userId: user.id, login };
}

interface Detail {
  course_parts: { key: string; completed: boolean; content_modules: { key: string; id: string; completed: boolean; progress_url: string }[] }[];
}

const keys = (detail: Detail) => detail.course_parts.flatMap((p) => p.content_modules.map((m) => m.key));
const allNo = { bipolar: 0, epilepsy: 0, sleep_apnoea: 0, pregnancy: 0, shift_work: 0, alertness: 0 };
const WINDOW_MODULES = ["p2-sleep-window", "p2-window-plan", "p3-adjusting-window", "p3-new-window", "p7-after-window"];

/** The extended screening with PHQ-9 at `phq9` (items 1–8 filled in order, item 9 at 0), the rest calm. */
async function extendedScreening(agent: TestAgent, phq9: number) {
  const items = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`phq9_${i + 1}`, Math.max(0, Math.min(3, phq9 - 3 * i))]));
  const response = await agent.post("/api/v1/screening-extended/", {
    groups: {
      phq9: { answers: { ...items, phq9_9: 0 } },
      gad7: { answers: Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`gad7_${i + 1}`, 0])) },
      pss10: { answers: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`pss10_${i + 1}`, 0])) },
      miss: { answers: { miss_1: 0, miss_2: 0, miss_3: 0 } },
    },
  });
  expect(response.statusCode).toBe(200);
}

/** A PHQ-9 course questionnaire answered now with total `score` (stored as the depression course stores it). */
async function phq9Evaluation(userId: string, score: number) {
  const [module] = await app.ctx.db
    .select({ id: contentModules.id, courseId: contentModules.courseId })
    .from(contentModules)
    .innerJoin(courses, eq(courses.id, contentModules.courseId))
    .where(and(eq(courses.key, "depression"), eq(contentModules.type, "evaluation")))
    .limit(1);
  if (!module) throw new Error("no depression evaluation");
  const id = randomUUID();
  const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`phq9_${i + 1}`, i < 8 ? Math.max(0, Math.min(3, score - 3 * i)) : 0]));
  const result = scoreInstrument(getInstrument("phq9"), answers);
  expect(result.score).toBe(score);
  await app.ctx.db.insert(evaluationAnswers).values({
    id,
    userId,
    courseId: module.courseId,
    moduleId: module.id,
    instrument: "phq9",
    answers: app.ctx.cipher.encrypt(JSON.stringify(answers), evaluationAnswersAad(userId)),
    ...sealEvaluationScore(app.ctx.cipher, result, userId, id),
    createdAt: clock.now(),
  });
}

describe("the safety check before the sleep window (G1–G3)", () => {
  it("serves yes/no questions; before an answer the window's modules are listed but locked (409)", async () => {
    const { agent } = await inPart2();
    const check = (await agent.get("/api/v1/courses/sleep/modules/p2-before-you-start/", { "accept-language": "en" })).json() as {
      type: string;
      check: { state: string; questions: { id: string; text: string; options: { value: number; label: string }[] }[] };
    };
    expect(check.type).toBe("safety_check");
    expect(check.check.state).toBe("unanswered");
    expect(check.check.questions.map((q) => q.id)).toEqual(["bipolar", "epilepsy", "sleep_apnoea", "pregnancy", "shift_work", "alertness"]);
    expect(check.check.questions[0]?.options).toEqual([
      { value: 0, label: "No" },
      { value: 1, label: "Yes" },
    ]);
    const detail = (await agent.get("/api/v1/courses/sleep/")).json() as Detail;
    expect(keys(detail)).toEqual(expect.arrayContaining(WINDOW_MODULES));
    expect(keys(detail)).not.toContain("p2-without-window");
    const locked = await agent.get("/api/v1/courses/sleep/modules/p2-sleep-window/");
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: "course.safety_check_required" });
    // Answered by "Done" it is not: it needs its answers, every one of them.
    const id = await moduleId("p2-before-you-start");
    expect((await agent.post(`/api/v1/content-modules/${id}/progress/`)).json()).toMatchObject({ code: "course.module_needs_answers" });
    expect((await agent.post(`/api/v1/safety-checks/${id}/`, { answers: { bipolar: 0 } })).json()).toMatchObject({
      fields: { "body.answers.epilepsy": "answer.required" },
    });
  });

  it("all 'no': the window opens, the path instead of it is not shown", async () => {
    const { agent } = await inPart2();
    const answered = await agent.post(`/api/v1/safety-checks/${await moduleId("p2-before-you-start")}/`, { answers: allNo });
    expect(answered.statusCode).toBe(200);
    const body = answered.json() as { check: { state: string; reasons: string[] }; course: Detail };
    expect(body.check).toMatchObject({ state: "clear", reasons: [], answered: true });
    expect(keys(body.course)).toEqual(expect.arrayContaining(WINDOW_MODULES));
    expect(keys(body.course)).not.toContain("p2-without-window");
    expect((await agent.get("/api/v1/courses/sleep/modules/p2-sleep-window/")).statusCode).toBe(200);
  });

  it("is each user's own: another user's 'yes' withholds only their window, my 'no' opens only mine", async () => {
    const a = await inPart2();
    const b = await inPart2();
    const check = await moduleId("p2-before-you-start");
    const state = async (agent: TestAgent) =>
      ((await agent.get("/api/v1/courses/sleep/modules/p2-before-you-start/")).json() as { check: { state: string; answered: boolean } }).check;
    expect((await a.agent.post(`/api/v1/safety-checks/${check}/`, { answers: allNo })).statusCode).toBe(200);
    const aCourse = (await a.agent.get("/api/v1/courses/sleep/")).body;
    const aCheck = await state(a.agent);
    expect(aCheck).toMatchObject({ state: "clear", answered: true });

    const answered = await b.agent.post(`/api/v1/safety-checks/${check}/`, { answers: { ...allNo, epilepsy: 1 } });
    expect(answered.statusCode).toBe(200);
    expect((answered.json() as { check: { state: string } }).check).toMatchObject({ state: "withheld", reasons: ["answers"] });
    expect((await b.agent.get("/api/v1/courses/sleep/modules/p2-sleep-window/")).statusCode).toBe(404);
    // A's check, course and window are as they were before B answered.
    expect(await state(a.agent)).toEqual(aCheck);
    expect((await a.agent.get("/api/v1/courses/sleep/")).body).toBe(aCourse);
    expect((await a.agent.get("/api/v1/courses/sleep/modules/p2-sleep-window/")).statusCode).toBe(200);
    // Neither answer is anyone else's: a third user in the same part has answered nothing.
    const c = await inPart2();
    expect(await state(c.agent)).toMatchObject({ state: "unanswered", answered: false });
    expect((await c.agent.get("/api/v1/courses/sleep/modules/p2-sleep-window/")).statusCode).toBe(409);
  });

  it.each(["bipolar", "epilepsy", "sleep_apnoea", "pregnancy", "shift_work", "alertness"])("'yes' to %s withholds the window and offers stimulus control", async (question) => {
    const { agent } = await inPart2();
    const body = (await agent.post(`/api/v1/safety-checks/${await moduleId("p2-before-you-start")}/`, { answers: { ...allNo, [question]: 1 } })).json() as {
      check: { state: string; reasons: string[] };
      course: Detail;
    };
    expect(body.check).toMatchObject({ state: "withheld", reasons: ["answers"] });
    for (const key of WINDOW_MODULES) expect(keys(body.course)).not.toContain(key);
    expect(keys(body.course)).toEqual(expect.arrayContaining(["p2-without-window", "p3-stimulus-control", "p3-rules"]));
    expect((await agent.get("/api/v1/courses/sleep/modules/p2-sleep-window/")).statusCode).toBe(404);
    expect((await agent.get("/api/v1/courses/sleep/modules/p2-without-window/")).statusCode).toBe(200);
  });

  it("a screening with item 9 above 0 withholds it before any answer, and after all 'no' too (G2)", async () => {
    const { agent } = await inPart2({ item9: 1 });
    const before = (await agent.get("/api/v1/courses/sleep/modules/p2-before-you-start/")).json() as { check: { state: string; reasons: string[] } };
    expect(before.check).toMatchObject({ state: "withheld", reasons: ["screening"], answered: false });
    const body = (await agent.post(`/api/v1/safety-checks/${await moduleId("p2-before-you-start")}/`, { answers: allNo })).json() as {
      check: { state: string; reasons: string[] };
      course: Detail;
    };
    expect(body.check).toMatchObject({ state: "withheld", reasons: ["screening"] });
    expect(keys(body.course)).toContain("p2-without-window");
  });

  it("PHQ-9 ≥ 20 in the newest screening withholds it; 19 does not", async () => {
    for (const [score, state] of [[19, "unanswered"], [20, "withheld"]] as const) {
      const { agent } = await inPart2();
      await extendedScreening(agent, score);
      const check = (await agent.get("/api/v1/courses/sleep/modules/p2-before-you-start/")).json() as { check: { state: string } };
      expect(check.check.state, `PHQ-9 ${score}`).toBe(state);
    }
  });

  it("the newest PHQ-9 total counts, from a screening or a course questionnaire; a newer light screening does not lift it (G2)", async () => {
    const state = async (agent: TestAgent) =>
      ((await agent.get("/api/v1/courses/sleep/modules/p2-before-you-start/")).json() as { check: { state: string } }).check.state;
    // An extended screening with PHQ-9 21 (items 1–7 at 3), then a calm light screening a minute later.
    const severe = await inPart2();
    await extendedScreening(severe.agent, 21);
    clock.advance(60_000);
    await giveScreening(app, severe.userId, { daysAgo: 0 });
    expect(await state(severe.agent), "a light screening after PHQ-9 21").toBe("withheld");
    // A course questionnaire's PHQ-9, answered after the screening, is the newest total either way.
    clock.advance(60_000);
    await phq9Evaluation(severe.userId, 8);
    expect(await state(severe.agent), "a newer course PHQ-9 of 8").toBe("unanswered");
    const calm = await inPart2();
    await extendedScreening(calm.agent, 5);
    clock.advance(60_000);
    await phq9Evaluation(calm.userId, 20);
    expect(await state(calm.agent), "a newer course PHQ-9 of 20").toBe("withheld");
  });

  it("the window's modules never hold back the part: the check and the check-in complete part 2", async () => {
    const { agent } = await inPart2();
    const detail = (await agent.get("/api/v1/courses/sleep/")).json() as Detail;
    const part2 = detail.course_parts[1];
    await agent.post(part2?.content_modules.find((m) => m.key === "p2-your-diary")?.progress_url ?? "");
    await agent.post(`/api/v1/safety-checks/${await moduleId("p2-before-you-start")}/`, { answers: { ...allNo, pregnancy: 1 } });
    const checkIn = await agent.post(`/api/v1/evaluations/${await moduleId("p2-check")}/`, { answers: { miss_1: 1, miss_2: 1, miss_3: 1, phq9_9: 0 } });
    expect((checkIn.json() as { course: Detail }).course.course_parts[1]?.completed).toBe(true);
  });
});

describe("the sleep-window worksheet works the window out from the diary (G4, G5)", () => {
  /** A diary night on `date`: in bed 23:00–07:00 (480 min), asleep `asleep` minutes. */
  const night = (date: string, asleep: number) => ({
    date,
    bedtime: "23:00",
    lights_out: "23:00",
    sleep_onset_minutes: 480 - asleep,
    awakenings: 0,
    awake_minutes: 0,
    wake_time: "07:00",
    out_of_bed: "07:00",
    quality: 3,
  });

  async function windowUser() {
    const { agent, userId, login } = await inPart2();
    await agent.post(`/api/v1/safety-checks/${await moduleId("p2-before-you-start")}/`, { answers: allNo });
    const diary = await moduleId("p1-sleep-diary");
    const sheet = await moduleId("p2-window-plan");
    await unlockModule(app, userId, sheet);
    const addNight = async (date: string, asleep: number) =>
      expect((await agent.post(`/api/v1/worksheets/${diary}/rows/`, { values: night(date, asleep) })).statusCode).toBe(201);
    return { agent, sheet, addNight, login };
  }

  it("the window worked out from the diary is not told where the window is withheld (item 9 above 0) or its check unanswered", async () => {
    for (const [why, setup] of [
      ["withheld", async () => inPart2({ item9: 1 })],
      ["check unanswered", async () => inPart2()],
    ] as const) {
      const { agent, userId } = await setup();
      if (why === "withheld") await agent.post(`/api/v1/safety-checks/${await moduleId("p2-before-you-start")}/`, { answers: allNo });
      const diary = await moduleId("p1-sleep-diary");
      const sheet = await moduleId("p2-window-plan");
      await unlockModule(app, userId, sheet);
      for (const date of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
        expect((await agent.post(`/api/v1/worksheets/${diary}/rows/`, { values: night(date, 350) })).statusCode).toBe(201);
      }
      const listed = await agent.get(`/api/v1/worksheets/${sheet}/rows/`);
      expect(listed.statusCode, why).toBe(200);
      expect(listed.json(), why).not.toHaveProperty("plan");
      expect((await agent.post(`/api/v1/worksheets/${sheet}/rows/`, { values: { wake_time: "06:30" } })).statusCode, why).toBeGreaterThanOrEqual(400);
    }
  });

  it("needs 3 diary nights; then the mean sleep time rounded up to a quarter hour, and the bedtime from the rise time", async () => {
    const { agent, sheet, addNight } = await windowUser();
    await addNight("2026-11-21", 350);
    await addNight("2026-11-22", 350);
    const early = (await agent.get(`/api/v1/worksheets/${sheet}/rows/`)).json() as { plan: unknown };
    expect(early.plan).toEqual({ ready: false, nights: 2, needed: 3 });
    const refused = await agent.post(`/api/v1/worksheets/${sheet}/rows/`, { values: { wake_time: "06:30" } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "worksheet.diary_too_short" });

    await addNight("2026-11-20", 350);
    const plan = ((await agent.get(`/api/v1/worksheets/${sheet}/rows/`)).json() as { plan: unknown }).plan;
    expect(plan).toEqual({ ready: true, nights: 3, mean_sleep_minutes: 350, efficiency: 73, previous_window_minutes: null, adjustment_minutes: null, window_minutes: 360 });
    const saved = await agent.post(`/api/v1/worksheets/${sheet}/rows/`, { values: { wake_time: "06:30", notes: "Första veckan" } });
    expect(saved.statusCode).toBe(201);
    expect((saved.json() as { computed: Record<string, number | null> }).computed).toEqual({
      nights: 3,
      mean_sleep_minutes: 350,
      efficiency: 73,
      adjustment_minutes: null,
      window_minutes: 360,
      bedtime_minutes: 30, // 00:30
    });
  });

  it("is never under 5 hours, and adjusts weekly: ≥ 90 % longer, 85–89 % the same, < 85 % shorter", async () => {
    const { agent, sheet, addNight, login } = await windowUser();
    for (const date of ["2026-11-20", "2026-11-21", "2026-11-22"]) await addNight(date, 200);
    const first = (await agent.post(`/api/v1/worksheets/${sheet}/rows/`, { values: { wake_time: "07:00" } })).json() as { computed: Record<string, number> };
    expect(first.computed).toMatchObject({ mean_sleep_minutes: 200, window_minutes: 300, bedtime_minutes: 2 * 60 });

    // A week later: three nights at 92 % of 480 minutes in bed: 15 minutes longer.
    clock.advance(7 * 86_400_000);
    try {
      await login();
      for (const date of ["2026-11-27", "2026-11-28", "2026-11-29"]) await addNight(date, 442);
      const second = (await agent.post(`/api/v1/worksheets/${sheet}/rows/`, { values: { wake_time: "07:00" } })).json() as { computed: Record<string, number> };
      expect(second.computed).toMatchObject({ nights: 3, efficiency: 92, adjustment_minutes: 15, window_minutes: 315, bedtime_minutes: 7 * 60 - 315 } );
      // And a week after that, 80 %: 15 minutes shorter again, never under 5 hours.
      clock.advance(7 * 86_400_000);
      await login();
      for (const date of ["2026-12-04", "2026-12-05", "2026-12-06"]) await addNight(date, 384);
      const third = (await agent.post(`/api/v1/worksheets/${sheet}/rows/`, { values: { wake_time: "07:00" } })).json() as { computed: Record<string, number> };
      expect(third.computed).toMatchObject({ efficiency: 80, adjustment_minutes: -15, window_minutes: 300 });
    } finally {
      clock.advance(-14 * 86_400_000);
    }
  });
});
