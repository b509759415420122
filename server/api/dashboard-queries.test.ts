import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../db/client.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { giveScreening } from "../modules/screening/fixture-screening.ts";
import { TestAgent } from "../testing/agent.ts";
import { API_STATEMENTS } from "../testing/api-statements.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor } from "../testing/test-app.ts";

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

/**
 * Issue 19: the dashboard's server render makes five of these calls for a signed-in person, and
 * `npm run bench` measures four against the floor of their statements. Each is a fixed number of
 * statements, the session's included (the page resolves it once; over HTTP each call does),
 * whatever the person's history holds: a regression here is a slower dashboard.
 */
describe("the dashboard's and the benchmark's calls", () => {
  it("each read in a fixed, small number of statements", async () => {
    const user = await createTestUser(app);
    // Two screenings: the recommendation compares the newest with the one before (rule H5).
    await giveScreening(app, user.id, { value: 1, daysAgo: 20 });
    await giveScreening(app, user.id, { value: 2, daysAgo: 1 });
    const agent = new TestAgent(app);
    agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified: true })).split("=")[1] ?? "");
    expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).statusCode).toBeLessThan(300);
    expect((await agent.get("/api/v1/courses/stress/")).statusCode).toBe(200);

    const counts: Record<string, number> = {};
    for (const url of Object.keys(API_STATEMENTS)) {
      await agent.get(url); // caches (course structure) warm, as on a running server
      const { result, queries } = await countQueries(() => agent.get(url));
      expect(result.statusCode, url).toBe(200);
      counts[url] = queries;
    }
    expect(counts).toEqual(API_STATEMENTS);
    // The figures themselves, so that a change to the shared table is a change seen here too.
    expect(Object.values(API_STATEMENTS)).toEqual([1, 1, 1, 1, 2, 2, 1, 1]);
  });
});
