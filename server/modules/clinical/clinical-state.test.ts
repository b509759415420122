import { randomUUID } from "node:crypto";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentModules, evaluationAnswers } from "../../db/schema/content.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import { FakeClock, createTestApp, createTestUser, type TestApp } from "../../testing/test-app.ts";
import { audit } from "../audit/audit.ts";
import { answersAad } from "../courses/evaluation-repository.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent } from "../content/load-content.ts";
import { giveScreening } from "../screening/fixture-screening.ts";
import { sealEvaluationScore, sealScreeningScore } from "../screening/health-values.ts";
import { CRISIS_EVENT } from "../screening/screening-repository.ts";
import { recommendationBasis, separateRecommendationBasis, type RecommendationBasis } from "./clinical-state.ts";

/**
 * The recommendation's basis for a user is read in one statement; for a visitor's onboarding in
 * separate reads. Both must find the same screenings and the same recent crisis (rules B1, H4, H5
 * of docs/clinical/recommendations.md): this compares them after each step of a history that
 * moves every part of the basis, and checks what each step must give.
 */
let app: TestApp;
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

function summary(basis: RecommendationBasis) {
  const screening = (s: RecommendationBasis["newest"]) =>
    s && { id: s.id, kind: s.kind, crisis: s.crisis, completedAt: s.completedAt?.getTime(), scores: s.scores.map((x) => [x.instrument, x.score, x.band]) };
  const evaluations = basis.evaluations.map((e) => [e.instrument, e.score, e.previous, e.baseline]);
  return { newest: screening(basis.newest), previous: screening(basis.previous), recentCrisis: basis.recentCrisis, evaluations };
}

async function both(userId: string) {
  const owner = { kind: "user" as const, userId };
  const one = await recommendationBasis(app.ctx, owner);
  const separate = await separateRecommendationBasis(app.ctx, owner);
  expect(one).toEqual(separate);
  return summary(one);
}

async function newestScreeningId(userId: string): Promise<string> {
  const [row] = await app.ctx.db.select({ id: screenings.id }).from(screenings).where(eq(screenings.userId, userId)).orderBy(desc(screenings.startedAt)).limit(1);
  if (!row) throw new Error("no screening");
  return row.id;
}

async function evaluation(userId: string, answers: Record<string, number>, scored: { instrument?: "gad7" | "phq9"; score?: number } = {}) {
  const [module] = await app.ctx.db.select({ id: contentModules.id, courseId: contentModules.courseId }).from(contentModules).limit(1);
  if (!module) throw new Error("no content");
  const id = randomUUID();
  await app.ctx.db.insert(evaluationAnswers).values({
    id,
    userId,
    courseId: module.courseId,
    moduleId: module.id,
    instrument: scored.instrument ?? "gad7",
    answers: app.ctx.cipher.encrypt(JSON.stringify(answers), answersAad(userId)),
    ...sealEvaluationScore(app.ctx.cipher, { score: scored.score ?? 0, band: "x", severity: 0 }, userId, id),
    createdAt: clock.now(),
  });
}

describe("the recommendation's basis for a user, in one statement", () => {
  it("is what the separate reads find, at every step of a history", async () => {
    const user = await createTestUser(app);
    const other = await createTestUser(app);
    expect(await both(user.id)).toEqual({ newest: null, previous: null, recentCrisis: false, evaluations: [] });

    // Another person's crisis and screenings are never this person's basis.
    await giveScreening(app, other.id, { value: 3, item9: 2 });
    await giveScreening(app, user.id, { value: 1, daysAgo: 30 });
    const first = await both(user.id);
    expect(first.newest?.scores.length).toBeGreaterThan(0);
    expect(first).toMatchObject({ previous: null, recentCrisis: false });

    await giveScreening(app, user.id, { value: 2, daysAgo: 20 });
    const second = await both(user.id);
    expect(second.previous?.id).toBe(first.newest?.id);

    // The newest of the other kind has no previous one of its kind.
    await giveScreening(app, user.id, { value: 0, daysAgo: 10 });
    const extendedId = await newestScreeningId(user.id);
    await app.ctx.db.update(screenings).set({ kind: "extended" }).where(eq(screenings.id, extendedId));
    expect(await both(user.id)).toMatchObject({ newest: { id: extendedId, kind: "extended" }, previous: null });

    // Started before the others but completed last: the newest by completion (B1); the one
    // before it of its kind by start.
    await giveScreening(app, user.id, { value: 3, daysAgo: 5 });
    const late = await newestScreeningId(user.id);
    await app.ctx.db.update(screenings).set({ startedAt: new Date(clock.now().getTime() - 40 * 86_400_000) }).where(eq(screenings.id, late));
    const reordered = await both(user.id);
    expect(reordered.newest?.id).toBe(late);
    // Light ones by start: the second (20 days), the first (30), this one (40): the one before is the first.
    expect(reordered.previous?.id).toBe(first.newest?.id);

    // An unfinished screening with item 9 above 0 in the last 14 days: a recent crisis (H4).
    await giveScreening(app, user.id, { value: 0, item9: 1, daysAgo: 2 });
    const unfinished = await newestScreeningId(user.id);
    await app.ctx.db.update(screenings).set({ completedAt: null }).where(eq(screenings.id, unfinished));
    expect(await both(user.id)).toMatchObject({ newest: { id: late }, recentCrisis: true });

    // Fifteen days later it is no longer recent; a course evaluation's item 9 is.
    clock.advance(15 * 86_400_000);
    expect(await both(user.id)).toMatchObject({ recentCrisis: false });
    await evaluation(user.id, { gad7_1: 1, phq9_9: 0 });
    expect(await both(user.id)).toMatchObject({ recentCrisis: false });
    await evaluation(user.id, { gad7_1: 0, phq9_9: 1 });
    expect(await both(user.id)).toMatchObject({ recentCrisis: true });
    clock.advance(15 * 86_400_000);
    expect(await both(user.id)).toMatchObject({ recentCrisis: false });

    // An item 9 answer recorded from answers that were refused (nothing stored but the event):
    // a recent crisis for 14 days; another person's never.
    await audit(app.ctx, app.ctx.db, { userId: other.id, event: CRISIS_EVENT, ip: null, detail: { where: "light_screening" } });
    expect(await both(user.id)).toMatchObject({ recentCrisis: false });
    await audit(app.ctx, app.ctx.db, { userId: user.id, event: CRISIS_EVENT, ip: null, detail: { where: "light_screening" } });
    expect(await both(user.id)).toMatchObject({ recentCrisis: true });
    clock.advance(15 * 86_400_000);
    expect(await both(user.id)).toMatchObject({ recentCrisis: false });

    // A completed screening with item 9 above 0 is the newest and a recent crisis.
    await giveScreening(app, user.id, { value: 1, item9: 3 });
    expect(await both(user.id)).toMatchObject({ newest: { kind: "light", crisis: true }, recentCrisis: true });
    // The other person's crisis answer, 30 days old now, is still their newest screening's.
    expect(await both(other.id)).toMatchObject({ newest: { crisis: true }, previous: null, recentCrisis: false });
  });

  it("finds each advice questionnaire's newest course evaluation, the one before it and the screening baseline", async () => {
    const user = await createTestUser(app);
    const other = await createTestUser(app);
    const step = () => clock.advance(60_000);
    /** Gives the user's newest screening a score of a full questionnaire (a light one holds none). */
    const withScore = async (instrument: "phq9" | "gad7", score: number) => {
      const id = await newestScreeningId(user.id);
      const values = { score, band: "x", severity: 0 };
      const area = instrument === "phq9" ? "depression" : "anxiety";
      await app.ctx.db.insert(screeningScores).values({ screeningId: id, instrument, area, ...sealScreeningScore(app.ctx.cipher, values, id, instrument), createdAt: clock.now() });
    };
    // Another person's answers are never this person's.
    await evaluation(other.id, { phq9_9: 0 }, { instrument: "phq9", score: 20 });
    await giveScreening(app, other.id, { value: 3 });
    // Without a screening: no baseline. Scores other than PHQ-9 and GAD-7 are not read.
    await evaluation(user.id, { phq9_9: 0 }, { instrument: "phq9", score: 3 });
    expect((await both(user.id)).evaluations).toEqual([["phq9", 3, null, null]]);
    step();
    await giveScreening(app, user.id, { value: 1 });
    expect((await both(user.id)).evaluations).toEqual([["phq9", 3, null, null]]);
    await withScore("phq9", 7);
    expect((await both(user.id)).evaluations).toEqual([["phq9", 3, null, 7]]);
    step();
    await evaluation(user.id, { phq9_9: 0 }, { instrument: "phq9", score: 12 });
    step();
    await evaluation(user.id, { phq9_9: 0 }, { instrument: "gad7", score: 5 });
    expect((await both(user.id)).evaluations).toEqual([["phq9", 12, 3, 7], ["gad7", 5, null, null]]);
    step();
    await evaluation(user.id, { phq9_9: 0 }, { instrument: "phq9", score: 9 });
    expect((await both(user.id)).evaluations).toEqual([["phq9", 9, 12, 7], ["gad7", 5, null, null]]);
    // A newer screening is the baseline (its questionnaires only).
    step();
    await giveScreening(app, user.id, { value: 0 });
    await withScore("gad7", 4);
    expect((await both(user.id)).evaluations).toEqual([["phq9", 9, 12, 7], ["gad7", 5, null, 4]]);
    await withScore("phq9", 2);
    expect((await both(user.id)).evaluations).toEqual([["phq9", 9, 12, 2], ["gad7", 5, null, 4]]);
  });

  it("finds a recent crisis also without any completed screening (an unfinished one)", async () => {
    const user = await createTestUser(app);
    await giveScreening(app, user.id, { value: 0, item9: 2 });
    await app.ctx.db.update(screenings).set({ completedAt: null }).where(eq(screenings.id, await newestScreeningId(user.id)));
    expect(await both(user.id)).toEqual({ newest: null, previous: null, recentCrisis: true, evaluations: [] });
  });
});
