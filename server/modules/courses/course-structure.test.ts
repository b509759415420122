import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../db/client.ts";
import { contentModules, courses } from "../../db/schema/content.ts";
import { TestAgent } from "../../testing/agent.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor, type TestApp } from "../../testing/test-app.ts";
import { importContent } from "../content/import-content.ts";
import { loadContent, type LoadedContent } from "../content/load-content.ts";
import { giveScreening } from "../screening/fixture-screening.ts";

interface Detail {
  title: string;
  course_parts: { key: string; content_modules: { key: string; title: string }[] }[];
}

// A fixed clock: every import writes the same updated_at, so only the import count tells the
// versions apart in this process.
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));
let app: TestApp;
let content: LoadedContent;
let agent: TestAgent;

beforeAll(async () => {
  app = await createTestApp({ clock });
  content = loadContent(path.resolve("content"));
  await importContent(app.ctx.db, app.ctx.clock, content);
  const user = await createTestUser(app);
  await giveScreening(app, user.id);
  agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified: true })).split("=")[1] ?? "");
  expect((await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "stress" })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function detail(url = "/api/v1/courses/stress/"): Promise<Detail> {
  const response = await agent.get(url);
  expect(response.statusCode).toBe(200);
  return response.json() as Detail;
}

const moduleKeys = (d: Detail) => d.course_parts.flatMap((p) => p.content_modules.map((m) => m.key));

/** The stress course with the first part's last module removed and the first module renamed. */
function changedStress(title: string): { content: LoadedContent; removed: string; renamed: string } {
  const stress = content.courses.find((c) => c.def.key === "stress");
  const [firstPart, ...rest] = stress?.def.parts ?? [];
  if (!stress || !firstPart) throw new Error("no stress course");
  const removed = firstPart.modules.at(-1)?.key ?? "";
  const renamed = firstPart.modules[0]?.key ?? "";
  const texts = Object.fromEntries(
    Object.entries(stress.texts).map(([lang, t]) => {
      const module = t.modules[renamed];
      return [lang, { ...t, modules: { ...t.modules, [renamed]: module && { ...module, front: { ...module.front, title } } } }];
    }),
  ) as typeof stress.texts;
  const trimmed = { ...stress, texts, def: { ...stress.def, parts: [{ ...firstPart, modules: firstPart.modules.slice(0, -1) }, ...rest] } };
  return { content: { ...content, courses: content.courses.map((c) => (c === stress ? trimmed : c)) }, removed, renamed };
}

describe("course structure cache", () => {
  it("reads texts, parts and modules once per content version: a repeated course request makes fewer queries", async () => {
    // Another course than the started one, read for the first time here.
    const cold = await countQueries(() => agent.get("/api/v1/courses/somn/"));
    const warm = await countQueries(() => agent.get("/api/v1/courses/somn/"));
    expect(cold.result.statusCode).toBe(200);
    expect(warm.result.json()).toEqual(cold.result.json());
    // The course's texts (every language's description), its parts and its modules.
    expect(warm.queries).toBe(cold.queries - 3);
  });

  it("a re-import in this process shows the new content at once, even with the same updated_at", async () => {
    const before = await detail();
    const { content: changed, removed, renamed } = changedStress("A renamed module");
    expect(moduleKeys(before)).toContain(removed);

    await importContent(app.ctx.db, app.ctx.clock, changed);
    const after = await detail();
    expect(moduleKeys(after)).not.toContain(removed);
    expect(after.course_parts[0]?.content_modules.find((m) => m.key === renamed)?.title).toBe("A renamed module");
    const active = (await agent.get("/api/v1/active-course/")).json() as Detail;
    expect(moduleKeys(active)).not.toContain(removed);

    await importContent(app.ctx.db, app.ctx.clock, content);
    expect(moduleKeys(await detail())).toEqual(moduleKeys(before));
  }, 120_000);

  it("content changed by another process is seen when the course's updated_at changes", async () => {
    const before = await detail();
    const [course] = await app.ctx.db.select().from(courses).where(eq(courses.key, "stress"));
    if (!course) throw new Error("no stress course");
    const last = moduleKeys(before).at(-1) ?? "";
    // What another instance's import does: archive a module and set the course's updated_at.
    await app.ctx.db
      .update(contentModules)
      .set({ archived: true })
      .where(and(eq(contentModules.courseId, course.id), eq(contentModules.key, last)));
    // …and change the course's own texts (its title here), which come from the same cache.
    const texts = { ...course.texts, sv: { ...course.texts.sv, title: "Ny titel från en annan instans" } };
    await app.ctx.db
      .update(courses)
      .set({ texts, updatedAt: new Date(course.updatedAt.getTime() + 1000) })
      .where(eq(courses.id, course.id));
    const after = await detail();
    expect(moduleKeys(after)).toEqual(moduleKeys(before).slice(0, -1));
    expect(after.title).toBe("Ny titel från en annan instans");
    expect((await agent.get("/api/v1/active-course/")).json()).toMatchObject({ title: "Ny titel från en annan instans" });
  });
});
