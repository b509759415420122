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

    // Fifteen days later the two-week questions have run out; PSS and MISS (a month) remain.
    clock.advance(15 * DAY);
    const later = (await call("GET", "/api/v1/screening-extended/")).json() as Extended;
    expect(Object.keys(later.carried?.groups ?? {}).sort()).toEqual(["miss", "pss10"]);

    // Completed: nothing is carried, also not into a new round (the light screening is older).
    await call("POST", "/api/v1/screening-extended/", { groups: { gad7: { answers: groupAnswers("gad7", 7, 1) } } });
    await call("POST", "/api/v1/screening-extended/", { groups: { pss10: { answers: groupAnswers("pss10", 10, 1) } } });
    const done = (await call("POST", "/api/v1/screening-extended/", { groups: { miss: { answers: groupAnswers("miss", 3, 1) } } })).json() as Extended;
    expect(done.groups.every((g) => g.completed)).toBe(true);
    expect(done.carried).toBeNull();
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
