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

describe("§9 breakpoints: small up to 767 px, medium from 768 px, large from 1280 px", () => {
  const queries = styleSheets().flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\((min|max)-width:\s*([^)]+)\)/g)].map((m) => ({
      file: path.relative(process.cwd(), file),
      query: `${m[1]}-width: ${m[2]?.trim()}`,
    })),
  );

  it("uses only the three breakpoints", () => {
    const allowed = ["max-width: 767px", "min-width: 768px", "min-width: 1280px"];
    expect(queries.filter((q) => !allowed.includes(q.query))).toEqual([]);
  });

  it("uses every one of them, the large one in the layout", () => {
    const used = new Set(queries.map((q) => q.query));
    expect([...used].sort()).toEqual(["max-width: 767px", "min-width: 1280px", "min-width: 768px"]);
    expect(queries.filter((q) => q.query === "min-width: 1280px").map((q) => q.file)).toContain("app/styles/tokens.css");
  });
});
