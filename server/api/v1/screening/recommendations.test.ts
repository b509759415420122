import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../../../common/i18n/locales.ts";
import { getInstrument, lightScreening } from "../../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../../common/instruments/types.ts";
import type { Clock } from "../../../lib/clock.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { randomIp } from "../../../testing/accounts.ts";
import { moduleIdOf, unlockModule } from "../../../testing/courses.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";
import { VISITOR_CONSENT } from "../../../testing/consent.ts";

/**
 * The profile table of issue 23 (docs/clinical/recommendations.md, "Worked profiles") through the
 * API, in all four languages: which courses GET /recommended-courses/ recommends, in which order,
 * with which reason, and when it advises contacting healthcare.
 */
/** The real time, moved on by the tests whose answers must come minutes apart (the newest counts). */
class MovingClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

let app: FastifyInstance;
const clock = new MovingClock();
const content = loadContent(path.resolve("content"));
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, content);
});
afterAll(async () => {
  await app.close();
});

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];
const HEADER: Record<Locale, string> = { sv: "sv", en: "en", no: "nb", da: "da" };

/**
 * Answers to one questionnaire with exactly `score` (items filled in order, reverse-scored items
 * answered so that they score what is wanted); `item9` sets PHQ-9 item 9 (scored as part of the total).
 */
function answersFor(id: InstrumentId, score: number, item9 = 0): Record<string, number> {
  const instrument = getInstrument(id);
  let remaining = score - (id === "phq9" ? item9 : 0);
  const answers: Record<string, number> = {};
  for (const item of instrument.items) {
    if (item.unscored) continue;
    if (item.id === "phq9_9") {
      answers[item.id] = item9;
      continue;
    }
    const max = Math.max(...(item.options ?? instrument.options).map((o) => o.value));
    const wanted = Math.min(remaining, max);
    remaining -= wanted;
    answers[item.id] = item.reverse ? max - wanted : wanted;
  }
  if (remaining !== 0) throw new Error(`${id} cannot reach ${score}`);
  return answers;
}

interface Visitor {
  call: (method: "GET" | "POST", url: string, body?: unknown) => Promise<{ statusCode: number; json: () => unknown }>;
}

async function visitor(locale: Locale): Promise<Visitor> {
  const agent = new TestAgent(app, randomIp());
  const created = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale });
  const { token } = created.json() as { token: string };
  return { call: (method, url, body) => agent.request(method, url, body, { token, "accept-language": HEADER[locale] }) };
}

async function extended(v: Visitor, scores: { phq9: number; item9?: number; gad7: number; pss10: number; miss: number }) {
  const response = await v.call("POST", "/api/v1/screening-extended/", {
    groups: {
      phq9: { answers: answersFor("phq9", scores.phq9, scores.item9 ?? 0) },
      gad7: { answers: answersFor("gad7", scores.gad7) },
      pss10: { answers: answersFor("pss10", scores.pss10) },
      miss: { answers: answersFor("miss", scores.miss) },
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { results: { healthcare_advice: boolean; areas: { instrument: string; score: number }[] } };
}

interface Recommended {
  courses: { key: string; title: string; slug: string; rank: number; reason: { area: string; instrument: string; band: string; severity: number; criterion: string } }[];
  healthcare_advice: boolean;
  crisis: boolean;
  based_on: string | null;
}

async function recommended(v: Visitor): Promise<Recommended> {
  return (await v.call("GET", "/api/v1/recommended-courses/")).json() as Recommended;
}

function courseTitle(key: string, locale: Locale): string {
  const course = content.courses.find((c) => c.def.key === key);
  return course?.texts[locale].course.title ?? "";
}

const profiles = [
  {
    name: "suicidal with high stress (PHQ-9 13, item 9 = 1, GAD-7 8, PSS-10 21, MISS 6)",
    scores: { phq9: 13, item9: 1, gad7: 8, pss10: 21, miss: 6 },
    courses: ["depression", "sleep", "stress"],
    criteria: ["self_harm", "score", "score"],
    advice: true,
    crisis: true,
  },
  {
    name: "moderately severe depression with very high stress (PHQ-9 16, PSS-10 30)",
    scores: { phq9: 16, gad7: 7, pss10: 30, miss: 4 },
    courses: ["depression", "stress"],
    criteria: ["score", "score"],
    advice: true,
    crisis: false,
  },
  { name: "no symptoms", scores: { phq9: 2, gad7: 1, pss10: 8, miss: 1 }, courses: [], criteria: [], advice: false, crisis: false },
  { name: "anxiety alone (GAD-7 12)", scores: { phq9: 4, gad7: 12, pss10: 10, miss: 2 }, courses: ["anxiety"], criteria: ["score"], advice: false, crisis: false },
  { name: "sleep alone (MISS 9)", scores: { phq9: 3, gad7: 2, pss10: 9, miss: 9 }, courses: ["sleep"], criteria: ["score"], advice: false, crisis: false },
];

describe.each(LOCALES)("recommendations by clinical precedence, in %s", (locale) => {
  it.each(profiles)("$name", async ({ scores, courses, criteria, advice, crisis }) => {
    const v = await visitor(locale);
    const done = await extended(v, scores);
    expect(done.results.healthcare_advice).toBe(advice);
    const result = await recommended(v);
    expect(result.based_on).toBe("extended");
    expect(result.courses.map((c) => c.key)).toEqual(courses);
    expect(result.courses.map((c) => c.rank)).toEqual(courses.map((_, i) => i + 1));
    expect(result.courses.map((c) => c.reason.criterion)).toEqual(criteria);
    expect(result.courses.map((c) => c.title)).toEqual(courses.map((key) => courseTitle(key, locale)));
    expect(result.healthcare_advice).toBe(advice);
    expect(result.crisis).toBe(crisis);
    // Stress never weighs more than "mild", whatever its score.
    for (const course of result.courses.filter((c) => c.reason.area === "stress")) expect(course.reason.severity).toBeLessThanOrEqual(1);
  });

  it("a newer light screening after a calm extended one is the basis (light at maximum, item 9 = 2)", async () => {
    const v = await visitor(locale);
    await extended(v, { phq9: 0, gad7: 0, pss10: 0, miss: 0 });
    expect(await recommended(v)).toMatchObject({ courses: [], healthcare_advice: false, crisis: false, based_on: "extended" });
    const max = Object.fromEntries(lightScreening.map((q) => [q.id, Math.max(...q.options.map((o) => o.value))]));
    const light = await v.call("POST", "/api/v1/screening/", { answers: { ...max, phq9_9: 2 } });
    expect(light.json()).toMatchObject({ crisis: true, healthcare_advice: true });
    const result = await recommended(v);
    expect(result.based_on).toBe("light");
    expect(result.courses.map((c) => c.key)).toEqual(["depression", "anxiety", "sleep", "stress"]);
    expect(result.courses[0]?.reason).toMatchObject({ area: "depression", instrument: "phq2", criterion: "self_harm" });
    expect(result).toMatchObject({ healthcare_advice: true, crisis: true });
  });

  it("a crisis answer keeps the healthcare advice on for 14 days, even after a calm screening", async () => {
    const v = await visitor(locale);
    await extended(v, { phq9: 3, item9: 1, gad7: 0, pss10: 0, miss: 0 });
    await extended(v, { phq9: 0, gad7: 0, pss10: 0, miss: 0 });
    expect(await recommended(v)).toMatchObject({ courses: [], healthcare_advice: true, crisis: true });
  });

  it("an item 9 answer above 0 in answers refused as incomplete still keeps the advice on", async () => {
    const v = await visitor(locale);
    const { phq9_1: _missing, ...incomplete } = answersFor("phq9", 3, 1);
    const refused = await v.call("POST", "/api/v1/screening-extended/", { groups: { phq9: { answers: incomplete } } });
    expect(refused.statusCode).toBe(400);
    await extended(v, { phq9: 0, gad7: 0, pss10: 0, miss: 0 });
    expect(await recommended(v)).toMatchObject({ courses: [], healthcare_advice: true, crisis: true });
  });
});

describe("a crisis answer before any completed screening", () => {
  const expected = { courses: [], healthcare_advice: true, crisis: true, based_on: null };

  it("a visitor's unfinished extended screening with item 9 above 0: no course, but the crisis flag and the advice", async () => {
    const v = await visitor("sv");
    const saved = await v.call("POST", "/api/v1/screening-extended/", { groups: { phq9: { answers: answersFor("phq9", 3, 2) } } });
    expect(saved.json()).toMatchObject({ crisis: true, results: null });
    expect(await recommended(v)).toEqual(expected);
  });

  it("a user's light screening refused as incomplete with item 9 above 0 (the event only): the same", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app, randomIp());
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const calm = (await agent.get("/api/v1/recommended-courses/")).json() as Recommended;
    expect(calm).toEqual({ courses: [], healthcare_advice: false, crisis: false, based_on: null });
    const refused = await agent.post("/api/v1/screening/", { answers: { phq9_9: 1 } });
    expect(refused.statusCode).toBe(400);
    expect((await agent.get("/api/v1/recommended-courses/")).json()).toEqual(expected);
  });
});

describe("healthcare advice from course questionnaires answered after the basis screening (H2, H3, H5)", () => {
  async function userWithExtended(scores: { phq9: number; gad7: number }, advised = false) {
    const user = await createTestUser(app);
    const agent = new TestAgent(app, randomIp());
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    const screen = async (phq9: number, gad7: number) => {
      clock.advance(60_000);
      const done = await agent.post("/api/v1/screening-extended/", {
        groups: {
          phq9: { answers: answersFor("phq9", phq9) },
          gad7: { answers: answersFor("gad7", gad7) },
          pss10: { answers: answersFor("pss10", 0) },
          miss: { answers: answersFor("miss", 0) },
        },
      });
      expect(done.statusCode).toBe(200);
      return (done.json() as { results: { healthcare_advice: boolean } }).results.healthcare_advice;
    };
    expect(await screen(scores.phq9, scores.gad7)).toBe(advised);
    const evaluate = async (courseKey: string, moduleKey: string, instrument: InstrumentId, score: number) => {
      const moduleId = await moduleIdOf(app, courseKey, moduleKey);
      await unlockModule(app, user.id, moduleId);
      // Minutes apart: the newest answer counts.
      clock.advance(60_000);
      const answered = await agent.post(`/api/v1/evaluations/${moduleId}/`, { answers: { ...answersFor(instrument, score), phq9_9: 0 } });
      expect(answered.statusCode).toBe(200);
      return answered.json() as { score: number; healthcare_advice: boolean };
    };
    const advice = async () => ((await agent.get("/api/v1/recommended-courses/")).json() as Recommended).healthcare_advice;
    return { evaluate, advice, screen };
  }

  it("PHQ-9: a course evaluation of 18 after a screening's 6 advises healthcare; a later one of 4 lifts it", async () => {
    const { evaluate, advice } = await userWithExtended({ phq9: 6, gad7: 2 });
    expect(await advice()).toBe(false);
    expect(await evaluate("depression", "p2-check", "phq9", 18)).toMatchObject({ score: 18, healthcare_advice: true });
    expect(await advice()).toBe(true);
    expect(await evaluate("depression", "p1-phq9", "phq9", 4)).toMatchObject({ score: 4, healthcare_advice: false });
    expect(await advice()).toBe(false);
  });

  it("GAD-7: a course evaluation of 16 after a screening's 3 advises healthcare; a later one of 2 lifts it", async () => {
    const { evaluate, advice } = await userWithExtended({ phq9: 2, gad7: 3 });
    expect(await advice()).toBe(false);
    expect(await evaluate("anxiety", "p1-gad7", "gad7", 16)).toMatchObject({ score: 16, healthcare_advice: true });
    expect(await advice()).toBe(true);
    expect(await evaluate("anxiety", "p1-gad7", "gad7", 2)).toMatchObject({ score: 2, healthcare_advice: false });
    expect(await advice()).toBe(false);
  });

  it("a later course evaluation below 15 lifts the screening's PHQ-9 of 16 and GAD-7 of 15, each its own", async () => {
    const user = await userWithExtended({ phq9: 16, gad7: 15 }, true);
    expect(await user.advice()).toBe(true);
    expect(await user.evaluate("depression", "p1-phq9", "phq9", 8)).toMatchObject({ healthcare_advice: false });
    expect(await user.advice()).toBe(true);
    expect(await user.evaluate("anxiety", "p1-gad7", "gad7", 9)).toMatchObject({ healthcare_advice: false });
    expect(await user.advice()).toBe(false);
  });

  it("a reliable worsening below 15 (PHQ-9 6 → 11 in a course evaluation) advises healthcare", async () => {
    const { evaluate, advice } = await userWithExtended({ phq9: 6, gad7: 2 });
    expect(await evaluate("depression", "p1-phq9", "phq9", 11)).toMatchObject({ score: 11, healthcare_advice: true });
    expect(await advice()).toBe(true);
  });

  it("a newer evaluation of the other questionnaire does not lift a PHQ-9 of 18", async () => {
    const { evaluate, advice } = await userWithExtended({ phq9: 6, gad7: 2 });
    await evaluate("depression", "p1-phq9", "phq9", 18);
    expect(await evaluate("anxiety", "p1-gad7", "gad7", 1)).toMatchObject({ healthcare_advice: false });
    expect(await advice()).toBe(true);
  });

  it("a newer screening is the basis again: a calm one lifts an earlier evaluation's 18", async () => {
    const { evaluate, advice, screen } = await userWithExtended({ phq9: 6, gad7: 2 });
    await evaluate("depression", "p1-phq9", "phq9", 18);
    expect(await advice()).toBe(true);
    expect(await screen(5, 2)).toBe(false);
    expect(await advice()).toBe(false);
  });
});
