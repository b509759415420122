import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lightScreening } from "../../../../common/instruments/registry.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { randomIp } from "../../../testing/accounts.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";
import { VISITOR_CONSENT } from "../../../testing/consent.ts";

/** Issue 20, point 4: answers carried forward within each instrument's time frame. */
let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
const DAY = 86_400_000;
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

type Extended = { groups: { id: string; completed: boolean }[]; carried: { at: number; groups: Record<string, Record<string, number>> } | null };
const groupAnswers = (prefix: string, items: number, value: number) =>
  Object.fromEntries(Array.from({ length: items }, (_, i) => [`${prefix}_${i + 1}`, value]));

describe("the extended screening, filled in from the light one", () => {
  it("carries the same questions into the groups still to answer, within two weeks for PHQ-9 and GAD-7 and a month for PSS and MISS", async () => {
    const agent = new TestAgent(app, randomIp());
    const { token } = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
    const call = (method: "GET" | "POST", url: string, body?: unknown) => agent.request(method, url, body, { token });
    expect(((await call("GET", "/api/v1/screening-extended/")).json() as Extended).carried).toBeNull();

    const answers = Object.fromEntries(lightScreening.map((q, i) => [q.id, q.id === "phq9_9" ? 0 : (i % 3) + 1]));
    expect((await call("POST", "/api/v1/screening/", { answers })).statusCode).toBe(200);
    const first = (await call("GET", "/api/v1/screening-extended/")).json() as Extended;
    expect(first.carried?.at).toBe(Math.floor(clock.now().getTime() / 1000));
    expect(first.carried?.groups).toEqual({
      phq9: { phq9_1: answers["phq9_1"], phq9_2: answers["phq9_2"], phq9_9: 0 },
      gad7: { gad7_1: answers["gad7_1"], gad7_2: answers["gad7_2"] },
      pss10: { pss10_2: answers["pss4_1"], pss10_4: answers["pss4_2"], pss10_5: answers["pss4_3"], pss10_10: answers["pss4_4"] },
      miss: { miss_1: answers["miss_1"], miss_2: answers["miss_2"], miss_3: answers["miss_3"] },
    });

    // A saved group is no longer filled in; the others still are.
    const saved = (await call("POST", "/api/v1/screening-extended/", { groups: { phq9: { answers: groupAnswers("phq9", 9, 1) } } })).json() as Extended;
    expect(Object.keys(saved.carried?.groups ?? {}).sort()).toEqual(["gad7", "miss", "pss10"]);

    // Fifteen days later the two-week questions have run out; PSS and MISS (a month) remain. The
    // PHQ-9 group saved then is past its time frame too: a new screening starts (continuesWith).
    clock.advance(15 * DAY);
    const later = (await call("GET", "/api/v1/screening-extended/")).json() as Extended;
    expect(Object.keys(later.carried?.groups ?? {}).sort()).toEqual(["miss", "pss10"]);
    expect(later.groups.find((g) => g.id === "phq9")?.completed).toBe(false);

    // Completed: nothing is carried, also not into a new round (the light screening is older).
    await call("POST", "/api/v1/screening-extended/", { groups: { phq9: { answers: groupAnswers("phq9", 9, 1) } } });
    await call("POST", "/api/v1/screening-extended/", { groups: { gad7: { answers: groupAnswers("gad7", 7, 1) } } });
    await call("POST", "/api/v1/screening-extended/", { groups: { pss10: { answers: groupAnswers("pss10", 10, 1) } } });
    const done = (await call("POST", "/api/v1/screening-extended/", { groups: { miss: { answers: groupAnswers("miss", 3, 1) } } })).json() as Extended;
    expect(done.groups.every((g) => g.completed)).toBe(true);
    expect(done.carried).toBeNull();
  });
});

type Screening = Extended & {
  id: string | null;
  crisis: boolean;
  results: { areas: { instrument: string; band: string }[] } | null;
};
type Recommended = { crisis: boolean; based_on: string | null; courses: { slug: string; reason: { criterion: string } }[] };
const ALL_GROUPS = { phq9: 9, gad7: 7, pss10: 10, miss: 3 } as const;
/** The light screening's answers: all `value`, item 9 as given. */
const lightAnswers = (value: number, item9: number) => Object.fromEntries(lightScreening.map((q) => [q.id, q.id === "phq9_9" ? item9 : value]));

/** A visitor's screening calls (the token header). */
async function visitor() {
  const agent = new TestAgent(app, randomIp());
  const { token } = (await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "sv" })).json() as { token: string };
  return {
    get: async <T>(url: string) => (await agent.request("GET", `/api/v1${url}`, undefined, { token })).json() as T,
    post: async <T>(url: string, body: unknown) => {
      const response = await agent.request("POST", `/api/v1${url}`, body, { token });
      expect(response.statusCode, url).toBe(200);
      return response.json() as T;
    },
  };
}

describe("which extended screening a person goes on with (continuesWith)", () => {
  it("a light screening after a completed extended one: a new extended screening from its answers, not the older results without its item 9", async () => {
    const person = await visitor();
    for (const [group, items] of Object.entries(ALL_GROUPS)) {
      await person.post("/screening-extended/", { groups: { [group]: { answers: { ...groupAnswers(group, items, 0) } } } });
    }
    expect((await person.get<Screening>("/screening-extended/")).results).not.toBeNull();
    clock.advance(10 * DAY);
    expect((await person.post<{ crisis: boolean }>("/screening/", { answers: lightAnswers(0, 2) })).crisis).toBe(true);

    // Before: the ten-day-old results, crisis false and PHQ-9 "minimal", with no crisis panel.
    const now = await person.get<Screening>("/screening-extended/");
    expect(now.id).toBeNull();
    expect(now.results).toBeNull();
    expect(now.groups.every((g) => !g.completed)).toBe(true);
    expect(now.carried?.groups["phq9"]?.["phq9_9"]).toBe(2);
    // The light screening is the newest: the recommendations put the depression course first.
    const recommended = await person.get<Recommended>("/recommended-courses/");
    expect(recommended).toMatchObject({ crisis: true, based_on: "light" });
    expect(recommended.courses[0]?.reason.criterion).toBe("self_harm");

    // Answered with the carried item 9: the new screening's results carry the crisis.
    let view = now;
    for (const [group, items] of Object.entries(ALL_GROUPS)) {
      view = await person.post<Screening>("/screening-extended/", { groups: { [group]: { answers: { ...groupAnswers(group, items, 0), ...now.carried?.groups[group] } } } });
    }
    expect(view.results).not.toBeNull();
    expect(view.crisis).toBe(true);
    expect((await person.get<Recommended>("/recommended-courses/")).courses[0]?.reason.criterion).toBe("self_harm");
  });

  it("a light screening in the middle of an extended one: the rest is not added to the sitting begun before it", async () => {
    const person = await visitor();
    const begun = await person.post<Screening>("/screening-extended/", { groups: { phq9: { answers: groupAnswers("phq9", 9, 0) } } });
    clock.advance(DAY);
    await person.post("/screening/", { answers: lightAnswers(0, 2) });
    const now = await person.get<Screening>("/screening-extended/");
    expect(now.id).toBeNull();
    expect(now.groups.find((g) => g.id === "phq9")?.completed).toBe(false);
    expect(now.carried?.groups["phq9"]?.["phq9_9"]).toBe(2);

    // Before: these three completed the sitting begun the day before, crisis false, PHQ-9 "minimal".
    let view = now;
    for (const group of ["gad7", "pss10", "miss"] as const) {
      view = await person.post<Screening>("/screening-extended/", { groups: { [group]: { answers: groupAnswers(group, ALL_GROUPS[group], 0) } } });
    }
    expect(view.id).not.toBe(begun.id);
    expect(view.results).toBeNull();
    expect(view.groups.find((g) => g.id === "phq9")?.completed).toBe(false);
    view = await person.post<Screening>("/screening-extended/", { groups: { phq9: { answers: { ...groupAnswers("phq9", 9, 0), ...now.carried?.groups["phq9"] } } } });
    expect(view.results).not.toBeNull();
    expect(view.crisis).toBe(true);
  });

  it("a sitting is resumed while its groups are within their time frames (two weeks for PHQ-9), not after", async () => {
    const person = await visitor();
    const begun = await person.post<Screening>("/screening-extended/", { groups: { phq9: { answers: groupAnswers("phq9", 9, 1) } } });
    clock.advance(13 * DAY);
    const resumed = await person.get<Screening>("/screening-extended/");
    expect(resumed.id).toBe(begun.id);
    expect(resumed.groups.find((g) => g.id === "phq9")?.completed).toBe(true);
    clock.advance(2 * DAY);
    const stale = await person.get<Screening>("/screening-extended/");
    expect(stale.id).toBeNull();
    expect(stale.groups.find((g) => g.id === "phq9")?.completed).toBe(false);
    const next = await person.post<Screening>("/screening-extended/", { groups: { gad7: { answers: groupAnswers("gad7", 7, 1) } } });
    expect(next.id).not.toBe(begun.id);
    expect(next.groups.filter((g) => g.completed).map((g) => g.id)).toEqual(["gad7"]);
  });
});

describe("a course's first questionnaire, from a recent extended screening", () => {
  it("offers the screening's PHQ-9 answers but item 9 to the depression course's baseline within two weeks, not after, and not once answered", async () => {
    const user = await createTestUser(app);
    const agent = new TestAgent(app);
    const login = async () => agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
    await login();
    const phq9 = { ...groupAnswers("phq9", 9, 2), phq9_9: 0 };
    for (const [group, answers] of Object.entries({ phq9, gad7: groupAnswers("gad7", 7, 1), pss10: groupAnswers("pss10", 10, 1), miss: groupAnswers("miss", 3, 1) })) {
      expect((await agent.post("/api/v1/screening-extended/", { groups: { [group]: { answers } } })).statusCode).toBe(200);
    }
    const started = (await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "depression" })).json() as {
      slug: string;
      course_parts: { content_modules: { id: string; key: string; type: string; progress_url: string }[] }[];
    };
    const modules = started.course_parts[0]?.content_modules ?? [];
    const baseline = modules.find((m) => m.type === "evaluation");
    if (!baseline) throw new Error("no evaluation in part 1");
    const url = `/api/v1/courses/${started.slug}/modules/${baseline.key}/`;
    // Modules before the questionnaire are done first (a module opens in order).
    for (const m of modules.slice(0, modules.indexOf(baseline))) await agent.post(m.progress_url, {});
    const module = (await agent.get(url)).json() as { carried?: { at: number; answers: Record<string, number> } };
    // Item 9 is asked afresh at every check-in (clinical.md), never carried.
    const { phq9_9: _asked, ...withoutItem9 } = phq9;
    expect(module.carried?.answers).toEqual(withoutItem9);
    expect(module.carried?.at).toBe(Math.floor(clock.now().getTime() / 1000));
    // Fifteen days later the two-week answers have run out: the questionnaire is asked as usual.
    clock.advance(15 * DAY);
    await login();
    expect(((await agent.get(url)).json() as { carried?: unknown }).carried).toBeUndefined();
    clock.advance(-15 * DAY);
    await login();
    expect((await agent.post(`/api/v1/evaluations/${baseline.id}/`, { answers: phq9 })).statusCode).toBe(200);
    expect(((await agent.get(url)).json() as { carried?: unknown }).carried).toBeUndefined();
  });
});
