import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { axeViolations, THEME_RULES } from "./axe.ts";
import type { Locale } from "../../../common/i18n/locales.ts";
import { formReady } from "./browser.ts";
import { message } from "./fixtures.ts";

/** Axe on the page in the green theme, and its colour rules in the three other themes. */
export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const problems = [...(await axeViolations(page))];
  for (const theme of ["white", "black", "pink"]) {
    await page.evaluate(async (value) => {
      document.documentElement.dataset.theme = value;
      await Promise.all(document.getAnimations().map((a) => a.finished));
    }, theme);
    problems.push(...(await axeViolations(page, { only: THEME_RULES })).map((v) => `${theme}: ${v}`));
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = "green"));
  expect(problems.map((p) => `${where}: ${p}`)).toEqual([]);
}

/**
 * The way into a started course: "Begin" before the first module is done, "Continue where you
 * were" after (issue 20, point 9).
 */
export function wayIn(scope: Page | Locator, locale: Locale = "sv"): Locator {
  return scope
    .getByRole("link", { name: message(locale, "course.begin"), exact: true })
    .or(scope.getByRole("link", { name: message(locale, "course.continue"), exact: true }));
}

/** The open course-module overlay (a modal dialog labelled by the module's title). */
export function overlay(page: Page) {
  return page.locator("dialog.module-overlay[open]");
}

/**
 * The open worksheet once React has hydrated it. The server renders it, and its code loads after
 * the page's (React.lazy): a field filled or a button clicked before then is not seen by React (no
 * draft kept, no row opened). Its submit button is enabled only once hydrated (useHydrated).
 */
export async function worksheetReady(page: Page): Promise<Locator> {
  const sheet = overlay(page).locator("section.worksheet");
  await formReady(sheet);
  return sheet;
}

/**
 * Answers every question of the open evaluation with its first option and sends it; a course's
 * first questionnaire that offers a recent screening's answers uses those instead, answering
 * what the card asks afresh (PHQ-9 item 9).
 */
export async function answerEvaluation(page: Page, locale: Locale = "sv"): Promise<void> {
  const carried = page.getByRole("button", { name: message(locale, "course.carried.use") });
  if ((await carried.count()) > 0) {
    const asked = page.locator(".evaluation-carried fieldset");
    for (let i = 0; i < (await asked.count()); i++) await asked.nth(i).locator("input[type=radio]").first().check();
    await carried.click();
    await page.getByRole("heading", { name: message(locale, "course.resultHeading") }).waitFor();
    return;
  }
  const groups = page.locator("form.evaluation-form fieldset");
  const count = await groups.count();
  for (let i = 0; i < count; i++) await groups.nth(i).locator("input[type=radio]").first().check();
  await page.getByRole("button", { name: message(locale, "course.sendAnswers") }).click();
  await page.getByRole("heading", { name: message(locale, "course.resultHeading") }).waitFor();
}

/** Closes the overlay with its "back to the course" button and waits until it is gone. */
export async function closeOverlay(page: Page, locale: Locale = "sv"): Promise<void> {
  await overlay(page).getByRole("button", { name: message(locale, "course.backToCourse"), exact: true }).click();
  await page.waitForFunction(() => !document.querySelector("dialog.module-overlay"));
}

/**
 * Completes the module open in the overlay: answers a questionnaire and closes, or presses
 * "Mark as done" and waits until the overlay shows the next module or closes.
 */
export async function completeOpenModule(page: Page, locale: Locale = "sv"): Promise<void> {
  if ((await page.locator("form.evaluation-form, .evaluation-carried").count()) > 0) {
    await answerEvaluation(page, locale);
    await closeOverlay(page, locale);
    return;
  }
  const title = await page.locator("#module-title").textContent();
  await page.getByRole("button", { name: message(locale, "course.markDone") }).click();
  await page.waitForFunction(
    (before) => {
      const now = document.querySelector("#module-title");
      return !now || now.textContent !== before;
    },
    title,
  );
}

/**
 * One step through a started course: opens the active module with "Continue" when the overlay is
 * closed, then completes it. False when there is nothing to continue (a pause or the end).
 */
export async function advance(page: Page, locale: Locale = "sv"): Promise<boolean> {
  if ((await overlay(page).count()) === 0) {
    const proceed = wayIn(page, locale);
    if ((await proceed.count()) === 0) return false;
    await proceed.click();
    await overlay(page).locator("#module-title").waitFor();
  }
  await completeOpenModule(page, locale);
  return true;
}

/**
 * Console errors other than the 404s of audio and video files that are not produced yet (the media
 * files are generated separately): each "Failed to load resource … 404" must match a /media/ 404.
 */
export function errorsBesideMissingMedia(page: Page, errors: string[]): () => string[] {
  let missingMedia = 0;
  page.on("response", (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith("/media/")) missingMedia += 1;
  });
  return () => {
    const notFound = errors.filter((e) => /Failed to load resource.*404/.test(e));
    const others = errors.filter((e) => !/Failed to load resource.*404/.test(e));
    return notFound.length <= missingMedia ? others : errors;
  };
}
