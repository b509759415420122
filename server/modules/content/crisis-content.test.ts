import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { CRISIS_PAGE_SLUG, crisisInfo, crisisNumbers } from "../../../common/safety/crisis-lines.ts";
import { CRISIS_NUMBERS, DANISH_REGION_NUMBERS, numberIdsFor, type CrisisNumberId } from "../../../common/safety/crisis-numbers.ts";

/**
 * Every text that names a crisis or healthcare number agrees with the one source of truth
 * (common/safety/crisis-numbers.ts): course texts, pages, worksheets, featured items and the
 * message files, in every language.
 */
const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];
const ROOT = path.resolve("content");

/** The texts of one language: [file, text]. */
function textsOf(locale: Locale): [string, string][] {
  const files: [string, string][] = [];
  for (const course of readdirSync(path.join(ROOT, "courses"))) {
    const dir = path.join(ROOT, "courses", course, locale);
    for (const file of readdirSync(dir)) files.push([`courses/${course}/${locale}/${file}`, readFileSync(path.join(dir, file), "utf8")]);
  }
  for (const page of readdirSync(path.join(ROOT, "pages"))) {
    files.push([`pages/${page}/${locale}.md`, readFileSync(path.join(ROOT, "pages", page, `${locale}.md`), "utf8")]);
  }
  // YAML files hold every language: only this language's lines (`sv: …`, `"no": …`).
  const key = locale === "no" ? '"no"' : locale;
  for (const file of [...readdirSync(path.join(ROOT, "worksheets")).map((f) => `worksheets/${f}`), "featured.yaml"]) {
    const lines = readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .filter((line) => line.trimStart().startsWith(`${key}:`) || line.includes(` ${key}: `));
    files.push([file, lines.join("\n")]);
  }
  const messages = path.resolve("common/i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`);
  files.push([path.relative(process.cwd(), messages), readFileSync(messages, "utf8")]);
  return files;
}

const ALL_IDS = Object.keys(CRISIS_NUMBERS) as CrisisNumberId[];

function pattern(number: string): RegExp {
  return new RegExp(`(?<![\\d])${number.replace(/ /g, " ?")}(?![\\d]| \\d)`, "g");
}

/** Where each number occurs in a text (first index), by number. */
function occurrences(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const id of ALL_IDS) {
    const { number } = CRISIS_NUMBERS[id];
    const match = pattern(number).exec(text);
    if (match && !found.has(number)) found.set(number, match.index);
  }
  return found;
}

describe.each(LOCALES)("crisis numbers in the %s texts", (locale) => {
  const texts = textsOf(locale);
  const allowed = new Set<string>(numberIdsFor(locale).map((id) => CRISIS_NUMBERS[id].number));

  it("name only numbers of the source, for this language's countries", () => {
    const wrong = texts.flatMap(([file, text]) => [...occurrences(text).keys()].filter((n) => !allowed.has(n)).map((n) => `${file}: ${n}`));
    expect(wrong).toEqual([]);
    // Somewhere the numbers are named at all (the test would pass on nothing otherwise).
    expect(texts.filter(([, text]) => occurrences(text).size > 0).length).toBeGreaterThan(10);
  });

  it("the crisis-help page names every number of the panel and the date they were checked", () => {
    const page = texts.find(([file]) => file === `pages/crisis-help/${locale}.md`)?.[1] ?? "";
    expect(page).toMatch(new RegExp(`^slug: ${CRISIS_PAGE_SLUG[locale]}$`, "m"));
    for (const number of crisisNumbers(locale)) expect(page, number).toMatch(pattern(number));
    const date = crisisInfo[locale].verified.match(/\d{1,2}\.? \p{L}+ \d{4}/u)?.[0];
    expect(date, crisisInfo[locale].verified).toBeTruthy();
    expect(page).toContain(date);
  });

  if (locale === "da") {
    it("a Danish text that names one region's out-of-hours number names every region's", () => {
      const regions = DANISH_REGION_NUMBERS.map((id) => CRISIS_NUMBERS[id].number);
      const partial = texts.filter(([, text]) => {
        const found = occurrences(text);
        const named = regions.filter((n) => found.has(n)).length;
        return named > 0 && named < regions.length;
      });
      expect(partial.map(([file]) => file)).toEqual([]);
    });
  }

  if (locale === "en") {
    it("an English text that names UK or US lines names Sweden's, Norway's and Denmark's first", () => {
      const late = texts.filter(([, text]) => {
        const found = occurrences(text);
        const extras = ["988", "999", "911"].map((n) => found.get(n)).filter((i) => i !== undefined);
        const samaritans = text.indexOf("Samaritans");
        if (samaritans >= 0) extras.push(samaritans);
        if (extras.length === 0) return false;
        const first = Math.min(...extras);
        const nordic = ["90101", "22 40 00 40", "70 201 201"].map((n) => found.get(n));
        return nordic.some((i) => i === undefined || i > first);
      });
      expect(late.map(([file]) => file)).toEqual([]);
    });
  }
});
