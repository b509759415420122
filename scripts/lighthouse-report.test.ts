import { describe, expect, it } from "vitest";
import {
  budgetMisses,
  lighthouseSection,
  median,
  pointCosts,
  replaceSection,
  summarise,
  type RunResult,
} from "./lighthouse-report.ts";

function run(scores: Partial<Record<string, number>>, audits: RunResult["audits"] = {}): RunResult {
  const categories: RunResult["categories"] = {};
  for (const id of ["performance", "accessibility", "best-practices", "seo"]) {
    categories[id] = {
      score: scores[id] ?? 1,
      auditRefs:
        id === "seo"
          ? [
              { id: "meta-description", weight: 1 },
              { id: "robots-txt", weight: 1 },
              { id: "manual", weight: 0 },
            ]
          : [],
    };
  }
  return { finalUrl: "http://127.0.0.1/", categories, audits };
}

const ENV = {
  date: "2026-11-23T18:00:00Z",
  cores: 2,
  cpuModel: "Test CPU",
  memoryGiB: 24,
  node: "v24.0.0",
  chromium: "156.0",
  lighthouse: "13.5.0",
  runs: 3,
  command: "npm run lighthouse",
};

describe("lighthouse report", () => {
  it("takes the median of odd and even counts", () => {
    expect(median([90, 70, 80])).toBe(80);
    expect(median([1, 4])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("summarises each category by its median run and reports budget misses with their costs", () => {
    const audits = {
      "meta-description": { title: "Document has a meta description", score: 0 },
      "robots-txt": { title: "robots.txt is valid", score: 1 },
      manual: { title: "manual", score: 0 },
    };
    const page = summarise("Home", "/", [
      run({ seo: 0.5 }, audits),
      run({ seo: 0.92 }, audits),
      run({ seo: 1 }),
    ]);
    expect(page.scores).toEqual({
      performance: 100,
      accessibility: 100,
      "best-practices": 100,
      seo: 92,
    });
    const misses = budgetMisses([page]);
    expect(misses).toHaveLength(1);
    expect(misses[0]).toMatchObject({ page: "Home", category: "seo", score: 92, budget: 95 });
    expect(misses[0]?.costs).toEqual([
      { id: "meta-description", title: "Document has a meta description", points: 50 },
    ]);
    expect(pointCosts(run({}), "performance")).toEqual([]);
  });

  it("replaces only its own section of docs/benchmarks.md", () => {
    const section = lighthouseSection(
      [
        {
          name: "Home",
          path: "/",
          scores: { performance: 90, accessibility: 100, "best-practices": 100, seo: 100 },
          medianRuns: {} as never,
        },
      ],
      ENV,
    );
    expect(section).toContain("| Home | `/` | 90 ✗ | 100 | 100 | 100 |");
    expect(section).toContain("2 cores (Test CPU), 24 GiB memory");
    expect(section).toContain("`npm run lighthouse`");
    const fresh = replaceSection("", section);
    expect(fresh.startsWith("# Benchmarks\n\n## Lighthouse\n")).toBe(true);
    const withOthers =
      "# Benchmarks\n\n## SSR\n\nssr table\n\n## Lighthouse\n\nold\n\n## API\n\napi table\n";
    const replaced = replaceSection(withOthers, section);
    expect(replaced).toContain("## SSR\n\nssr table\n");
    expect(replaced).toContain("## API\n\napi table\n");
    expect(replaced).not.toContain("old");
    expect(replaced).toContain(section);
    expect(replaceSection(replaced, section)).toBe(replaced);
    const appended = replaceSection("# Benchmarks\n\n## SSR\n\nssr\n", section);
    expect(appended).toBe(`# Benchmarks\n\n## SSR\n\nssr\n\n${section}`);
    // Another script's section by its own heading; the Lighthouse section stays.
    const load = "## Load benchmark: fresh database\n\nnew table\n";
    const both = replaceSection(replaceSection(appended, "## Load benchmark: fresh database\n\nold table\n", "## Load benchmark: fresh database"), load, "## Load benchmark: fresh database");
    expect(both).toContain(section);
    expect(both).toContain("new table");
    expect(both).not.toContain("old table");
  });
});
