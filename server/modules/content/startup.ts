import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../db/client.ts";
import { importContent } from "./import-content.ts";
import { loadContent, type ContentProblem } from "./load-content.ts";

/**
 * Problems that do not stop the import: the generated audio and video files (missing, stale or
 * over budget). `npm run content:check` and `npm test` fail on them; a running server only warns.
 */
function isMediaProblem(problem: ContentProblem): boolean {
  return problem.media === true;
}

/**
 * Loads `content/` and imports it (one transaction, idempotent). Broken content stops the start
 * with every problem listed; problems with the generated media files are logged as warnings.
 */
export async function importContentAtStart(
  db: Db,
  clock: Clock,
  log: { info(details: object, message: string): void; warn(details: object, message: string): void },
  root: string,
): Promise<void> {
  const started = Date.now();
  const content = loadContent(root);
  const blocking = content.problems.filter((p) => !isMediaProblem(p));
  if (blocking.length) {
    throw new Error(`content has problems (npm run content:check):\n${blocking.map((p) => `content/${p.file}:${p.line}: ${p.message}`).join("\n")}`);
  }
  const missingMedia = content.problems.filter(isMediaProblem).length;
  if (missingMedia) log.warn({ missingMedia }, "content: some audio or video files are missing or out of date (npm run content:check)");
  const result = await importContent(db, clock, content);
  log.info({ ...result, ms: Date.now() - started }, "content imported");
}
