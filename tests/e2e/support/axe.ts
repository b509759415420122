import axe from "axe-core";
import type { AxeResults, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

/** The WCAG 2.2 A/AA rules and axe's best practices. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core run in the page itself, injected once per document. `@axe-core/playwright`'s
 * `analyze()` injected its 1.3 MB source again on every check and, by default, opened a blank page
 * for each one to merge the frames' partial results (for cross-origin frames; the app has no
 * frames): 1.3–1.7 s a check of every rule and 1.0–1.2 s a check of the theme rules, against
 * 0.24–0.39 s and 0.05–0.07 s here, on the same pages (measured 2026-11-29, the same counts of
 * violations and passes). The injection goes through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  const present = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!present) await page.evaluate(axe.source);
  return page.evaluate((runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions), options);
}

/** WCAG 2.2 A/AA rules; returns the violations as readable lines (empty when clean). */
export async function axeViolations(page: Page, options: { only?: string[] } = {}): Promise<string[]> {
  // A theme switch starts colour transitions: measure contrast once they have finished.
  // (Endless animations, such as a spinner, are left alone.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await runAxe(page, {
    runOnly: options.only ? { type: "rule", values: options.only } : { type: "tag", values: WCAG_TAGS },
  });
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`,
  );
}

/** The rules a colour theme can change: colour contrast, and links told apart only by colour. */
export const THEME_RULES = ["color-contrast", "link-in-text-block"];

/**
 * All rules in the theme the page was rendered in, then the theme rules in each other theme,
 * switched in place as the theme picker does; the rendered theme is put back. Lines are
 * prefixed with the theme they were found in.
 */
export async function violationsInAllThemes(page: Page, rendered: string, themes: readonly string[]): Promise<string[]> {
  const problems = (await axeViolations(page)).map((v) => `${rendered}: ${v}`);
  const setTheme = (theme: string) =>
    page.evaluate(async (value) => {
      document.documentElement.dataset.theme = value;
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    }, theme);
  for (const theme of themes.filter((t) => t !== rendered)) {
    await setTheme(theme);
    problems.push(...(await axeViolations(page, { only: THEME_RULES })).map((v) => `${theme}: ${v}`));
  }
  await setTheme(rendered);
  return problems;
}
