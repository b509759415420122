import path from "node:path";
import type { Clock } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { importContent } from "./import-content.ts";
import { loadContent, type ContentProblem } from "./load-content.ts";

/** Problems that do not stop the import: audio and video files are produced separately. */
function isMediaProblem(problem: ContentProblem): boolean {
  return /^media "[a-z0-9-]+" not found/.test(problem.message);
}

/**
 * Loads `content/` and imports it (one transaction, idempotent). Broken content stops the start
 * with every problem listed; missing media files are logged as warnings.
 */
export async function importContentAtStart(
  db: Db,
  clock: Clock,
  log: { info(details: object, message: string): void; warn(details: object, message: string): void },
  root = path.resolve(process.env.CONTENT_DIR ?? "content"),
): Promise<void> {
  const started = Date.now();
  const content = loadContent(root);
  const blocking = content.problems.filter((p) => !isMediaProblem(p));
  if (blocking.length) {
    throw new Error(`content has problems (npm run content:check):\n${blocking.map((p) => `content/${p.file}:${p.line}: ${p.message}`).join("\n")}`);
  }
  const missingMedia = content.problems.filter(isMediaProblem).length;
  if (missingMedia) log.warn({ missingMedia }, "content: some audio and video files are not produced yet");
  const result = await importContent(db, clock, content);
  log.info({ ...result, ms: Date.now() - started }, "content imported");
}
