import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInstrument } from "../../../../common/instruments/registry.ts";
import type { InstrumentId } from "../../../../common/instruments/types.ts";
import type { ExtendedScreening } from "../../../../common/schemas/screening.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { randomIp } from "../../../testing/accounts.ts";
import { VISITOR_CONSENT } from "../../../testing/consent.ts";
import { createTestApp } from "../../../testing/test-app.ts";

/**
 * The extended screening saved by several requests at once (two tabs, a retry), and the crisis
 * flag once raised (clinical.md: the healthcare advice holds for 14 days after an item 9 answer
 * above 0). On PostgreSQL (the CI's second run) the requests really run at the same time.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Every scored item of a questionnaire answered `value`; PHQ-9 item 9 answered `item9`. */
function group(id: InstrumentId, value: number, item9 = 0): { answers: Record<string, number> } {
  const items = getInstrument(id).items.filter((item) => !item.unscored);
  return { answers: Object.fromEntries(items.map((item) => [item.id, item.id === "phq9_9" ? item9 : value])) };
}

async function visitor() {
  const agent = new TestAgent(app, randomIp());
  const created = await agent.post("/api/v1/onboarding/", { ...VISITOR_CONSENT, locale: "en" });
  expect(created.statusCode).toBe(201);
  const { token } = created.json() as { token: string };
  const save = async (groups: Record<string, { answers: Record<string, number> }>) => {
    const response = await agent.request("POST", "/api/v1/screening-extended/", { groups }, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ExtendedScreening;
  };
  const view = async () => (await agent.request("GET", "/api/v1/screening-extended/", undefined, { token })).json() as ExtendedScreening;
  return { save, view };
}

describe("the extended screening saved at once", () => {
  it("groups saved by simultaneous requests end in one completed screening that keeps the crisis answer", async () => {
    // Several rounds: without the owner's lock the race shows in most of them on PostgreSQL.
    for (let round = 0; round < 6; round++) {
      const v = await visitor();
      // Nothing in progress yet: each request would start its own screening.
      await Promise.all([v.save({ phq9: group("phq9", 1, 2) }), v.save({ gad7: group("gad7", 1) })]);
      // The last two at once: each must see the other's group to complete the screening.
      await Promise.all([v.save({ pss10: group("pss10", 2) }), v.save({ miss: group("miss", 1) })]);
      const screening = await v.view();
      expect(screening.groups.every((g) => g.completed), `round ${round}: every group in one screening`).toBe(true);
      expect(screening.results, `round ${round}: completed`).not.toBeNull();
      expect(screening.crisis, `round ${round}: the crisis answer kept`).toBe(true);
      expect(screening.results?.healthcare_advice).toBe(true);
    }
  });

  it("a crisis answer stays recorded when the PHQ-9 group is answered again with item 9 at 0", async () => {
    const v = await visitor();
    expect((await v.save({ phq9: group("phq9", 1, 1) })).crisis).toBe(true);
    expect((await v.save({ phq9: group("phq9", 1, 0) })).crisis).toBe(true);
    const done = await v.save({ gad7: group("gad7", 1), pss10: group("pss10", 1), miss: group("miss", 1) });
    expect(done.results).not.toBeNull();
    expect(done).toMatchObject({ crisis: true, results: { healthcare_advice: true } });
  });
});
