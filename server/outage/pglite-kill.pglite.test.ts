import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { systemClock } from "../lib/clock.ts";
import { openDatabase } from "../db/client.ts";
import { users } from "../db/schema/users.ts";
import { maskSecret, newCsrfSecret } from "../lib/csrf-token.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { insertSession } from "../modules/sessions/session-repository.ts";
import { hashSessionId } from "../modules/sessions/session-service.ts";
import { unlockModule, worksheetModuleIdOf } from "../testing/courses.ts";
import { startInstances, type Instance } from "../testing/instances.ts";

/**
 * The app on the embedded database (PGlite under DATA_DIR) is killed with SIGKILL in the middle of
 * a burst of worksheet saves, then started again on the same folder: every save it acknowledged
 * (201) is there, and the session still works. (On PostgreSQL: multi-instance.pg.test.ts.) Runs in the PGlite run only (vitest.config.ts).
 */

const dataDir = mkdtempSync(path.join(tmpdir(), "kbt-pglite-kill-"));
const running: Instance[] = [];
afterAll(async () => {
  await Promise.all(running.map((i) => i.stop("SIGKILL")));
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<Instance> {
  const [instance] = await startInstances(1, { databaseUrl: "", env: { DATA_DIR: dataDir }, startTimeoutMs: 90_000 });
  if (!instance) throw new Error("no instance");
  running.push(instance);
  return instance;
}

describe("kill -9 of the app on the embedded database", () => {
  it("loses no acknowledged worksheet row", async () => {
    // The folder is prepared in this process (content, a user with a session and an open worksheet), then closed.
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await importContent(database.db, systemClock, loadContent(path.resolve("content")));
    const [user] = await database.db
      .insert(users)
      .values({ email: `kill-${randomBytes(4).toString("hex")}@example.test`, authType: "email", termsVersion: "1" })
      .returning({ id: users.id });
    const diary = { id: await worksheetModuleIdOf({ ctx: { db: database.db } }, "stress-diary") };
    if (!user || !diary) throw new Error("no user or worksheet");
    await unlockModule({ ctx: { db: database.db, clock: systemClock } }, user.id, diary.id);
    const sessionId = randomBytes(32).toString("base64url");
    const now = new Date();
    await insertSession(database.db, {
      idHash: hashSessionId(sessionId),
      userId: user.id,
      verified: true,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      ip: "127.0.0.1",
      userAgent: "kill test",
    });
    await database.close();

    const csrf = newCsrfSecret();
    const headers = { cookie: `csrftoken=${csrf}; sessionid=${sessionId}`, "x-csrftoken": maskSecret(csrf), "content-type": "application/json" };
    const doomed = await start();
    const acknowledged: string[] = [];
    let failed = 0;
    let n = 0;
    const writer = async () => {
      for (let i = 0; i < 40; i++) {
        try {
          const response = await fetch(`${doomed.url}/api/v1/worksheets/${diary.id}/rows/`, {
            method: "POST",
            headers,
            body: JSON.stringify({ values: { date: "2026-11-20", situation: `row ${n++}`, level: 5 } }),
          });
          if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
          else failed += 1;
        } catch {
          failed += 1;
          return;
        }
      }
    };
    const killer = (async () => {
      const started = Date.now();
      while (acknowledged.length < 20 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 5));
      await doomed.stop("SIGKILL");
    })();
    await Promise.all([...Array.from({ length: 4 }, writer), killer]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(failed).toBeGreaterThan(0);

    const revived = await start();
    const sheet = await fetch(`${revived.url}/api/v1/worksheets/${diary.id}/rows/`, { headers: { cookie: headers.cookie } });
    expect(sheet.status).toBe(200);
    const listed = new Set(((await sheet.json()) as { rows: { id: string }[] }).rows.map((r) => r.id));
    expect(acknowledged.filter((id) => !listed.has(id))).toEqual([]);
    console.info(`pglite kill -9: ${acknowledged.length} rows acknowledged, all kept after the restart; ${failed} cut off`);
  }, 240_000);
});
