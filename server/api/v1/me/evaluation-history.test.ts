import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInstrument } from "../../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../../common/instruments/types.ts";
import { evaluationHistoryResponse } from "../../../../common/schemas/screening.ts";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { giveScreening } from "../../../modules/screening/fixture-screening.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { moduleIdOf, unlockModule } from "../../../testing/courses.ts";
import { createTestApp, createTestUser, FakeClock, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * GET /me/evaluation-history/ marks each point whose questionnaire had PHQ-9 item 9 above 0
 * (`crisis`), so the history never shows such a point as a calm band alone (clinical.md).
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

async function user() {
  const created = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, created)).split("=")[1] ?? "");
  return { agent, userId: created.id };
}

const all = (id: InstrumentId, value: number) => Object.fromEntries(getInstrument(id).items.filter((i) => !i.unscored).map((i) => [i.id, value]));

async function history(agent: TestAgent) {
  const response = await agent.get("/api/v1/me/evaluation-history/");
  expect(response.statusCode).toBe(200);
  const body = evaluationHistoryResponse.parse(response.json());
  return Object.fromEntries(body.series.map((series) => [series.instrument, series.points.map((p) => ({ source: p.source, crisis: p.crisis }))]));
}

describe("GET /me/evaluation-history/: points with PHQ-9 item 9 above 0", () => {
  it("a screening's crisis marks its depression point only; a course questionnaire's marks its own point", async () => {
    const { agent, userId } = await user();
    // A calm light screening first, then an extended one with item 9 = 1 (through the API).
    await giveScreening(app, userId, { daysAgo: 2 });
    const extended = await agent.post("/api/v1/screening-extended/", {
      groups: {
        phq9: { answers: { ...all("phq9", 0), phq9_9: 1 } },
        gad7: { answers: all("gad7", 0) },
        pss10: { answers: { ...all("pss10", 0), pss10_4: 4, pss10_5: 4, pss10_7: 4, pss10_8: 4 } },
        miss: { answers: all("miss", 0) },
      },
    });
    expect(extended.statusCode).toBe(200);
    clock.advance(60_000);
    // Course questionnaires: the anxiety programme's GAD-7 without item 9, its check-in with it.
    const evaluation = await moduleIdOf(app, "anxiety", "p1-gad7");
    const checkIn = await moduleIdOf(app, "anxiety", "p2-check");
    await unlockModule(app, userId, evaluation);
    await unlockModule(app, userId, checkIn);
    expect((await agent.post(`/api/v1/evaluations/${evaluation}/`, { answers: { ...all("gad7", 0), phq9_9: 0 } })).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await agent.post(`/api/v1/evaluations/${checkIn}/`, { answers: { ...all("gad7", 0), phq9_9: 2 } })).statusCode).toBe(200);

    expect(await history(agent)).toEqual({
      phq9: [{ source: "screening", crisis: true }],
      phq2: [{ source: "screening", crisis: false }],
      gad2: [{ source: "screening", crisis: false }],
      gad7: [
        { source: "screening", crisis: false },
        { source: "course", crisis: false },
        { source: "course", crisis: true },
      ],
      pss4: [{ source: "screening", crisis: false }],
      pss10: [{ source: "screening", crisis: false }],
      miss: [
        { source: "screening", crisis: false },
        { source: "screening", crisis: false },
      ],
    });
  });

  it("a light screening with item 9 above 0 marks its PHQ-2 point; another user's history has none of it", async () => {
    const { agent, userId } = await user();
    await giveScreening(app, userId, { item9: 3, daysAgo: 1 });
    expect((await history(agent)).phq2).toEqual([{ source: "screening", crisis: true }]);
    expect(await history((await user()).agent)).toEqual({});
  });
});
