import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentModules, courseParts, courseSlugs, courses } from "../../db/schema/content.ts";
import { systemClock } from "../../lib/clock.ts";
import { isolatedTestDatabase } from "../../testing/test-database.ts";
import { countQueries } from "../../db/client.ts";
import { importContent } from "./import-content.ts";
import { loadContent } from "./load-content.ts";
import { webmSeconds } from "./webm-duration.ts";

describe("importContent", () => {
  it("imports the four programmes, and a second import keeps every id (idempotent, by key)", async () => {
    const { db } = await isolatedTestDatabase();
    const content = loadContent(path.resolve("content"));
    const first = await importContent(db, systemClock, content);
    expect(first.courses).toBe(4);
    const before = await db.select({ id: contentModules.id, key: contentModules.key }).from(contentModules);
    await importContent(db, systemClock, content);
    const after = await db.select({ id: contentModules.id, key: contentModules.key }).from(contentModules);
    expect(new Map(after.map((m) => [m.key + m.id, true])).size).toBe(before.length);
    expect(after.map((m) => m.id).sort()).toEqual(before.map((m) => m.id).sort());

    const [slug] = await db.select().from(courseSlugs).where(and(eq(courseSlugs.locale, "en"), eq(courseSlugs.slug, "stress")));
    expect(slug).toBeTruthy();
    const [stress] = await db.select().from(courses).where(eq(courses.key, "stress"));
    expect(stress?.texts.da.title.length).toBeGreaterThan(3);
    expect(stress?.texts.sv.html).toContain("<p>");
  }, 120_000); // two imports of the four programmes: slow on a loaded machine

  it("gives every recording its own language's length from the file, and shows exercises' transcripts without [paus N] (issue 20, point 5)", async () => {
    const { db } = await isolatedTestDatabase();
    await importContent(db, systemClock, loadContent(path.resolve("content")));
    const media = await db.select().from(contentModules).where(inArray(contentModules.type, ["audio", "video"]));
    expect(media.length).toBeGreaterThanOrEqual(16);
    const problems: string[] = [];
    for (const module of media) {
      for (const lang of ["sv", "en", "no", "da"] as const) {
        const text = module.texts[lang];
        const real = webmSeconds(path.resolve("content/media", String(module.settings.media), `${lang}.webm`));
        if (real === null || text.duration_seconds !== Math.floor(real)) problems.push(`${module.key}/${lang}: states ${text.duration_seconds}, the file lasts ${real}`);
        if (/\[paus/.test(text.html)) problems.push(`${module.key}/${lang}: [paus] in the transcript`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("archives a module that left the files and renders Markdown without raw HTML", async () => {
    const { db } = await isolatedTestDatabase();
    const content = loadContent(path.resolve("content"));
    const stress = content.courses.find((c) => c.def.key === "stress");
    if (!stress) throw new Error("no stress course");
    const [firstPart] = stress.def.parts;
    if (!firstPart) throw new Error("no part");
    const removed = firstPart.modules.at(-1)?.key ?? "";
    const trimmed = { ...stress, def: { ...stress.def, parts: [{ ...firstPart, modules: firstPart.modules.slice(0, -1) }, ...stress.def.parts.slice(1)] } };
    for (const lang of ["sv", "en", "no", "da"] as const) {
      const text = trimmed.texts[lang].modules["p1-welcome"];
      if (text) text.body = `${text.body}\n\n<script>alert(1)</script>`;
    }
    await importContent(db, systemClock, { ...content, courses: [trimmed] });
    const [course] = await db.select().from(courses).where(eq(courses.key, "stress"));
    const inStress = (key: string) => and(eq(contentModules.courseId, course?.id ?? ""), eq(contentModules.key, key));
    const [row] = await db.select().from(contentModules).where(inStress(removed));
    expect(row?.archived).toBe(true);
    const [welcome] = await db.select().from(contentModules).where(inStress("p1-welcome"));
    expect(welcome?.texts.sv.html).toContain("&lt;script&gt;");
    expect(welcome?.texts.sv.html).not.toContain("<script>");
    const parts = await db.select().from(courseParts).where(eq(courseParts.courseId, welcome?.courseId ?? ""));
    expect(parts.length).toBe(stress.def.parts.length);
    await importContent(db, systemClock, content);
    const [restored] = await db.select().from(contentModules).where(inStress(removed));
    expect(restored?.archived).toBe(false);
    expect(restored?.id).toBe(row?.id);
  });

  it("runs in a bounded number of queries", async () => {
    const { db } = await isolatedTestDatabase();
    const content = loadContent(path.resolve("content"));
    const { queries } = await countQueries(() => importContent(db, systemClock, content));
    expect(queries).toBeLessThan(400);
  });
});
