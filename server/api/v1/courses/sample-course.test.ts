import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { webmSeconds } from "../../../modules/content/webm-duration.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { FakeClock, createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";
import { giveScreening } from "../../../modules/screening/fixture-screening.ts";

/** The sample course of tests/fixtures/content: all seven module types, a one-day pause before part 2. */
const FIXTURE = path.resolve("tests/fixtures/content");
let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));

beforeAll(async () => {
  app = await createTestApp({ clock, env: { CONTENT_DIR: FIXTURE, COURSE_DAY_SECONDS: "600" }, isolated: true });
  const content = loadContent(FIXTURE);
  expect(content.problems).toEqual([]);
  await importContent(app.ctx.db, app.ctx.clock, content);
});
afterAll(async () => {
  await app.close();
});

interface Module {
  id: string;
  key: string;
  type: string;
  completed: boolean;
  pause_until: number | null;
  progress_url: string;
  duration_seconds: number | null;
}
interface Course {
  id: string;
  slug: string;
  active: boolean;
  completed: boolean;
  pause_until: number | null;
  course_parts: { id: string; key: string; completed: boolean; content_modules: Module[] }[];
}

async function userAgent(): Promise<TestAgent> {
  const user = await createTestUser(app);
  await giveScreening(app, user.id);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user)).split("=")[1] ?? "");
  return agent;
}

/** Every programme's questionnaires ask PHQ-9 item 9 too. */
const miss = (value: number) => ({ miss_1: value, miss_2: value, miss_3: value, phq9_9: 0 });

describe("the sample course over HTTP", () => {
  it("is completed module by module through each progress_url, with a pause before part 2", async () => {
    const agent = await userAgent();
    let course = (await agent.get("/api/v1/courses/provkurs/")).json() as Course;
    expect(course).toMatchObject({ active: false, completed: false });
    const types = course.course_parts[0]?.content_modules.map((m) => m.type);
    expect(types).toEqual(["text", "list", "audio", "video", "evaluation", "worksheet", "post_part_screening"]);
    // Not started yet: nothing can be completed.
    const first = course.course_parts[0]?.content_modules[0];
    expect((await agent.post(first?.progress_url ?? "")).json().code).toBe("course.not_started");
    course = (await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "sample" })).json() as Course;
    expect(course.active).toBe(true);
    for (const module of course.course_parts[0]?.content_modules ?? []) {
      const response =
        module.type === "evaluation" || module.type === "post_part_screening"
          ? await agent.post(`/api/v1/evaluations/${module.id}/`, { answers: miss(1) })
          : await agent.post(module.progress_url);
      expect(response.statusCode).toBe(200);
      // The client reloads the course by its slug after each step.
      course = (await agent.get(`/api/v1/courses/${course.slug}/`)).json() as Course;
      expect(course.course_parts[0]?.content_modules.find((m) => m.id === module.id)?.completed).toBe(true);
    }
    const now = Math.floor(clock.now().getTime() / 1000);
    const next = course.course_parts[1]?.content_modules[0];
    expect(course.course_parts[0]?.completed).toBe(true);
    expect(next?.pause_until).toBe(now + 600);
    expect(course.pause_until).toBe(now + 600);
    const locked = await agent.post(next?.progress_url ?? "");
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe("course.locked");
    expect(((await agent.get("/api/v1/active-course/")).json() as Course).id).toBe(course.id);
    clock.advance(601_000);
    const done = (await agent.post(next?.progress_url ?? "")).json() as Course;
    expect(done).toMatchObject({ active: false, completed: true, pause_until: null });
    expect((await agent.get("/api/v1/active-course/")).statusCode).toBe(404);
  });

  it("gives audio and video modules their media files, captions and each language's own length (read from the file)", async () => {
    const agent = await userAgent();
    await agent.post("/api/v1/course-progress/clear-unfinished/", { course: "sample" });
    const seconds = (file: string) => Math.floor(webmSeconds(path.join(FIXTURE, "media", file)) ?? NaN);
    const audio = (await agent.get("/api/v1/courses/provkurs/modules/p1-audio/", { "accept-language": "en" })).json();
    expect(audio.media).toEqual({ src: "/media/sample-audio/en.webm", type: "audio/webm", captions: null, duration_seconds: seconds("sample-audio/en.webm") });
    const video = (await agent.get("/api/v1/courses/provkurs/modules/p1-video/")).json();
    expect(video.media).toEqual({ src: "/media/sample-video/sv.webm", type: "video/webm", captions: "/media/sample-video/sv.vtt", duration_seconds: seconds("sample-video/sv.webm") });
    const text = (await agent.get("/api/v1/courses/provkurs/modules/p1-text/")).json();
    expect(text.media).toBeNull();
    const course = (await agent.get("/api/v1/courses/provkurs/")).json() as Course;
    expect(course.course_parts[0]?.content_modules.find((m) => m.key === "p1-audio")?.duration_seconds).toBe(seconds("sample-audio/sv.webm"));
    const danish = (await agent.get("/api/v1/courses/provkurs/", { "accept-language": "da" })).json() as Course;
    expect(danish.course_parts[0]?.content_modules.find((m) => m.key === "p1-video")?.duration_seconds).toBe(seconds("sample-video/da.webm"));
  });
});

describe("GET /api/v1/featured-content/", () => {
  it("answers the featured items in the asked language, with what they refer to", async () => {
    const items = (await new TestAgent(app).get("/api/v1/featured-content/", { "accept-language": "en" })).json() as Record<string, unknown>[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      key: "sample-audio",
      kind: "module",
      title: "Exercise of the week",
      course: { key: "sample", slug: "sample-course" },
      module: { key: "p1-audio", type: "audio", title: "Short audio exercise" },
      page: null,
    });
    const sv = (await new TestAgent(app).get("/api/v1/featured-content/")).json() as { title: string }[];
    expect(sv[0]?.title).toBe("Veckans övning");
  });
  it("answers a language it does not have in Swedish", async () => {
    const response = await new TestAgent(app).get("/api/v1/featured-content/", { "accept-language": "de" });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]?.title).toBe("Veckans övning");
  });
});
