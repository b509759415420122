import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTENT_LANGUAGES } from "../../../common/content/schema.ts";
import { systemClock } from "../../lib/clock.ts";
import { contentModules, contentPages, courseProgress, courseSlugs, courses, featuredContent, moduleProgress } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { isolatedTestDatabase } from "../../testing/test-database.ts";
import { importContent } from "./import-content.ts";
import { loadContent } from "./load-content.ts";

/**
 * A rolling deploy: one instance imports the content at start while users on another complete
 * modules. Their inserts hold the course and module rows FOR KEY SHARE (the foreign-key checks)
 * until they commit; the import must neither wait for them nor deadlock with them (CI's
 * PostgreSQL run saw `40P01 deadlock detected` between tests importing and tests writing progress).
 */
describe("content import beside users' progress (PostgreSQL)", () => {
  it("re-imports while another transaction is writing module progress, without waiting for it", async () => {
    const { db } = await isolatedTestDatabase();
    const content = loadContent(path.resolve("content"));
    await importContent(db, systemClock, content);
    const [user] = await db
      .insert(users)
      .values({ email: `import-${randomUUID()}@example.test`, authType: "email", termsVersion: "1" })
      .returning({ id: users.id });
    const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.key, "stress"));
    const modules = await db.select({ id: contentModules.id }).from(contentModules).where(eq(contentModules.courseId, course!.id));
    expect(modules.length).toBeGreaterThan(3);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const progressWritten = new Promise<void>((resolve) => (written = resolve));
    const writer = db.transaction(async (tx) => {
      const now = new Date();
      await tx.insert(courseProgress).values({ userId: user!.id, courseId: course!.id, startedAt: now });
      await tx.insert(moduleProgress).values(modules.map((m) => ({ userId: user!.id, moduleId: m.id, courseId: course!.id, completedAt: now })));
      written();
      await held;
    });
    await progressWritten;

    const reimport = importContent(db, systemClock, content).then(() => "imported" as const);
    const outcome = await Promise.race([reimport, sleep(20_000).then(() => "waited for the open transaction" as const)]);
    release();
    await writer;
    await reimport;
    expect(outcome).toBe("imported");
    const rows = await db.select().from(moduleProgress).where(eq(moduleProgress.userId, user!.id));
    expect(rows).toHaveLength(modules.length);
  }, 90_000);
});

/**
 * Two instances importing at start, one of them a release that lists the programmes in another
 * order (a rolling deploy with a restart of the old version). Two imports of the same content
 * take turns without the import lock too (the second waits on the first's first programme row);
 * in different orders, each upserts its first programme and then waits for the other's: a
 * deadlock (40P01) without the lock. With it, one import follows the other and the database
 * holds one version whole.
 */
describe("two content imports at once (PostgreSQL)", () => {
  it("both succeed and leave one version: the same rows, no duplicates, one release's order", async () => {
    const { db } = await isolatedTestDatabase();
    const content = loadContent(path.resolve("content"));
    const reordered = { ...content, courses: [...content.courses].reverse() };
    await importContent(db, systemClock, content);
    const modulesBefore = await db.select({ id: contentModules.id, key: contentModules.key }).from(contentModules);

    await Promise.all([importContent(db, systemClock, content), importContent(db, systemClock, reordered)]);

    const order = (version: typeof content) => Object.fromEntries(version.courses.map((course, i) => [course.def.key, i]));
    const positions = await db.select({ key: courses.key, position: courses.position }).from(courses).where(eq(courses.archived, false));
    expect([order(content), order(reordered)]).toContainEqual(Object.fromEntries(positions.map((row) => [row.key, row.position])));
    const modulesAfter = await db.select({ id: contentModules.id, key: contentModules.key }).from(contentModules);
    expect(modulesAfter).toHaveLength(modulesBefore.length);
    expect(modulesAfter).toEqual(expect.arrayContaining(modulesBefore));
    expect(await db.$count(courseSlugs)).toBe(content.courses.length * CONTENT_LANGUAGES.length);
    expect(await db.$count(contentPages)).toBe(content.pages.length * CONTENT_LANGUAGES.length);
    expect(await db.$count(featuredContent)).toBe(content.featured.length);
  }, 30_000);
});
