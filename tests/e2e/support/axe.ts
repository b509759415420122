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
