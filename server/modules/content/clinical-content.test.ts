import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { courseQuestionnaire, questionnaireKind } from "../../../common/instruments/course-questionnaire.ts";
import { instruments } from "../../../common/instruments/registry.ts";
import { PHQ9_SAFETY_ITEM } from "../../../common/instruments/scoring.ts";
import { loadContent } from "./load-content.ts";

/** Content checks of issue 23's smaller points, in every language. */
const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];

function messages(locale: Locale): string {
  return readFileSync(path.resolve("common/i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`), "utf8");
}

function instrumentTexts(locale: Locale): string {
  return JSON.stringify(instruments, (key, value: unknown) => {
    if (value && typeof value === "object" && !Array.isArray(value) && locale in value && "sv" in value && "en" in value) {
      return (value as Record<Locale, unknown>)[locale];
    }
    return value;
  });
}

function contentTexts(locale: Locale): string {
  const texts: string[] = [];
  for (const course of readdirSync(path.resolve("content/courses"))) {
    const dir = path.resolve("content/courses", course, locale);
    for (const file of readdirSync(dir)) texts.push(readFileSync(path.join(dir, file), "utf8"));
  }
  for (const page of readdirSync(path.resolve("content/pages"))) texts.push(readFileSync(path.resolve("content/pages", page, `${locale}.md`), "utf8"));
  return texts.join("\n");
}

/** The one name of the extended screening in each language, and names it must not also go by. */
const EXTENDED_NAME: Record<Locale, { name: RegExp; not: RegExp }> = {
  sv: { name: /fördjupad(e)? screening/i, not: /(utökad|utvidgad|grundlig)(e)? screening|djupscreening/i },
  en: { name: /extended screening/i, not: /(in-depth|detailed|full|longer) screening/i },
  no: { name: /dybdescreening/i, not: /(utvidet|utvidede|fordypet|fordypede|grundig|grundige) (screening|kartlegging)/i },
  da: { name: /dybdegående screening/i, not: /(udvidet|udvidede|uddybende|grundig|grundige) screening|dybdescreening/i },
};

describe.each(LOCALES)("%s", (locale) => {
  it("uses one name for the extended screening: messages, questionnaire texts and content", () => {
    const all = [messages(locale), instrumentTexts(locale), contentTexts(locale)].join("\n");
    expect(all).toMatch(EXTENDED_NAME[locale].name);
    expect(all.match(EXTENDED_NAME[locale].not)).toBeNull();
    // The screen's own title is that name.
    const screens = JSON.parse(messages(locale)) as { screens: { extendedScreening: { heading: string } } };
    expect(screens.screens.extendedScreening.heading).toMatch(EXTENDED_NAME[locale].name);
  });

  it("the anxiety programme asks for new bodily symptoms to be checked by a doctor before calling them harmless", () => {
    const text = readFileSync(path.resolve("content/courses/anxiety", locale, "p1-what-is-anxiety.md"), "utf8");
    const doctor = { sv: "låt en läkare undersöka dig först", en: "have a doctor check them first", no: "bør en lege undersøke deg først", da: "lad en læge undersøge dig først" }[locale];
    const notDangerous = { sv: "inte farligt i sig", en: "not dangerous in itself", no: "ikke farlig i seg selv", da: "ikke farlig i sig selv" }[locale];
    expect(text).toContain(doctor);
    expect(text.indexOf(doctor)).toBeLessThan(text.indexOf(notDangerous));
  });
});

describe("PSS-10 item 8 in Norwegian", () => {
  it("asks about having things under control (\"on top of things\"), not about feeling cheerful", () => {
    const item = instruments.pss10.items.find((i) => i.id === "pss10_8");
    expect(item?.text.no).not.toMatch(/ovenpå/);
    expect(item?.text.no).toMatch(/kontroll/);
    expect(item?.text.sv).toMatch(/kontroll/);
    expect(item?.text.da).toMatch(/styr på/);
  });
});

describe("the method's name (clinical.md: a consistent glossary per language)", () => {
  const glossary = readFileSync(path.resolve("content/glossary.md"), "utf8");
  const row = glossary.split("\n").find((line) => line.startsWith("| the method |")) ?? "";
  const [, , ...columns] = row.split("|").map((cell) => cell.trim());
  const abbreviation = Object.fromEntries(LOCALES.map((locale, i) => [locale, /\(([A-Z]+)\)/.exec(columns[i] ?? "")?.[1]])) as Record<Locale, string>;
  const featured = readFileSync(path.resolve("content/featured.yaml"), "utf8").split("\n");

  it.each(LOCALES)("%s: every text shortens it as the glossary does (the service's name aside)", (locale) => {
    expect(abbreviation[locale]).toMatch(/^[A-Z]{3}$/);
    const ownLines = featured.filter((line) => [`${locale}:`, `"${locale}":`].some((key) => line.trimStart().startsWith(key)));
    expect(ownLines.length).toBeGreaterThan(0);
    const texts = [contentTexts(locale), messages(locale), ...ownLines].join("\n");
    const used = new Set(texts.replace(/\b[A-Z]{3} (Självhjälp|Self-help|Selvhjelp|Selvhjælp)\b/g, "").match(/\b(KBT|KAT|CBT)\b/g));
    expect([...used]).toEqual([abbreviation[locale]]);
  });
});

/** PHQ-9 item 9 in each language's words, and how a text would call it "the last question". */
const ITEM9: Record<Locale, { theme: string; last: RegExp }> = {
  sv: { theme: "bättre om du var död", last: /sista frågan/i },
  en: { theme: "better off dead", last: /last question/i },
  no: { theme: "bedre om du var død", last: /siste spørsmålet/i },
  da: { theme: "bedre, hvis du var død", last: /sidste spørgsmål/i },
};

describe("what the course questionnaires say about PHQ-9 item 9 (every programme asks it)", () => {
  const courses = loadContent(path.resolve("content")).courses;

  it.each(courses.map((course) => [course.def.key, course] as const))("%s: the first questionnaire tells the person it comes, in every language", (_key, course) => {
    const first = course.def.parts[0]?.modules.find((module) => module.type === "evaluation");
    expect(first, "an evaluation in part 1").toBeTruthy();
    for (const locale of LOCALES) expect(course.texts[locale].modules[first?.key ?? ""]?.body, locale).toContain(ITEM9[locale].theme);
  });

  it.each(courses.map((course) => [course.def.key, course] as const))("%s: no questionnaire's text calls item 9 the last question when another comes after it", (_key, course) => {
    const wrong: string[] = [];
    for (const module of course.def.parts.flatMap((part) => part.modules)) {
      if (module.type !== "evaluation" && module.type !== "post_part_screening") continue;
      const questions = courseQuestionnaire(module.instrument, questionnaireKind(module.type)).questions;
      if (questions.at(-1)?.id === PHQ9_SAFETY_ITEM) continue;
      for (const locale of LOCALES) {
        const body = course.texts[locale].modules[module.key]?.body ?? "";
        if (body.includes(ITEM9[locale].theme) && ITEM9[locale].last.test(body)) wrong.push(`${module.key} (${locale})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
