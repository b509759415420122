import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { LOCALE_SETTINGS, LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { layoutDefects } from "../e2e/support/layout.ts";

/**
 * What a person would notice on a screenshot, measured in the page to point the eye at it: the
 * page scrolling sideways (and the elements that stick out), text clipped inside its box, touch
 * targets under 44 × 44 px, and messages of another language on the page. For the screenshot
 * tour (all-screens.shots.ts); it reports, it does not fail.
 */

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else flatten(value, name, out);
  }
  return out;
}

const messages = new Map<Locale, Map<string, string>>(
  LOCALES.map((locale) => {
    const file = path.resolve("common/i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`);
    return [locale, flatten(JSON.parse(readFileSync(file, "utf8")) as Tree)];
  }),
);

/**
 * Messages of the other languages that differ from this language's own, long enough (and without
 * placeholders) to be recognised in a page's text.
 */
function foreignMessages(locale: Locale): { key: string; locale: Locale; text: string }[] {
  const own = messages.get(locale) ?? new Map<string, string>();
  const ownTexts = new Set(own.values());
  const out: { key: string; locale: Locale; text: string }[] = [];
  for (const other of LOCALES) {
    if (other === locale) continue;
    for (const [key, text] of messages.get(other) ?? []) {
      if (text.length < 14 || text.includes("{{") || ownTexts.has(text) || own.get(key) === text)
        continue;
      out.push({ key, locale: other, text });
    }
  }
  return out;
}

export async function layoutProblems(page: Page, locale: Locale): Promise<string[]> {
  const defects = await layoutDefects(page);
  const measured = await page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join(".")}` : ""} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    for (const el of document.querySelectorAll(
      "button, a, label, h1, h2, h3, h4, th, td, summary, .button, legend",
    )) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      if (el.scrollWidth > el.clientWidth + 1 && clips && el.clientWidth > 0)
        problems.push(`clipped text (${el.scrollWidth} > ${el.clientWidth}): ${describe(el)}`);
    }
    return { problems, text: document.body.innerText };
  });
  const foreign = foreignMessages(locale)
    .filter((m) => measured.text.includes(m.text))
    .map((m) => `${m.locale} message ${m.key}: "${m.text.slice(0, 60)}"`);
  return [
    ...defects.overflow,
    ...defects.smallTargets.map((t) => `small target ${t}`),
    ...defects.stackGaps,
    ...measured.problems,
    ...foreign,
  ];
}
