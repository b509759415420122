import path from "node:path";
import { loadContent } from "../server/modules/content/load-content.ts";

/** `npm run content:check`: validates all content; prints every problem as file:line. */
const root = path.resolve(process.argv[2] ?? "content");
const { courses, worksheets, pages, featured, problems } = loadContent(root);
for (const p of problems) console.error(`content/${p.file}:${p.line}: ${p.message}`);
console.log(
  `${courses.length} courses, ${worksheets.length} worksheets, ${pages.length} pages, ${featured.length} featured items; ${problems.length} problem${problems.length === 1 ? "" : "s"}`,
);
process.exit(problems.length ? 1 : 0);
