import type { ExtendedScreeningGroup } from "./registry.ts";

/**
 * Answers carried forward (issue 20, point 4): an answer still describes the person within its
 * instrument's time frame, so a later questionnaire shows it instead of asking again — the
 * extended screening is filled in from the light one (shown, and editable), and a course's
 * first questionnaire can use a recent extended screening.
 *
 * The time frames are the instruments' own: PHQ-9 and GAD-7 ask about the last two weeks; PSS
 * about the last month; MISS (this product's wording) about the last month.
 */
export const ANSWER_VALID_DAYS: Readonly<Record<ExtendedScreeningGroup, number>> = Object.freeze({
  phq9: 14,
  gad7: 14,
  pss10: 30,
  miss: 30,
});

/**
 * Light-screening item → the same question in the extended screening. PHQ-2 and GAD-2 are the
 * first two items of PHQ-9 and GAD-7 (the light screening keeps their ids, and asks PHQ-9 item 9
 * directly); PSS-4 is PSS-10 items 2, 4, 5 and 10 with the same wording and scale; the sleep
 * questions are the same MISS items.
 */
const LIGHT_TO_EXTENDED: Readonly<Record<string, { group: ExtendedScreeningGroup; item: string }>> = Object.freeze({
  phq9_1: { group: "phq9", item: "phq9_1" },
  phq9_2: { group: "phq9", item: "phq9_2" },
  phq9_9: { group: "phq9", item: "phq9_9" },
  gad7_1: { group: "gad7", item: "gad7_1" },
  gad7_2: { group: "gad7", item: "gad7_2" },
  pss4_1: { group: "pss10", item: "pss10_2" },
  pss4_2: { group: "pss10", item: "pss10_4" },
  pss4_3: { group: "pss10", item: "pss10_5" },
  pss4_4: { group: "pss10", item: "pss10_10" },
  miss_1: { group: "miss", item: "miss_1" },
  miss_2: { group: "miss", item: "miss_2" },
  miss_3: { group: "miss", item: "miss_3" },
});

const DAY_MS = 86_400_000;

/** Whether answers given at `answeredAt` still fall within the group's time frame at `now`. */
export function stillValid(group: ExtendedScreeningGroup, answeredAt: Date, now: Date): boolean {
  const age = now.getTime() - answeredAt.getTime();
  return age >= 0 && age <= ANSWER_VALID_DAYS[group] * DAY_MS;
}

/**
 * The light screening's answers as extended-screening answers, per group, keeping only the
 * groups whose time frame still covers them.
 */
export function lightToExtended(
  answers: Readonly<Record<string, number>>,
  answeredAt: Date,
  now: Date,
): Partial<Record<ExtendedScreeningGroup, Record<string, number>>> {
  const result: Partial<Record<ExtendedScreeningGroup, Record<string, number>>> = {};
  for (const [id, value] of Object.entries(answers)) {
    const target = LIGHT_TO_EXTENDED[id];
    if (!target || !stillValid(target.group, answeredAt, now)) continue;
    (result[target.group] ??= {})[target.item] = value;
  }
  return result;
}
