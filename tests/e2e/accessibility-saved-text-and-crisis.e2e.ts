import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail } from "../../common/schemas/courses.ts";
import { THEMES, type Theme } from "../../app/lib/theme.ts";
import { violationsInAllThemes } from "./support/axe.ts";
import { baseUrl, formReady, sharedBrowser, waitForHydration } from "./support/browser.ts";
import { overlay, worksheetReady } from "./support/courses.ts";
import { message } from "./support/fixtures.ts";
import { UserApi, answers, extendedScreening } from "./support/user-api.ts";
import { headingOrderProblems } from "./support/headings.ts";

/**
 * The states added for unsaved text and for a crisis answer (PHQ-9 item 9 above 0), which the
 * matrix does not reach: the worksheet's notices (a draft given back, the row changed or deleted
 * elsewhere, a failed save, a failed delete), the contact message given back, the course
 * questionnaire's result, the screening's mood area, the dashboard's help before any completed
 * screening and the mood chart's marked points. Each is said (its text in a live region, or focus
 * moved to it), keeps focus where the person is, and passes axe — all rules in the theme the page
 * was rendered in, the colour rules in the three others — at 375 px and on a desktop, in Swedish
 * and English. The rendered theme rotates so that each theme gets every rule once.
 */

const browser = sharedBrowser();
const E2E_LONG_TEST = 300_000;

const CASES: [Locale, number, Theme][] = [
  ["sv", 375, "green"],
  ["sv", 1280, "white"],
  ["en", 375, "black"],
  ["en", 1280, "pink"],
];

const LIVE = "[aria-live=polite], [aria-live=assertive], [role=status], [role=alert], [role=log]";

/**
 * Problems with how `text` is said: it must be on the page, inside a live region or inside the
 * focused element.
 */
async function announcedProblems(page: Page, text: string, where: string): Promise<string[]> {
  const problems = await page.evaluate(
    ({ text, live }) => {
      const all = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => (el.textContent ?? "").includes(text));
      // The innermost element holding the whole text.
      const holder = all.find((el) => ![...el.children].some((child) => (child.textContent ?? "").includes(text)));
      if (!holder) return ["not on the page"];
      const focused = document.activeElement;
      if (holder.closest(live)) return [];
      if (focused && focused !== document.body && focused.contains(holder)) return [];
      return ["neither in a live region nor focused"];
    },
    { text, live: LIVE },
  );
  return problems.map((p) => `${where}: "${text.slice(0, 40)}…" ${p}`);
}

/** Focus stayed in the open module overlay (not dropped to the page's body). */
async function focusProblems(page: Page, where: string): Promise<string[]> {
  const info = await page.evaluate(() => {
    const el = document.activeElement;
    return { inOverlay: Boolean(el?.closest("dialog.module-overlay[open]")), what: el ? `${el.tagName.toLowerCase()} ${(el.textContent ?? "").trim().slice(0, 30)}` : "none" };
  });
  return info.inOverlay ? [] : [`${where}: focus left the overlay (${info.what})`];
}

async function check(page: Page, theme: Theme, where: string): Promise<string[]> {
  return [
    ...(await violationsInAllThemes(page, theme, THEMES)).map((v) => `${where}: ${v}`),
    ...(await headingOrderProblems(page)).map((h) => `${where}: heading order: ${h}`),
  ];
}

async function open(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await waitForHydration(page);
}

describe("unsaved text and crisis answers: said, focus kept, axe clean in all four themes", () => {
  it.each(CASES)("%s at %i px (rendered %s): the worksheet's notices", async (locale, width, theme) => {
    const m = (key: string) => message(locale, key);
    const api = await UserApi.create(locale);
    await extendedScreening(api, 1);
    const stress = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "stress" });
    const worksheet = stress.course_parts[0]?.content_modules.find((module) => module.type === "worksheet");
    if (!worksheet) throw new Error("stress part 1 has no worksheet");
    const rowsOf = async () => (await api.call<{ rows: { id: string }[] }>("GET", `/worksheets/${worksheet.id}/rows/`)).rows;
    const values = { date: "2026-11-24", situation: "Kort", level: 5 };
    await api.call("POST", `/worksheets/${worksheet.id}/rows/`, { values });
    const context = await api.context(browser(), { width, locale, theme });
    const page = await context.newPage();
    const address = `${baseUrl()}${pathTo("course", locale, { course: stress.slug })}?modul=${worksheet.key}`;
    const sheet = overlay(page).locator("section.worksheet");
    const problems: string[] = [];
    await open(page, address);
    await worksheetReady(page);

    // A new entry half written, then the page reloaded: given back, and said.
    await page.locator("#ws-situation").fill("Halvskrivet");
    await open(page, address);
    await sheet.getByText(m("worksheet.draftRestored")).waitFor();
    problems.push(...(await announcedProblems(page, m("worksheet.draftRestored"), "draft restored")));
    problems.push(...(await check(page, theme, "draft restored")));

    // The row changed elsewhere while it is changed here (409): said, focus stays in the overlay.
    const [row] = await rowsOf();
    await sheet.locator(".worksheet-row").getByRole("button", { name: m("worksheet.edit") }).click();
    await api.call("PATCH", `/worksheets/rows/${row!.id}/`, { values: { ...values, situation: "Ändrad någon annanstans" } });
    await page.locator("#ws-situation").fill("Ändrad här");
    await sheet.getByRole("button", { name: m("worksheet.saveChanges") }).click();
    await sheet.getByText(m("errors.codes.worksheet.row_changed")).waitFor();
    problems.push(...(await announcedProblems(page, m("errors.codes.worksheet.row_changed"), "row changed")));
    problems.push(...(await focusProblems(page, "row changed")));
    problems.push(...(await check(page, theme, "row changed")));

    // The row deleted elsewhere meanwhile: said.
    await api.call("DELETE", `/worksheets/rows/${row!.id}/`);
    await sheet.getByRole("button", { name: m("worksheet.saveChanges") }).click();
    await sheet.getByText(m("worksheet.rowGone")).waitFor();
    problems.push(...(await announcedProblems(page, m("worksheet.rowGone"), "row gone")));
    problems.push(...(await focusProblems(page, "row gone")));
    problems.push(...(await check(page, theme, "row gone")));

    // Saving offline: said, with the text still there.
    const rowsPath = `**/api/v1/worksheets/${worksheet.id}/rows/`;
    await page.route(rowsPath, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
    await sheet.getByRole("button", { name: m("worksheet.save") }).click();
    const offline = `${m("errors.codes.network")} ${m("worksheet.stillHere")}`;
    await sheet.getByText(offline).waitFor();
    problems.push(...(await announcedProblems(page, offline, "save failed")));
    problems.push(...(await focusProblems(page, "save failed")));
    problems.push(...(await check(page, theme, "save failed")));
    await page.unroute(rowsPath);
    await sheet.getByRole("button", { name: m("worksheet.save") }).click();
    await sheet.locator(".worksheet-row").first().waitFor();

    // Deleting offline: the dialog closes, the row stays, the worksheet says why; focus in the overlay.
    await page.route("**/api/v1/worksheets/rows/**", (route) => (route.request().method() === "DELETE" ? route.abort("internetdisconnected") : route.continue()));
    await sheet.locator(".worksheet-row").first().getByRole("button", { name: m("worksheet.delete") }).click();
    await page.getByRole("dialog", { name: m("worksheet.deleteTitle") }).getByRole("button", { name: m("worksheet.delete") }).click();
    await sheet.getByText(m("errors.codes.network"), { exact: true }).waitFor();
    await page.getByRole("dialog", { name: m("worksheet.deleteTitle") }).waitFor({ state: "hidden" });
    problems.push(...(await announcedProblems(page, m("errors.codes.network"), "delete failed")));
    problems.push(...(await focusProblems(page, "delete failed")));
    problems.push(...(await check(page, theme, "delete failed")));
    expect(problems).toEqual([]);
    await context.close();
  }, E2E_LONG_TEST);

  it.each(CASES)("%s at %i px (rendered %s): the contact message given back", async (locale, width, theme) => {
    const m = (key: string) => message(locale, key);
    const api = await UserApi.create(locale);
    const context = await api.context(browser(), { width, locale, theme });
    const page = await context.newPage();
    const main = page.getByRole("main");
    await open(page, `${baseUrl()}${pathTo("contact", locale)}`);
    await formReady(main);
    await main.getByRole("textbox", { name: new RegExp(`^${m("contact.message")}`) }).fill("Ett meddelande jag inte hann skicka");
    await open(page, `${baseUrl()}${pathTo("contact", locale)}`);
    await expect.poll(() => main.getByRole("textbox", { name: new RegExp(`^${m("contact.message")}`) }).inputValue()).toBe("Ett meddelande jag inte hann skicka");
    const problems = await announcedProblems(page, m("contact.draftRestored"), "contact draft restored");
    problems.push(...(await check(page, theme, "contact draft restored")));
    expect(problems).toEqual([]);
    await context.close();
  }, E2E_LONG_TEST);

  it.each(CASES)("%s at %i px (rendered %s): item 9 above 0 — dashboard help before a completed screening, the mood area, the course questionnaire's result", async (locale, width, theme) => {
    const m = (key: string) => message(locale, key);
    const api = await UserApi.create(locale);
    // Only the mood group answered so far, item 9 "several days": the screening is not complete.
    await api.call("POST", "/screening-extended/", { groups: { phq9: { answers: { ...answers("phq9", 9, 1), phq9_9: 1 } } } });
    const context = await api.context(browser(), { width, locale, theme });
    const page = await context.newPage();
    const main = page.getByRole("main");
    const problems: string[] = [];
    await open(page, `${baseUrl()}${pathTo("dashboard", locale)}`);
    await main.getByRole("link", { name: m("crisis.now.action") }).first().waitFor();
    problems.push(...(await check(page, theme, "dashboard help, screening not completed")));

    // The screening completed: the mood area says what item 9 means instead of its band.
    await api.call("POST", "/screening-extended/", {
      groups: { gad7: { answers: answers("gad7", 7, 1) }, pss10: { answers: answers("pss10", 10, 1) }, miss: { answers: answers("miss", 3, 1) } },
    });
    await open(page, `${baseUrl()}${pathTo("extendedScreening", locale)}`);
    await main.getByText(m("screening.selfHarmMeaning")).waitFor();
    problems.push(...(await check(page, theme, "extended screening results after item 9")));

    // The depression course's first questionnaire, item 9 answered 1 again: the result is said.
    const started = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "depression" });
    await open(page, `${baseUrl()}${pathTo("course", locale, { course: started.slug })}?modul=p1-phq9`);
    const card = overlay(page).locator(".evaluation-carried, form.evaluation-form");
    await card.first().waitFor();
    for (const group of await card.locator("fieldset").all()) {
      await group.getByRole("radio").nth((await group.getAttribute("id")) === "q-phq9_9" ? 1 : 0).check();
    }
    // The module view loads lazily and hydrates after the page: a click before then is dropped.
    // Item 9 above 0 shows the crisis panel once React has the answer.
    await overlay(page).locator("#crisis-now").waitFor();
    const send = overlay(page).getByRole("button", { name: m("course.carried.use") }).or(overlay(page).getByRole("button", { name: m("course.sendAnswers") }));
    await send.click();
    await overlay(page).getByText(m("screening.selfHarmMeaning")).waitFor();
    problems.push(...(await announcedProblems(page, m("course.resultHeading"), "questionnaire result")));
    problems.push(...(await focusProblems(page, "questionnaire result")));
    expect(await overlay(page).getByRole("button", { name: m("course.next") }).getAttribute("class")).toContain("button--secondary");
    problems.push(...(await check(page, theme, "questionnaire result after item 9")));

    // The results over time: the mood chart rings both points and links to help; its table says
    // what was told instead of the band's name.
    await open(page, `${baseUrl()}${pathTo("dashboard", locale)}`);
    const mood = main.getByRole("figure", { name: /PHQ-9/ });
    await mood.getByText(m("screening.chart.crisisNote")).waitFor();
    expect(await mood.locator(".history-chart__crisis").count()).toBe(2);
    await mood.getByText(m("screening.chart.showTable")).click();
    await mood.getByRole("table").waitFor();
    expect(await mood.getByRole("cell", { name: m("screening.chart.selfHarm"), exact: true }).count()).toBe(2);
    problems.push(...(await check(page, theme, "history after item 9")));
    expect(problems).toEqual([]);
    await context.close();
  }, E2E_LONG_TEST);
});
