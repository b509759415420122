import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInstrument } from "../../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../../common/instruments/types.ts";
import { auditLog } from "../../../db/schema/accounts.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { moduleIdOf, unlockModule } from "../../../testing/courses.ts";
import { giveScreening } from "../../../modules/screening/fixture-screening.ts";
import { createTestApp, createTestUser, FakeClock, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * Issue 23 on the course paths: a course starts after a screening (409 `screening.required`), every
 * programme's questionnaires ask PHQ-9 item 9 and serve their questions, and healthcare advice
 * follows the same rules as the screenings (item 9, PHQ-9 ≥ 15, GAD-7 ≥ 15, reliable worsening).
 */
let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 20, 9, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

async function user(options: { screened?: boolean } = {}) {
  const created = await createTestUser(app);
  if (options.screened ?? true) await giveScreening(app, created.id);
  const agent = new TestAgent(app);
  const login = async () => agent.cookies.set("sessionid", (await sessionCookieFor(app, created)).split("=")[1] ?? "");
  await login();
  return { agent, userId: created.id, login };
}

const moduleOf = async (courseKey: string, moduleKey: string) => ({ id: await moduleIdOf(app, courseKey, moduleKey) });

/** GAD-7 answers scoring `score`, filled item by item (each 0–3). */
const gad = (score: number) => Object.fromEntries(getInstrument("gad7").items.map((item, i) => [item.id, Math.max(0, Math.min(3, score - 3 * i))]));

const all = (id: InstrumentId, value: number) => Object.fromEntries(getInstrument(id).items.filter((i) => !i.unscored).map((i) => [i.id, value]));

interface Question {
  id: string;
  instrument: string;
  intro: string;
  text: string;
  options: { value: number; label: string }[];
}

describe("POST /course-progress/clear-unfinished/: a course starts after a screening", () => {
  it("409 screening.required without a completed screening in the last 90 days; 200 with one", async () => {
    const fresh = await user({ screened: false });
    const refused = await fresh.agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "screening.required" });

    await giveScreening(app, fresh.userId, { daysAgo: 91 });
    expect((await fresh.agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).json()).toMatchObject({ code: "screening.required" });
    await giveScreening(app, fresh.userId, { daysAgo: 89 });
    expect((await fresh.agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).statusCode).toBe(200);
  });

  it("an unfinished extended screening does not count; the course already in progress needs none", async () => {
    const { agent, userId, login } = await user({ screened: false });
    await agent.post("/api/v1/screening-extended/", { groups: { phq9: { answers: all("phq9", 0) } } });
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "sleep" })).statusCode).toBe(409);
    await giveScreening(app, userId, { daysAgo: 80 });
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "sleep" })).statusCode).toBe(200);
    clock.advance(20 * 86_400_000); // the screening is 100 days old now
    try {
      await login();
      expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "sleep" })).statusCode).toBe(200);
      expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).statusCode).toBe(409);
    } finally {
      clock.advance(-20 * 86_400_000);
    }
  });
});

describe("evaluation and check-in modules serve their questions, PHQ-9 item 9 in every programme", () => {
  it.each([
    ["stress", "p2-check", "pss10"],
    ["sleep", "p2-check", "miss"],
    ["anxiety", "p2-check", "gad7"],
    ["depression", "p2-check", "phq9"],
  ] as const)("%s %s: the instrument's items and phq9_9, in the screenings' shape", async (course, key, instrument) => {
    const { agent, userId } = await user();
    await unlockModule(app, userId, (await moduleOf(course, key)).id);
    const detail = (await agent.get(`/api/v1/courses/${course}/modules/${key}/`, { "accept-language": "en" })).json() as { questions: Question[] };
    const own = detail.questions.filter((q) => q.instrument === instrument);
    expect(own.map((q) => q.id)).toEqual(getInstrument(instrument).items.map((i) => i.id));
    const safety = detail.questions.filter((q) => q.id === "phq9_9");
    expect(safety).toHaveLength(1);
    expect(safety[0]).toMatchObject({
      instrument: "phq9",
      intro: "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
      text: "Thoughts that you would be better off dead or of hurting yourself in some way",
    });
    expect(safety[0]?.options.map((o) => o.value)).toEqual([0, 1, 2, 3]);
    // Check-ins every two weeks ask about two weeks, not a month.
    for (const q of own) expect(q.intro + q.text).not.toMatch(/month/);
  });

  it("the baseline evaluation keeps the published one-month wording of PSS-10", async () => {
    const { agent } = await user();
    await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" });
    const detail = (await agent.get("/api/v1/courses/stress/modules/p1-pss/", { "accept-language": "sv" })).json() as { questions: Question[] };
    expect(detail.questions[0]?.intro).toMatch(/den senaste månaden/);
    expect(detail.questions.at(-1)?.id).toBe("phq9_9");
  });

  it("an anxiety check-in with item 9 = 1: crisis and healthcare advice, the event recorded; without item 9: 400", async () => {
    const { agent, userId } = await user();
    const checkIn = await moduleOf("anxiety", "p2-check");
    await unlockModule(app, userId, checkIn.id);
    const missing = await agent.post(`/api/v1/evaluations/${checkIn.id}/`, { answers: all("gad7", 0) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { "body.answers.phq9_9": "answer.required" } });
    const answered = await agent.post(`/api/v1/evaluations/${checkIn.id}/`, { answers: { ...all("gad7", 0), phq9_9: 1 } });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ instrument: "gad7", score: 0, crisis: true, healthcare_advice: true });
    const events = await app.ctx.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.event, "safety.crisis_shown")));
    expect(events).toHaveLength(1);
    // The crisis keeps the advice on for 14 days, in the recommendations too.
    expect((await agent.get("/api/v1/recommended-courses/")).json()).toMatchObject({ healthcare_advice: true, crisis: true });
  });
});

describe("healthcare advice after a course evaluation", () => {
  it("PHQ-9 ≥ 15 advises healthcare (H2); 14 does not", async () => {
    const { agent } = await user();
    const course = (await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "depression" })).json() as {
      course_parts: { content_modules: { id: string; type: string }[] }[];
    };
    const id = course.course_parts[0]?.content_modules.find((m) => m.type === "evaluation")?.id;
    const fourteen = { ...all("phq9", 0), phq9_1: 3, phq9_2: 3, phq9_3: 3, phq9_4: 3, phq9_5: 2 };
    expect((await agent.post(`/api/v1/evaluations/${id}/`, { answers: fourteen })).json()).toMatchObject({ score: 14, healthcare_advice: false });
    // 15 is also +1 on the previous: the advice comes from the band, not from the change.
    expect((await agent.post(`/api/v1/evaluations/${id}/`, { answers: { ...fourteen, phq9_6: 1 } })).json()).toMatchObject({ score: 15, healthcare_advice: true });
  });

  it("a reliable worsening against the screening baseline (GAD-7 +4) advises healthcare; +3 does not", async () => {
    const { agent, userId } = await user({ screened: false });
    const extended = (score: number) =>
      agent.post("/api/v1/screening-extended/", {
        groups: {
          phq9: { answers: all("phq9", 0) },
          gad7: { answers: gad(score) },
          pss10: { answers: { ...all("pss10", 0), pss10_4: 4, pss10_5: 4, pss10_7: 4, pss10_8: 4 } },
          miss: { answers: all("miss", 0) },
        },
      });
    expect((await extended(3)).statusCode).toBe(200);
    const evaluation = await moduleOf("anxiety", "p1-gad7");
    await unlockModule(app, userId, evaluation.id);
    const answer = (score: number) => ({ ...gad(score), phq9_9: 0 });
    expect((await agent.post(`/api/v1/evaluations/${evaluation.id}/`, { answers: answer(6) })).json()).toMatchObject({ score: 6, healthcare_advice: false });
    // Against the previous evaluation (6) +1 only, but against the screening baseline (3) +4.
    expect((await agent.post(`/api/v1/evaluations/${evaluation.id}/`, { answers: answer(7) })).json()).toMatchObject({ score: 7, healthcare_advice: true });
  });

  it("a step in a stress band alone never advises healthcare (PSS-10 13 → 14 with PHQ-9 0)", async () => {
    const { agent } = await user();
    const course = (await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).json() as {
      course_parts: { content_modules: { id: string; type: string }[] }[];
    };
    const id = course.course_parts[0]?.content_modules.find((m) => m.type === "evaluation")?.id;
    // Reverse-scored items 4, 5, 7, 8 answered 4 score 0.
    const pss = (score: number) => ({ ...all("pss10", 0), pss10_4: 4, pss10_5: 4, pss10_7: 4, pss10_8: 4, pss10_1: 4, pss10_2: 4, pss10_3: 4, pss10_6: score - 12, phq9_9: 0 });
    expect((await agent.post(`/api/v1/evaluations/${id}/`, { answers: pss(13) })).json()).toMatchObject({ score: 13, band: "low", healthcare_advice: false });
    expect((await agent.post(`/api/v1/evaluations/${id}/`, { answers: pss(14) })).json()).toMatchObject({ score: 14, band: "moderate", healthcare_advice: false });
  });
});
