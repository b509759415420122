import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentModules, courses, moduleProgress } from "../db/schema/content.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { giveScreening } from "../modules/screening/fixture-screening.ts";
import { TestAgent } from "../testing/agent.ts";
import { unlockModule } from "../testing/courses.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor } from "../testing/test-app.ts";

/**
 * A user's course progress written from two requests at once (two tabs, a double tap): each
 * transaction decides from the progress it reads, so without serialising them neither sees the
 * other's rows (write skew). On PostgreSQL the requests really run in parallel on the pool; a
 * lost race shows only now and then, hence the rounds.
 */

const ROUNDS = 8;
const COURSE_KEYS = ["anxiety", "depression", "sleep", "stress"];
/** The stress course's last part: text, evaluation (PSS-10), text, list, text. */
const LAST_PART = ["p7-looking-back", "p7-pss", "p7-maintenance-plan", "p7-my-plan", "p7-setbacks"];
const PSS_ANSWERS = { ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`pss10_${i + 1}`, 1])), phq9_9: 0 };

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

/** A verified, screened user's agent (fixture session and screening, rule S1). */
async function screenedUser(): Promise<{ agent: TestAgent; userId: string }> {
  const user = await createTestUser(app);
  await giveScreening(app, user.id);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return { agent, userId: user.id };
}

interface LastPart {
  courseId: string;
  /** Module ids by key. */
  modules: Map<string, string>;
}

async function stressLastPart(): Promise<LastPart> {
  const rows = await app.ctx.db
    .select({ id: contentModules.id, key: contentModules.key, courseId: courses.id })
    .from(contentModules)
    .innerJoin(courses, eq(courses.id, contentModules.courseId))
    .where(and(eq(courses.key, "stress"), inArray(contentModules.key, LAST_PART), eq(contentModules.archived, false)));
  expect(rows).toHaveLength(LAST_PART.length);
  return { courseId: rows[0]?.courseId ?? "", modules: new Map(rows.map((r) => [r.key, r.id])) };
}

/**
 * A user in the stress course's last part with every module of it done but `remaining`: the
 * earlier parts finished a year ago, so no pause holds the part back.
 */
async function userWithRemaining(part: LastPart, remaining: string[]): Promise<TestAgent> {
  const { agent, userId } = await screenedUser();
  await unlockModule(app, userId, part.modules.get(LAST_PART[0] ?? "") ?? "");
  const done = LAST_PART.filter((key) => !remaining.includes(key));
  await app.ctx.db
    .insert(moduleProgress)
    .values(done.map((key) => ({ userId, moduleId: part.modules.get(key) ?? "", courseId: part.courseId, completedAt: clock.now() })));
  return agent;
}

async function stressStatus(agent: TestAgent): Promise<{ detail: string; listed: string | undefined }> {
  const detail = (await agent.get("/api/v1/courses/stress/")).json() as { status: string };
  const list = (await agent.get("/api/v1/courses/")).json() as { key: string; status: string }[];
  return { detail: detail.status, listed: list.find((c) => c.key === "stress")?.status };
}

describe("course progress written by simultaneous requests", () => {
  it("starting all four courses at once leaves exactly one in progress, the one GET /active-course/ answers", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { agent } = await screenedUser();
      const started = await Promise.all(COURSE_KEYS.map((course) => agent.post("/api/v1/course-progress/clear-unfinished/", { course })));
      expect(started.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const list = (await agent.get("/api/v1/courses/")).json() as { key: string; status: string }[];
      const inProgress = list.filter((c) => c.status === "in_progress").map((c) => c.key);
      expect(inProgress).toHaveLength(1);
      for (let ask = 0; ask < 3; ask++) {
        expect(((await agent.get("/api/v1/active-course/")).json() as { key: string }).key).toBe(inProgress[0]);
      }
    }
  });

  it("completing the last two reading modules at once completes the course", async () => {
    const part = await stressLastPart();
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await userWithRemaining(part, ["p7-my-plan", "p7-setbacks"]);
      const responses = await Promise.all(
        ["p7-my-plan", "p7-setbacks"].map((key) => agent.post(`/api/v1/content-modules/${part.modules.get(key) ?? ""}/progress/`)),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await stressStatus(agent)).toEqual({ detail: "completed", listed: "completed" });
    }
  });

  it("answering the last evaluation while completing the last reading module completes the course", async () => {
    const part = await stressLastPart();
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await userWithRemaining(part, ["p7-pss", "p7-setbacks"]);
      const responses = await Promise.all([
        agent.post(`/api/v1/evaluations/${part.modules.get("p7-pss") ?? ""}/`, { answers: PSS_ANSWERS }),
        agent.post(`/api/v1/content-modules/${part.modules.get("p7-setbacks") ?? ""}/progress/`),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await stressStatus(agent)).toEqual({ detail: "completed", listed: "completed" });
    }
  });

  it("an evaluation answered while another course is started leaves nothing behind in the cleared course", async () => {
    const part = await stressLastPart();
    for (let round = 0; round < ROUNDS; round++) {
      const agent = await userWithRemaining(part, ["p7-pss", "p7-setbacks"]);
      const [answered, started] = await Promise.all([
        agent.post(`/api/v1/evaluations/${part.modules.get("p7-pss") ?? ""}/`, { answers: PSS_ANSWERS }),
        agent.post("/api/v1/course-progress/clear-unfinished/", { course: "anxiety" }),
      ]);
      expect(started.statusCode).toBe(200);
      // Answered before the start (then cleared by it) or refused after it: never kept.
      if (answered.statusCode !== 200) expect(answered.json()).toMatchObject({ code: "course.not_started" });
      expect(await stressStatus(agent)).toEqual({ detail: "not_started", listed: "not_started" });
      expect(((await agent.get("/api/v1/courses/")).json() as { key: string; progress: number }[]).find((c) => c.key === "stress")?.progress).toBe(0);
    }
  });
});
