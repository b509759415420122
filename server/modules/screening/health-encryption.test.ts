import { randomUUID } from "node:crypto";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lightScreening } from "../../../common/instruments/registry.ts";
import { contentModules, evaluationAnswers } from "../../db/schema/content.ts";
import { screenings, screeningScores } from "../../db/schema/screening.ts";
import { TestAgent } from "../../testing/agent.ts";
import { createTestApp, createTestUser, sessionCookieFor, type TestApp } from "../../testing/test-app.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent } from "../content/load-content.ts";
import { answersAad } from "../courses/evaluation-repository.ts";
import { encryptPlainHealthValues } from "./health-encryption-migration.ts";
import {
  openCrisis,
  openEvaluationScore,
  openScreeningScore,
  SEALED_PATTERN,
  sealScreeningScore,
  screeningCrisisAad,
  screeningScoreAad,
} from "./health-values.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const light = (value: number, overrides: Record<string, number> = {}) => ({
  ...Object.fromEntries(lightScreening.map((q) => [q.id, value])),
  phq9_9: 0,
  ...overrides,
});
const items = (prefix: string, n: number, value: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}_${i + 1}`, value]));

async function userAgent() {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return { user, agent };
}

interface RawRow {
  [column: string]: unknown;
}

/** The row as PostgreSQL holds it, read without Drizzle's column mapping. */
async function raw(query: ReturnType<typeof sql>): Promise<RawRow[]> {
  const result = (await app.ctx.db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

async function evaluationModuleId(agent: TestAgent): Promise<string> {
  const course = (await agent.get("/api/v1/courses/anxiety/")).json() as { course_parts: { content_modules: { id: string; type: string }[] }[] };
  const id = course.course_parts[0]?.content_modules.find((m) => m.type === "evaluation")?.id;
  if (!id) throw new Error("the anxiety course has no evaluation in part 1");
  return id;
}

describe("health values at rest", () => {
  it("raw rows hold only fixed-length ciphertext for score, band, severity and the crisis flag", async () => {
    const { user, agent } = await userAgent();
    expect((await agent.post("/api/v1/screening/", { answers: light(2, { phq9_9: 1 }) })).statusCode).toBe(200);
    expect((await agent.post("/api/v1/screening/", { answers: light(0) })).statusCode).toBe(200);
    expect((await agent.post("/api/v1/screening-extended/", { groups: { phq9: { answers: items("phq9", 9, 1) } } })).statusCode).toBe(200);
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "anxiety" })).statusCode).toBe(200);
    const module = await evaluationModuleId(agent);
    expect((await agent.post(`/api/v1/evaluations/${module}/`, { answers: { ...items("gad7", 7, 3), phq9_9: 0 } })).statusCode).toBe(200);

    const screeningRows = await raw(sql`select id, crisis from screenings where user_id = ${user.id}`);
    const scoreRows = await raw(
      sql`select s.screening_id, s.instrument, s.score, s.band, s.severity from screening_scores s join screenings p on p.id = s.screening_id where p.user_id = ${user.id}`,
    );
    const evaluationRows = await raw(sql`select id, score, band, severity from evaluation_answers where user_id = ${user.id}`);
    expect(screeningRows).toHaveLength(3);
    expect(scoreRows.length).toBeGreaterThanOrEqual(5);
    expect(evaluationRows).toHaveLength(1);

    const tokens: string[] = [];
    for (const row of screeningRows) tokens.push(String(row.crisis));
    for (const row of [...scoreRows, ...evaluationRows]) tokens.push(String(row.score), String(row.band), String(row.severity));
    for (const token of tokens) {
      expect(token).toMatch(SEALED_PATTERN);
      expect(token).not.toMatch(/true|false|mild|moderate|severe|minimal|positive|negative/);
    }
    // Padded before encryption: "true" and "false", 2 and 14, "mild" and "moderately_severe" look the same.
    expect(new Set(tokens.map((t) => t.length)).size).toBe(1);

    // And they decrypt, bound to their rows, to what was answered.
    const crisisFlags = screeningRows.map((row) => openCrisis(app.ctx.cipher, String(row.crisis), String(row.id))).sort();
    // The light screening with item 9 above 0, and the extended one (every PHQ-9 item answered 1).
    expect(crisisFlags).toEqual([false, true, true]);
    const [evaluation] = evaluationRows;
    if (!evaluation) throw new Error("no evaluation row");
    expect(
      openEvaluationScore(
        app.ctx.cipher,
        { score: String(evaluation.score), band: String(evaluation.band), severity: String(evaluation.severity) },
        user.id,
        String(evaluation.id),
      ),
    ).toMatchObject({ score: 21 });
  });

  it("a sealed value copied to another row or column does not decrypt", async () => {
    const { user, agent } = await userAgent();
    await agent.post("/api/v1/screening/", { answers: light(1) });
    const rows = await raw(
      sql`select s.screening_id, s.instrument, s.band, s.score from screening_scores s join screenings p on p.id = s.screening_id where p.user_id = ${user.id}`,
    );
    const [a, b] = rows;
    if (!a || !b) throw new Error("expected two areas");
    expect(() => app.ctx.cipher.decrypt(String(a.band), screeningScoreAad("band", String(b.screening_id), String(b.instrument)))).toThrow();
    expect(() => app.ctx.cipher.decrypt(String(a.band), screeningScoreAad("score", String(a.screening_id), String(a.instrument)))).toThrow();
    expect(() => app.ctx.cipher.decrypt(String(a.score), screeningCrisisAad(String(a.screening_id)))).toThrow();
  });

  it("the export shows them readable: numbers, band ids and the crisis flag as a boolean", async () => {
    const { agent } = await userAgent();
    await agent.post("/api/v1/screening/", { answers: light(3, { phq9_9: 2 }) });
    const document = JSON.parse((await agent.get("/api/v1/me/export/")).body) as { tables: Record<string, Record<string, unknown>[]> };
    expect(document.tables.screenings?.[0]).toMatchObject({ kind: "light", crisis: true });
    const scores = document.tables.screening_scores ?? [];
    expect(scores.length).toBe(4);
    for (const score of scores) {
      expect(typeof score.score).toBe("number");
      expect(typeof score.severity).toBe("number");
      expect(typeof score.band).toBe("string");
      expect(String(score.band)).not.toMatch(/^v1\./);
    }
    expect(scores.find((s) => s.instrument === "phq2")).toMatchObject({ score: 6, band: "positive" });
  });
});

describe("data migration of plain rows (0011 health_encryption)", () => {
  it("seals rows written in plain text before encryption, once; the API then answers as before", async () => {
    const { user, agent } = await userAgent();
    // Today's rows, through the API, for comparison.
    await agent.post("/api/v1/screening/", { answers: light(2) });
    const before = (await agent.get("/api/v1/me/evaluation-history/")).json() as unknown;

    // An older screening and a course evaluation as they were stored before: plain values.
    const screeningId = randomUUID();
    const at = new Date("2026-01-05T10:00:00Z");
    await app.ctx.db
      .insert(screenings)
      .values({ id: screeningId, userId: user.id, kind: "light", answers: null, crisis: "true", startedAt: at, updatedAt: at, completedAt: at });
    await app.ctx.db.insert(screeningScores).values([
      { screeningId, instrument: "phq2", area: "depression", score: "5", band: "positive", severity: "2", createdAt: at },
      { screeningId, instrument: "gad2", area: "anxiety", score: "1", band: "negative", severity: "0", createdAt: at },
    ]);
    const module = await evaluationModuleId(agent);
    const [course] = await app.ctx.db.select({ id: contentModules.courseId }).from(contentModules).where(eq(contentModules.id, module));
    if (!course) throw new Error("module without course");
    const evaluationId = randomUUID();
    await app.ctx.db.insert(evaluationAnswers).values({
      id: evaluationId,
      userId: user.id,
      courseId: course.id,
      moduleId: module,
      instrument: "gad7",
      answers: app.ctx.cipher.encrypt("{}", answersAad(user.id)),
      score: "12",
      band: "moderate",
      severity: "2",
      createdAt: at,
    });

    const sealed = await encryptPlainHealthValues(app.ctx);
    expect(sealed).toBeGreaterThanOrEqual(4);
    expect(await encryptPlainHealthValues(app.ctx)).toBe(0);

    const [crisisRow] = await raw(sql`select crisis from screenings where id = ${screeningId}`);
    expect(String(crisisRow?.crisis)).toMatch(SEALED_PATTERN);
    expect(openCrisis(app.ctx.cipher, String(crisisRow?.crisis), screeningId)).toBe(true);
    const migrated = await app.ctx.db.select().from(screeningScores).where(eq(screeningScores.screeningId, screeningId));
    for (const row of migrated) for (const value of [row.score, row.band, row.severity]) expect(value).toMatch(SEALED_PATTERN);
    const phq2 = migrated.find((row) => row.instrument === "phq2");
    if (!phq2) throw new Error("phq2 row missing");
    expect(openScreeningScore(app.ctx.cipher, phq2, screeningId, "phq2")).toEqual({ score: 5, band: "positive", severity: 2 });
    const [evaluation] = await app.ctx.db.select().from(evaluationAnswers).where(inArray(evaluationAnswers.id, [evaluationId]));
    if (!evaluation) throw new Error("evaluation row missing");
    expect(openEvaluationScore(app.ctx.cipher, evaluation, user.id, evaluationId)).toEqual({ score: 12, band: "moderate", severity: 2 });

    const after = (await agent.get("/api/v1/me/evaluation-history/")).json() as { series: { instrument: string; points: unknown[] }[] };
    const phq2Series = after.series.find((s) => s.instrument === "phq2");
    // The old screening's plain crisis flag, sealed by the migration, still marks its mood point.
    expect(phq2Series?.points[0]).toEqual({ at: at.getTime() / 1000, score: 5, band: "positive", source: "screening", crisis: true });
    expect(after.series.find((s) => s.instrument === "gad7")?.points[0]).toEqual({ at: at.getTime() / 1000, score: 12, band: "moderate", source: "course", crisis: false });
    // The screening made through the API is unchanged by the migration.
    const beforePhq2 = (before as { series: { instrument: string; points: unknown[] }[] }).series.find((s) => s.instrument === "phq2");
    expect(phq2Series?.points.slice(1)).toEqual(beforePhq2?.points);
  });

  it("leaves a row alone when another instance sealed it first (compare-and-set)", async () => {
    const { user } = await userAgent();
    const screeningId = randomUUID();
    const at = new Date();
    await app.ctx.db.insert(screenings).values({ id: screeningId, userId: user.id, kind: "light", crisis: "false", startedAt: at, updatedAt: at, completedAt: at });
    await app.ctx.db
      .insert(screeningScores)
      .values({ screeningId, instrument: "pss4", area: "stress", score: "3", band: "low", severity: "0", createdAt: at });
    // Two migrations at once: each row is sealed exactly once, and every value still decrypts.
    await Promise.all([encryptPlainHealthValues(app.ctx), encryptPlainHealthValues(app.ctx)]);
    const [row] = await app.ctx.db.select().from(screeningScores).where(eq(screeningScores.screeningId, screeningId));
    if (!row) throw new Error("row missing");
    expect(openScreeningScore(app.ctx.cipher, row, screeningId, "pss4")).toEqual({ score: 3, band: "low", severity: 0 });
    const [screening] = await app.ctx.db.select().from(screenings).where(eq(screenings.id, screeningId));
    expect(openCrisis(app.ctx.cipher, screening?.crisis ?? "", screeningId)).toBe(false);
    // sealScreeningScore is what the services write; the migration writes the same shape.
    expect(Object.keys(sealScreeningScore(app.ctx.cipher, { score: 1, band: "low", severity: 0 }, screeningId, "pss4")).sort()).toEqual(["band", "score", "severity"]);
  });
});
