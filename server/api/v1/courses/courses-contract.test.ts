import { randomUUID } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { giveScreening } from "../../../modules/screening/fixture-screening.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { createTestApp, createTestUser, json, sessionCookieFor } from "../../../testing/test-app.ts";

/**
 * The course, page, evaluation, progress and safety-check endpoints against the project rule: bad
 * input is a 400 `request.invalid` naming the failing field (path parameters and bodies, checked by
 * their shared schemas in common/schemas/courses.ts), a visitor gets 401 and a session that has
 * not passed the second factor 403. Each case's `good` request is well formed, so a refusal of it
 * is the session check's, not the validator's.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

/** A screened user's agent (fixture session), verified unless told. */
async function userAgent(verified = true): Promise<TestAgent> {
  const user = await createTestUser(app);
  await giveScreening(app, user.id);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified })).split("=")[1] ?? "");
  return agent;
}

type Method = "GET" | "POST";
interface Request {
  url: string;
  body?: unknown;
}
interface Case {
  name: string;
  method: Method;
  auth: "public" | "verified";
  /** A request that fails validation, and the field the 400 must name. */
  bad: Request;
  field: string;
  /** A well-formed request (for the session checks). */
  good: Request;
}

const uuid = "00000000-0000-4000-8000-000000000000";
const CASES: Case[] = [
  { name: "GET /courses/{slug}/", method: "GET", auth: "verified", bad: { url: "/api/v1/courses/Bad_Slug/" }, field: "params.slug", good: { url: "/api/v1/courses/stress/" } },
  { name: "GET /courses/{slug}/modules/{module}/ (module)", method: "GET", auth: "verified", bad: { url: "/api/v1/courses/stress/modules/Bad_Module/" }, field: "params.module", good: { url: "/api/v1/courses/stress/modules/p1-welcome/" } },
  { name: "GET /courses/{slug}/modules/{module}/ (slug)", method: "GET", auth: "verified", bad: { url: "/api/v1/courses/Bad_Slug/modules/p1-welcome/" }, field: "params.slug", good: { url: "/api/v1/courses/stress/modules/p1-welcome/" } },
  { name: "GET /public/courses/{slug}/", method: "GET", auth: "public", bad: { url: "/api/v1/public/courses/Bad_Slug/" }, field: "params.slug", good: { url: "/api/v1/public/courses/stress/" } },
  { name: "GET /pages/{slug}/", method: "GET", auth: "public", bad: { url: "/api/v1/pages/Bad_Slug/" }, field: "params.slug", good: { url: "/api/v1/pages/integritet/" } },
  { name: "GET /evaluations/{module}/", method: "GET", auth: "verified", bad: { url: "/api/v1/evaluations/p1-pss/" }, field: "params.module", good: { url: `/api/v1/evaluations/${uuid}/` } },
  { name: "POST /content-modules/{module}/progress/", method: "POST", auth: "verified", bad: { url: "/api/v1/content-modules/p1-welcome/progress/", body: {} }, field: "params.module", good: { url: `/api/v1/content-modules/${uuid}/progress/`, body: {} } },
  { name: "POST /safety-checks/{module}/ (module)", method: "POST", auth: "verified", bad: { url: "/api/v1/safety-checks/p2-before-you-start/", body: { answers: { bipolar: 0 } } }, field: "params.module", good: { url: `/api/v1/safety-checks/${uuid}/`, body: { answers: { bipolar: 0 } } } },
  { name: "POST /safety-checks/{module}/ (an answer out of range)", method: "POST", auth: "verified", bad: { url: `/api/v1/safety-checks/${uuid}/`, body: { answers: { bipolar: 2 } } }, field: "body.answers.bipolar", good: { url: `/api/v1/safety-checks/${uuid}/`, body: { answers: { bipolar: 0 } } } },
  { name: "POST /course-progress/clear-unfinished/ (course)", method: "POST", auth: "verified", bad: { url: "/api/v1/course-progress/clear-unfinished/", body: { course: "Stress!" } }, field: "body.course", good: { url: "/api/v1/course-progress/clear-unfinished/", body: { course: "stress" } } },
  { name: "POST /course-progress/clear-unfinished/ (an unknown field)", method: "POST", auth: "verified", bad: { url: "/api/v1/course-progress/clear-unfinished/", body: { course: "stress", user_id: uuid } }, field: "body.user_id", good: { url: "/api/v1/course-progress/clear-unfinished/", body: { course: "stress" } } },
];

describe.each(CASES)("$name", (c) => {
  it("answers 400 request.invalid naming the failing field", async () => {
    const agent = c.auth === "public" ? new TestAgent(app) : await userAgent();
    const response = await agent.request(c.method, c.bad.url, c.bad.body);
    expect(response.statusCode, response.body).toBe(400);
    const body = json(response) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe("request.invalid");
    expect(Object.keys(body.fields)).toContain(c.field);
  });

  if (c.auth !== "public") {
    it("is refused for a visitor (401) and before the second factor (403)", async () => {
      const visitor = await new TestAgent(app).request(c.method, c.good.url, c.good.body);
      expect(visitor.statusCode, visitor.body).toBe(401);
      expect(json(visitor).code).toBe("auth.not_authenticated");
      const unverified = await (await userAgent(false)).request(c.method, c.good.url, c.good.body);
      expect(unverified.statusCode, unverified.body).toBe(403);
      expect(json(unverified).code).toBe("auth.forbidden");
    });
  }
});

describe("refused input changes nothing", () => {
  it("a refused course start starts no course (the well-formed one does)", async () => {
    const agent = await userAgent();
    for (const body of [{ course: "Stress!" }, { course: "stress", user_id: uuid }]) {
      expect((await agent.post("/api/v1/course-progress/clear-unfinished/", body)).statusCode).toBe(400);
    }
    expect((await agent.get("/api/v1/active-course/")).statusCode).toBe(404);
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).statusCode).toBe(200);
    expect(((await agent.get("/api/v1/active-course/")).json() as { key: string }).key).toBe("stress");
  });

  it("a well-formed module id that is no module is 404, not 400 (the validator refuses only malformed ones)", async () => {
    const agent = await userAgent();
    expect((await agent.get(`/api/v1/evaluations/${randomUUID()}/`)).statusCode).toBe(404);
    expect((await agent.post(`/api/v1/content-modules/${randomUUID()}/progress/`)).statusCode).toBe(404);
    expect((await agent.post(`/api/v1/safety-checks/${randomUUID()}/`, { answers: { bipolar: 0 } })).statusCode).toBe(404);
  });
});
