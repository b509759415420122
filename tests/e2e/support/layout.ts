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

/** WCAG 1.4.12's text spacing: what a person's own style sheet or bookmarklet may set. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-block-end: 2em !important; }`;

/**
 * With WCAG 1.4.12's text spacing applied (the page's context must bypass its CSP for the added
 * style), what no longer fits (`cutOffOrOutside`).
 */
export async function textSpacingDefects(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: TEXT_SPACING });
  return cutOffOrOutside(page);
}

/**
 * What does not fit the window: the page scrolling sideways, text cut off by a box that hides its
 * overflow, text sticking out of the window. Inside a box that scrolls (a data table's) and in
 * visually hidden text, both are as meant.
 */
export async function cutOffOrOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join(".")}` : ""} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
    const inScroller = (el: Element) => {
      for (let parent = el.parentElement; parent; parent = parent.parentElement) {
        if (["auto", "scroll"].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll("body *")) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      if (el.closest(".visually-hidden") || !(el.textContent ?? "").trim() || inScroller(el)) continue;
      const hides = (overflow: string) => overflow === "hidden" || overflow === "clip";
      if (
        el.clientWidth > 0 &&
        el.clientHeight > 0 &&
        ((hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
          (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1))
      )
        found.push(`cut off: ${describe(el)} (${el.scrollWidth}×${el.scrollHeight} px in ${el.clientWidth}×${el.clientHeight})`);
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && !el.closest("[aria-hidden=true]"))
        found.push(`sticks out of the window: ${describe(el)}`);
    }
    return found.slice(0, 10);
  });
}

/**
 * WCAG 2.4.11 (focus not obscured): where the focused element is hidden by something that stays on
 * screen while the page scrolls (a sticky or fixed bar), or not on screen at all. Null when it can
 * be seen. Points of its box inside the window are probed: a point showing part of a sticky or fixed
 * box that is not the focused element's own counts as covered.
 */
export async function focusObscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()}${node.classList.length ? `.${[...node.classList].join(".")}` : ""} "${(node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    // A radio or checkbox is seen with its label.
    const target = el.matches("input[type=radio], input[type=checkbox]") ? (el.closest("label") ?? el) : el;
    const box = target.getBoundingClientRect();
    const [top, bottom] = [Math.max(box.top, 0), Math.min(box.bottom, window.innerHeight)];
    const [left, right] = [Math.max(box.left, 0), Math.min(box.right, window.innerWidth)];
    if (bottom <= top || right <= left) return `out of view: ${describe(el)}`;
    const pinned = (node: Element | null): Element | null => {
      for (let at = node; at && at !== document.documentElement; at = at.parentElement) {
        if (["sticky", "fixed"].includes(getComputedStyle(at).position)) return at;
      }
      return null;
    };
    const own = pinned(target);
    let covered = 0;
    let by: Element | null = null;
    const points = [0.1, 0.5, 0.9];
    for (const fx of points) {
      for (const fy of points) {
        const hit = document.elementFromPoint(left + (right - left) * fx, top + (bottom - top) * fy);
        if (!hit || target.contains(hit)) continue;
        const bar = pinned(hit);
        if (bar && bar !== own) {
          covered++;
          by = bar;
        }
      }
    }
    return covered === points.length ** 2 ? `under ${describe(by!)}: ${describe(el)}` : covered > 0 ? `partly under ${describe(by!)}: ${describe(el)}` : null;
  });
}

/**
 * The browser's default text size, as a person sets it in the browser's settings (Chromium's
 * "font size"; 16 px unless changed): the page's rem and em sizes and its em breakpoints follow it.
 */
export async function setDefaultFontSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: px, fixed: Math.round(px * 0.8125) } });
}
