import type { Page } from "playwright-core";

/**
 * Heading levels in document order (inside the open modal dialog when there is one): no level
 * may be skipped on the way down (h1 → h3), and a screen starts with its h1.
 */
export async function headingOrderProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const modal = document.querySelector("dialog[open]");
    const scope: ParentNode = modal ?? document;
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getClientRects();
      return box.length > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const headings = [...scope.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")]
      .filter((el) => (modal ? true : !el.closest("dialog")) && visible(el) && !el.closest("[aria-hidden=true]"))
      .map((el) => ({
        level: el.getAttribute("aria-level") ? Number(el.getAttribute("aria-level")) : Number(el.tagName.slice(1)),
        text: (el.textContent ?? "").trim().slice(0, 40),
      }));
    const problems: string[] = [];
    if (!modal && headings[0] && headings[0].level !== 1) problems.push(`first heading is h${headings[0].level} "${headings[0].text}"`);
    for (let i = 1; i < headings.length; i++) {
      const [before, now] = [headings[i - 1]!, headings[i]!];
      if (now.level > before.level + 1) problems.push(`h${before.level} "${before.text}" → h${now.level} "${now.text}"`);
    }
    return problems;
  });
}
