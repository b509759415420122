import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../lib/clock.ts";
import { contentModules, courseProgress, courses, moduleProgress } from "../../db/schema/content.ts";
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
