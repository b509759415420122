import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../../modules/content/import-content.ts";
import { loadContent } from "../../../modules/content/load-content.ts";
import { TestAgent } from "../../../testing/agent.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../testing/test-app.ts";

/** The real programmes as the API serves them (issue 8's acceptance). */
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

async function userAgent(): Promise<{ agent: TestAgent }> {
  const agent = new TestAgent(app);
  agent.cookies.set(
    "sessionid",
    (await sessionCookieFor(app, await createTestUser(app))).split("=")[1] ?? "",
  );
  return { agent };
}

describe("the four programmes (issue 8)", () => {
  it("are listed in every language with localized titles and slugs; each has 6-8 parts and opens and closes with its area's evaluation; together they use every module type", async () => {
    const { agent } = await userAgent();
    const types = new Set<string>();
    const titles: Record<string, Set<string>> = {};
    for (const locale of ["sv", "en", "no", "da"]) {
      const list = (
        await new TestAgent(app).get(`/api/v1/public/courses/`, { "accept-language": locale })
      ).json() as { key: string; slug: string; title: string }[];
      expect(list.map((c) => c.key).sort(), locale).toEqual([
        "anxiety",
        "depression",
        "sleep",
        "stress",
      ]);
      for (const card of list) {
        (titles[card.key] ??= new Set()).add(card.title);
        const detail = (
          await agent.get(`/api/v1/courses/${card.slug}/`, { "accept-language": locale })
        ).json() as {
          key: string;
          course_parts: { content_modules: { type: string; key: string }[] }[];
        };
        expect(detail.key, `${locale} ${card.slug}`).toBe(card.key);
        expect(detail.course_parts.length, card.key).toBeGreaterThanOrEqual(6);
        expect(detail.course_parts.length, card.key).toBeLessThanOrEqual(8);
        for (const part of detail.course_parts) {
          expect(part.content_modules.length, `${card.key} part`).toBeGreaterThanOrEqual(3);
          expect(part.content_modules.length, `${card.key} part`).toBeLessThanOrEqual(8);
          for (const module of part.content_modules) types.add(module.type);
        }
        const modules = detail.course_parts.flatMap((p) => p.content_modules);
        expect(
          modules.some((m, i) => i < 3 && m.type === "evaluation"),
          `${card.key} opens with an evaluation`,
        ).toBe(true);
        expect(
          modules.slice(-4).some((m) => m.type === "evaluation"),
          `${card.key} closes with an evaluation`,
        ).toBe(true);
        // A post-part screening at least every second part.
        const screened = detail.course_parts.map((p) =>
          p.content_modules.some(
            (m) => m.type === "post_part_screening" || m.type === "evaluation",
          ),
        );
        for (let i = 0; i + 1 < screened.length; i++)
          expect(screened[i] || screened[i + 1], `${card.key} parts ${i + 1}-${i + 2}`).toBe(true);
      }
    }
    expect([...types].sort()).toEqual([
      "audio",
      "evaluation",
      "list",
      "post_part_screening",
      "safety_check",
      "text",
      "video",
      "worksheet",
    ]);
    for (const [key, localized] of Object.entries(titles))
      expect(localized.size, `${key}: titles per language`).toBeGreaterThanOrEqual(3);
  });
});
