import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every style sheet of the app. */
function styleSheets(dir = path.resolve("app")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(full);
    return entry.name.endsWith(".css") ? [full] : [];
  });
}

/**
 * In em (ADR 034): 16 px each at the browser's default text size, so 767.84, 768 and 1280 px, and
 * they follow a larger text size that a person sets in the browser. That the layouts change at 767,
 * 768 and 1280 px in the browser is tests/e2e/spec-rules.e2e.ts; at a larger text size,
 * tests/e2e/layout-and-zoom.e2e.ts ("the browser's text at 200 %").
 */
describe("§9 breakpoints: small up to 767 px, medium from 768 px, large from 1280 px (in em)", () => {
  const queries = styleSheets().flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\((min|max)-width:\s*([^)]+)\)/g)].map((m) => ({
      file: path.relative(process.cwd(), file),
      query: `${m[1]}-width: ${m[2]?.trim()}`,
    })),
  );

  it("uses only the three breakpoints", () => {
    const allowed = ["max-width: 47.99em", "min-width: 48em", "min-width: 80em"];
    expect(queries.filter((q) => !allowed.includes(q.query))).toEqual([]);
  });

  it("uses every one of them, the large one in the layout", () => {
    const used = new Set(queries.map((q) => q.query));
    expect([...used].sort()).toEqual(["max-width: 47.99em", "min-width: 48em", "min-width: 80em"]);
    expect(queries.filter((q) => q.query === "min-width: 80em").map((q) => q.file)).toContain("app/styles/tokens.css");
  });
});
