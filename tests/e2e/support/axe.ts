import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

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
  const builder = new AxeBuilder({ page });
  if (options.only) builder.withRules(options.only);
  else builder.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`,
  );
}

/** The rules a colour theme can change: colour contrast, and links told apart only by colour. */
export const THEME_RULES = ["color-contrast", "link-in-text-block"];
