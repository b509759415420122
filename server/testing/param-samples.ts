import path from "node:path";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { contentModules, contentPages, courseSlugs, worksheetDefs } from "../db/schema/content.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";

/**
 * Valid path-parameter values of this app's content, by parameter name (the fuzzing and
 * authorization suites mix them with generated ones). A new parameter name without samples here is
 * still fuzzed, with generated values only.
 */
export async function paramSamples(
  app: FastifyInstance,
): Promise<Record<string, fc.Arbitrary<string>>> {
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
  // In a fixed order (the tables' row order moves with other test files' writes on a shared
  // PostgreSQL database): a seeded sample then draws the same values every run.
  const slugs = (await app.ctx.db.select({ slug: courseSlugs.slug }).from(courseSlugs).orderBy(courseSlugs.slug)).map(
    (r) => r.slug,
  );
  const pages = (await app.ctx.db.select({ slug: contentPages.slug }).from(contentPages).orderBy(contentPages.slug, contentPages.locale)).map(
    (r) => r.slug,
  );
  const moduleRows = await app.ctx.db
    .select({ id: contentModules.id, key: contentModules.key })
    .from(contentModules)
    .orderBy(contentModules.key, contentModules.id);
  // Course pages name modules by key, the progress, evaluation and worksheet endpoints by id.
  const modules = moduleRows.flatMap((r) => [r.key, r.id]);
  const sheets = (await app.ctx.db.select({ key: worksheetDefs.key }).from(worksheetDefs).orderBy(worksheetDefs.key)).map(
    (r) => r.key,
  );
  return {
    slug: fc.constantFrom(...slugs, ...pages),
    module: fc.constantFrom(...modules),
    key: fc.constantFrom(...sheets),
    id: fc.uuid({ version: 4 }),
    // Worksheet rows are the user's own: no shared samples exist, so valid generated ids.
    row: fc.uuid({ version: 4 }),
  };
}
