import { describe, expect, it } from "vitest";
import { ANSWER_VALID_DAYS, lightToExtended, stillValid } from "./carry-forward.ts";
import { getInstrument, lightScreening } from "./registry.ts";

const DAY = 86_400_000;
const now = new Date("2026-11-25T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("answers carried forward", () => {
  it("maps every light-screening question to the same question of the extended screening", () => {
    const answers = Object.fromEntries(lightScreening.map((q, i) => [q.id, i % 3]));
    const carried = lightToExtended(answers, now, now);
    const mapped = Object.values(carried).flatMap((group) => Object.keys(group));
    expect(mapped).toHaveLength(lightScreening.length);
    for (const [group, items] of Object.entries(carried)) {
      const instrument = getInstrument(group as "phq9");
      for (const id of Object.keys(items)) {
        const item = instrument.items.find((candidate) => candidate.id === id);
        expect(item, `${group} has ${id}`).toBeDefined();
      }
    }
    // The same wording: PSS-4 item 2 is PSS-10 item 4 (both reverse-scored).
    const light = lightScreening.find((q) => q.id === "pss4_2");
    const pss10 = getInstrument("pss10").items.find((item) => item.id === "pss10_4");
    expect(light?.text).toEqual(pss10?.text);
    expect(pss10?.reverse).toBe(true);
    expect(carried.pss10?.["pss10_4"]).toBe(answers["pss4_2"]);
    expect(carried.phq9).toEqual({ phq9_1: answers["phq9_1"], phq9_2: answers["phq9_2"], phq9_9: answers["phq9_9"] });
  });

  it("keeps answers only within each instrument's time frame (two weeks for PHQ-9 and GAD-7, a month for PSS and MISS)", () => {
    expect(ANSWER_VALID_DAYS).toEqual({ phq9: 14, gad7: 14, pss10: 30, miss: 30 });
    const answers = { phq9_1: 1, gad7_1: 2, pss4_1: 3, miss_1: 0 };
    expect(Object.keys(lightToExtended(answers, daysAgo(14), now)).sort()).toEqual(["gad7", "miss", "phq9", "pss10"]);
    expect(Object.keys(lightToExtended(answers, daysAgo(15), now)).sort()).toEqual(["miss", "pss10"]);
    expect(lightToExtended(answers, daysAgo(31), now)).toEqual({});
    expect(stillValid("phq9", new Date(now.getTime() + 1000), now)).toBe(false);
  });
});
