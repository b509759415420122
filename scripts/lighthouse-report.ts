/** Pure parts of `npm run lighthouse`: medians, budgets, the audits that cost points, the Markdown. */

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

export const CATEGORY_NAMES: Record<CategoryId, string> = {
  performance: "Performance",
  accessibility: "Accessibility",
  "best-practices": "Best practices",
  seo: "SEO",
};

/** docs/../shared/design/performance.md: the minimum score of each category. */
export const BUDGETS: Record<CategoryId, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 95,
};

/** What the report needs of a Lighthouse result (a subset of LH.Result). */
export interface RunResult {
  finalUrl: string;
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { title: string; score: number | null; displayValue?: string } | undefined
  >;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A category's score as Lighthouse shows it (0–100); a missing score counts as 0. */
export function categoryScore(run: RunResult, id: CategoryId): number {
  return Math.round((run.categories[id]?.score ?? 0) * 100);
}

export interface PageScores {
  name: string;
  path: string;
  scores: Record<CategoryId, number>;
  /** For each category, the run whose score is the median (its audits explain the score). */
  medianRuns: Record<CategoryId, RunResult>;
}

export function summarise(name: string, path: string, runs: RunResult[]): PageScores {
  const scores = {} as Record<CategoryId, number>;
  const medianRuns = {} as Record<CategoryId, RunResult>;
  for (const id of CATEGORIES) {
    const value = median(runs.map((run) => categoryScore(run, id)));
    scores[id] = Math.round(value);
    const closest = [...runs].sort(
      (a, b) => Math.abs(categoryScore(a, id) - value) - Math.abs(categoryScore(b, id) - value),
    )[0];
    if (!closest) throw new Error("no runs");
    medianRuns[id] = closest;
  }
  return { name, path, scores, medianRuns };
}

export interface Miss {
  page: string;
  category: CategoryId;
  score: number;
  budget: number;
  /** The audits that cost points, the costliest first: points lost out of 100. */
  costs: { id: string; title: string; points: number; displayValue?: string }[];
}

/** The audits of a category that scored below 1, with the points each cost. */
export function pointCosts(run: RunResult, id: CategoryId): Miss["costs"] {
  const refs = run.categories[id]?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  if (total === 0) return [];
  return refs
    .flatMap((ref) => {
      const audit = run.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) return [];
      const points = (ref.weight * (1 - audit.score) * 100) / total;
      return [
        {
          id: ref.id,
          title: audit.title,
          points,
          ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        },
      ];
    })
    .sort((a, b) => b.points - a.points);
}

export function budgetMisses(pages: PageScores[]): Miss[] {
  return pages.flatMap((page) =>
    CATEGORIES.filter((id) => page.scores[id] < BUDGETS[id]).map((id) => ({
      page: page.name,
      category: id,
      score: page.scores[id],
      budget: BUDGETS[id],
      costs: pointCosts(page.medianRuns[id], id),
    })),
  );
}

export interface Environment {
  date: string;
  cores: number;
  memoryGiB: number;
  cpuModel: string;
  node: string;
  chromium: string;
  lighthouse: string;
  runs: number;
  command: string;
}

export const SECTION_HEADING = "## Lighthouse";

export function lighthouseSection(pages: PageScores[], env: Environment): string {
  const head = `| page | path | ${CATEGORIES.map((id) => `${CATEGORY_NAMES[id]} (≥ ${BUDGETS[id]})`).join(" | ")} |`;
  const rule = `|---|---|${CATEGORIES.map(() => "---:").join("|")}|`;
  const rows = pages.map((page) => {
    const cells = CATEGORIES.map(
      (id) => `${page.scores[id]}${page.scores[id] < BUDGETS[id] ? " ✗" : ""}`,
    );
    return `| ${page.name} | \`${page.path}\` | ${cells.join(" | ")} |`;
  });
  return [
    SECTION_HEADING,
    "",
    `Mobile preset (simulated throttling), median of ${env.runs} run${env.runs === 1 ? "" : "s"} per page, production build on loopback.`,
    "Written by `scripts/lighthouse.ts`; a score marked ✗ misses its budget.",
    "",
    `- Date: ${env.date}`,
    `- Machine: ${env.cores} cores (${env.cpuModel}), ${env.memoryGiB} GiB memory`,
    `- Node: ${env.node}; Chromium: ${env.chromium}; Lighthouse: ${env.lighthouse}`,
    `- Command: \`${env.command}\``,
    "",
    head,
    rule,
    ...rows,
    "",
  ].join("\n");
}

/**
 * Replaces a section of docs/benchmarks.md (the Lighthouse one unless another heading is given;
 * from its heading to the next `## `
 * heading), or appends it; other scripts' sections stay as they are.
 */
export function replaceSection(document: string, section: string, heading = SECTION_HEADING): string {
  const body = section.endsWith("\n") ? section : `${section}\n`;
  if (document.trim() === "") return `# Benchmarks\n\n${body}`;
  const lines = document.split("\n");
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  if (start === -1) return `${document.replace(/\n*$/, "\n\n")}${body}`;
  let end = lines.findIndex((line, i) => i > start && /^##? /.test(line));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join("\n");
  const after = lines.slice(end).join("\n");
  return `${before}${before ? "\n" : ""}${body}${after ? `\n${after}` : ""}`;
}
