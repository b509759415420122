import type { Page } from "playwright-core";

/**
 * Layout defects a person sees on a phone, measured in the page (visual.md): the page scrolling
 * sideways, touch targets under 44 × 44 px, and blocks of a `.stack` glued to the one before
 * (a list, form part, card or notice whose own `margin: 0` cancelled the stack's gap). Each is a list of readable lines,
 * empty when the page is fine.
 */
export interface LayoutDefects {
  overflow: string[];
  smallTargets: string[];
  stackGaps: string[];
  /** Items side by side in one row of a grid whose tops differ (a margin lifting one of them). */
  gridRows: string[];
}

export async function layoutDefects(page: Page): Promise<LayoutDefects> {
  return page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join(".")}` : ""} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        box.width > 0 && box.height > 0 && style.visibility !== "hidden" && style.display !== "none"
      );
    };
    const width = window.innerWidth;

    const overflow: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      overflow.push(
        `the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`,
      );
      const wide = [...document.querySelectorAll("body *")].filter(
        (el) => visible(el) && el.getBoundingClientRect().right > width + 1,
      );
      for (const el of wide
        .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
        .slice(0, 5))
        overflow.push(`sticks out: ${describe(el)}`);
    }

    // Behind an open modal dialog the page cannot be reached: only the dialog counts then.
    const scope = document.querySelector("dialog[open]:modal") ?? document;
    const smallTargets: string[] = [];
    for (const el of scope.querySelectorAll(
      "button, a[href], input:not([type=hidden]), select, textarea, summary",
    )) {
      if (!visible(el)) continue;
      // A link inside a sentence is exempt (WCAG 2.5.8); a radio or checkbox counts with its label.
      if (getComputedStyle(el).display === "inline" && el.tagName === "A") continue;
      const choice = el.matches("input[type=radio], input[type=checkbox]")
        ? (el.closest("label") ?? (el as HTMLInputElement).labels?.[0])
        : null;
      const box = (choice ?? el).getBoundingClientRect();
      if (box.height < 43.5 || box.width < 43.5)
        smallTargets.push(`${Math.round(box.width)}×${Math.round(box.height)} px: ${describe(el)}`);
    }

    const stackGaps: string[] = [];
    for (const stack of document.querySelectorAll(".stack")) {
      if (
        !visible(stack) ||
        getComputedStyle(stack).getPropertyValue("--stack-space").trim() === "0"
      )
        continue;
      const children = [...stack.children].filter(
        (el) => visible(el) && !["absolute", "fixed"].includes(getComputedStyle(el).position),
      );
      // Blocks only: a heading's subtitle or a label's line may sit close on purpose.
      for (const el of children
        .slice(1)
        .filter((child) =>
          child.matches("ul, ol, dl, fieldset, form, section, table, figure, .card, .notice"),
        )) {
        if (parseFloat(getComputedStyle(el).marginBlockStart) === 0)
          stackGaps.push(`no gap above ${describe(el)}`);
      }
    }
    const gridRows: string[] = [];
    for (const grid of document.querySelectorAll("body *")) {
      if (getComputedStyle(grid).display !== "grid" || !visible(grid)) continue;
      const items = [...grid.children]
        .filter(visible)
        .map((el) => ({ el, box: el.getBoundingClientRect() }));
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1]!, items[i]!];
        // b stands to the right of a in the same row.
        if (
          b.box.left > a.box.right - 1 &&
          b.box.top < a.box.bottom &&
          Math.abs(b.box.top - a.box.top) > 1
        ) {
          gridRows.push(
            `${describe(b.el)} starts ${Math.round(b.box.top - a.box.top)} px lower than ${describe(a.el)}`,
          );
        }
      }
    }
    return { overflow, smallTargets, stackGaps, gridRows };
  });
}
