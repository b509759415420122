import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail } from "../../common/schemas/courses.ts";
import type { EvaluationHistory, ExtendedScreening } from "../../common/schemas/screening.ts";
import { baseUrl, collectErrors, formReady, sharedBrowser, waitForHydration } from "./support/browser.ts";
import { errorsBesideMissingMedia, expectNoViolations, overlay, worksheetReady } from "./support/courses.ts";
import { createSession, message, sessionCookie } from "./support/fixtures.ts";
import { UserApi, extendedScreening } from "./support/user-api.ts";

/**
 * What a person typed and had not saved survives the page going away. A worksheet: the module
 * closed with Escape, and — spec §8 — a session that ended while they wrote, so that saving is
 * refused (401), the forced logout loads the home page (after its Clear-Site-Data) and they log
 * in again; the text comes back when the worksheet opens again, and is saved once. A message on
 * the contact page: a reload.
 */

const browser = sharedBrowser();
const m = (key: string) => message("sv", key);

const SITUATION =
  "Chefen bad mig ta över projektet i morse, mitt i allt annat. Jag kände hur det drog ihop sig i bröstet och tänkte att jag aldrig kommer att hinna.";

async function typeEntry(page: Page): Promise<void> {
  await page.locator("#ws-date").fill("2026-11-24");
  await page.locator("#ws-situation").fill(SITUATION);
  await page.locator("#ws-level").fill("7");
}

async function expectEntry(page: Page): Promise<void> {
  await overlay(page).getByText(m("worksheet.draftRestored")).waitFor();
  expect(await page.locator("#ws-situation").inputValue()).toBe(SITUATION);
  expect(await page.locator("#ws-date").inputValue()).toBe("2026-11-24");
  expect(await page.locator("#ws-level").inputValue()).toBe("7");
}

/**
 * The session ends elsewhere (a logout on another device, or it timed out) while the person is
 * at it; then `send` is refused (401) and — §8 — they are logged out to the home page. A screening
 * (open to visitors too) refuses it as a visitor without a token (400 onboarding.token_invalid):
 * §8's "/?token=expired", which says the session has ended.
 */
async function sessionEndsBefore(api: UserApi, page: Page, send: () => Promise<void>, landing = ""): Promise<void> {
  await api.call("POST", "/logout");
  await send();
  await page.waitForURL(`${baseUrl()}${pathTo("home", "sv")}${landing}`);
  await waitForHydration(page);
}

/** Logged in again in the same tab (a new session of the same account), back at `address`. */
async function logInAgain(page: Page, userId: string, address: string): Promise<void> {
  const { sessionid } = await createSession({ userId });
  await page.context().addCookies([sessionCookie(sessionid)]);
  await page.goto(address);
  await waitForHydration(page);
}

/**
 * The stress course started for a screened user: its first part, which ends with the stress diary
 * (the worksheet these tests write in), is open.
 */
async function stressDiary(api: UserApi) {
  await extendedScreening(api, 1);
  const stress = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "stress" });
  const worksheet = stress.course_parts[0]?.content_modules.find((module) => module.type === "worksheet");
  if (!worksheet) throw new Error("stress part 1 has no worksheet");
  return { stress, worksheet };
}

/** A GET of the API with the page's session (the test's own client was logged out). */
const readInPage = <T>(page: Page, path: string) => page.evaluate(async (url) => (await fetch(url)).json() as Promise<T>, `/api/v1${path}`);

/** A new user's page of a screening (`route`), its form ready to answer. */
async function screeningAsUser(route: "screening" | "extendedScreening", width: number) {
  const api = await UserApi.create("sv");
  const userId = (await api.call<{ user_data: { id: string } }>("GET", "/me/")).user_data.id;
  const address = `${baseUrl()}${pathTo(route, "sv")}`;
  const context = await api.context(browser(), { width, locale: "sv" });
  const page = await context.newPage();
  const errors = collectErrors(page);
  const main = page.getByRole("main");
  await page.goto(address);
  await waitForHydration(page);
  await formReady(main);
  return { api, userId, address, context, page, errors, main };
}

const keptDrafts = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("draft:")));

describe("unsaved text", () => {
  it("comes back after Escape closed the module, and after the session ended while it was typed: saved once after logging in again; put aside while a saved row is changed", async () => {
    const api = await UserApi.create("sv");
    const me = await api.call<{ user_data: { id: string } }>("GET", "/me/");
    const { stress, worksheet } = await stressDiary(api);
    const address = `${baseUrl()}${pathTo("course", "sv", { course: stress.slug })}?modul=${worksheet.key}`;
    const context = await api.context(browser(), { width: 390, locale: "sv" });
    const page = await context.newPage();
    // The refused save (401) is the point of this test; the browser logs it as a failed resource.
    const errors = errorsBesideMissingMedia(page, collectErrors(page));
    await page.goto(address);
    await waitForHydration(page);
    await worksheetReady(page);

    // Closed with Escape before saving: opened again, the text is there.
    await typeEntry(page);
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector("dialog.module-overlay[open]"));
    await page.locator(`[data-opener="${worksheet.key}"]`).click();
    await expectEntry(page);

    await page.locator("#ws-situation").press("End");
    await sessionEndsBefore(api, page, () => page.getByRole("button", { name: m("worksheet.save") }).click());
    // Logged in again (a new session of the same account) in the same tab: the worksheet again.
    await logInAgain(page, me.user_data.id, address);
    await expectEntry(page);
    await page.getByRole("button", { name: m("worksheet.save") }).click();
    await overlay(page).getByText(m("worksheet.saved")).waitFor();
    const rows = overlay(page).locator(".worksheet-row");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(SITUATION);
    // Saved: the draft is gone from the tab, and the form is empty after a reload.
    expect(await keptDrafts(page)).toEqual([]);
    await page.reload();
    await waitForHydration(page);
    await worksheetReady(page);
    expect(await page.locator("#ws-situation").inputValue()).toBe("");
    // A new entry half written, then a saved row opened to change it: the entry is put aside, and
    // comes back when the change is cancelled.
    await page.locator("#ws-situation").fill("Halvskrivet om kvällen");
    await rows.first().getByRole("button", { name: m("worksheet.edit") }).click();
    expect(await page.locator("#ws-situation").inputValue()).toBe(SITUATION);
    await overlay(page).getByRole("button", { name: m("worksheet.cancelEdit") }).click();
    expect(await page.locator("#ws-situation").inputValue()).toBe("Halvskrivet om kvällen");
    expect(errors().filter((error) => !/status of 401/.test(error))).toEqual([]);
    await context.close();
  }, 120_000);

  it("a change being made to one row is kept when Edit is pressed on another: the person is asked to save or cancel it first", async () => {
    const api = await UserApi.create("sv");
    const { stress, worksheet } = await stressDiary(api);
    for (const situation of ["Första raden", "Andra raden"]) {
      await api.call("POST", `/worksheets/${worksheet.id}/rows/`, { values: { date: "2026-11-24", situation, level: 5 } });
    }
    const context = await api.context(browser(), { width: 390, locale: "sv" });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}${pathTo("course", "sv", { course: stress.slug })}?modul=${worksheet.key}`);
    await waitForHydration(page);
    const sheet = await worksheetReady(page);
    const rows = sheet.locator(".worksheet-row");
    const situation = page.locator("#ws-situation");
    await rows.nth(0).getByRole("button", { name: m("worksheet.edit") }).click();
    const first = await situation.inputValue();
    expect(["Första raden", "Andra raden"]).toContain(first);
    await situation.fill(`${first}, ändrad`);
    await rows.nth(1).getByRole("button", { name: m("worksheet.edit") }).click();
    await sheet.getByText(m("worksheet.finishChangeFirst")).waitFor();
    expect(await situation.inputValue()).toBe(`${first}, ändrad`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("ws-date");
    // Cancelled: the other row can be changed now.
    await sheet.getByRole("button", { name: m("worksheet.cancelEdit") }).click();
    await rows.nth(1).getByRole("button", { name: m("worksheet.edit") }).click();
    await expect.poll(() => situation.inputValue()).not.toBe(first);
    expect(["Första raden", "Andra raden"]).toContain(await situation.inputValue());
    await context.close();
  });

  it("the same row changed in two tabs: the older copy does not overwrite the newer text; told and shown it, the person may replace it; a failed delete is said; a row whose answer was lost is stored once", async () => {
    const api = await UserApi.create("sv");
    const { stress, worksheet } = await stressDiary(api);
    const rowsOf = async () =>
      (await api.call<{ rows: { values: Record<string, unknown> }[] }>("GET", `/worksheets/${worksheet.id}/rows/`)).rows.map((row) => row.values.situation);
    await api.call("POST", `/worksheets/${worksheet.id}/rows/`, { values: { date: "2026-11-24", situation: "Kort", level: 5 } });
    const context = await api.context(browser(), { width: 390, locale: "sv" });
    const address = `${baseUrl()}${pathTo("course", "sv", { course: stress.slug })}?modul=${worksheet.key}`;
    const [a, b] = [await context.newPage(), await context.newPage()];
    const errors = [errorsBesideMissingMedia(a, collectErrors(a)), errorsBesideMissingMedia(b, collectErrors(b))];
    for (const page of [a, b]) {
      await page.goto(address);
      await waitForHydration(page);
      await worksheetReady(page);
      await overlay(page).locator(".worksheet-row").getByRole("button", { name: m("worksheet.edit") }).click();
    }
    await b.locator("#ws-situation").fill(SITUATION);
    await b.getByRole("button", { name: m("worksheet.saveChanges") }).click();
    await overlay(b).getByText(m("worksheet.saved")).waitFor();
    await a.locator("#ws-situation").fill("Kort men ändrad");
    await a.getByRole("button", { name: m("worksheet.saveChanges") }).click();
    await overlay(a).getByText(m("errors.codes.worksheet.row_changed")).waitFor();
    expect(await rowsOf()).toEqual([SITUATION]);
    // Tab A keeps what it wrote and shows the row as it is saved now.
    expect(await a.locator("#ws-situation").inputValue()).toBe("Kort men ändrad");
    await a.waitForFunction((text) => document.querySelector(".worksheet-row")?.textContent?.includes(text), SITUATION);
    // Saving again, knowingly, replaces it.
    await a.getByRole("button", { name: m("worksheet.saveChanges") }).click();
    await overlay(a).getByText(m("worksheet.saved")).waitFor();
    expect(await rowsOf()).toEqual(["Kort men ändrad"]);
    // Deleting while offline: the row stays, and the worksheet says why.
    await a.route("**/api/v1/worksheets/rows/**", (route) => (route.request().method() === "DELETE" ? route.abort("internetdisconnected") : route.continue()));
    await overlay(a).locator(".worksheet-row").getByRole("button", { name: m("worksheet.delete") }).click();
    await a.getByRole("dialog", { name: m("worksheet.deleteTitle") }).getByRole("button", { name: m("worksheet.delete") }).click();
    await overlay(a).getByText(m("errors.codes.network")).waitFor();
    expect(await rowsOf()).toEqual(["Kort men ändrad"]);
    await a.unroute("**/api/v1/worksheets/rows/**");
    // A new row stored, but its answer lost on the way back: said, the text kept, and saving
    // again stores it once.
    await a.locator("#ws-date").fill("2026-11-25");
    await a.locator("#ws-situation").fill("Ett nytt möte");
    await a.locator("#ws-level").fill("4");
    const rowsPath = `**/api/v1/worksheets/${worksheet.id}/rows/`;
    await a.route(rowsPath, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await a.getByRole("button", { name: m("worksheet.save") }).click();
    await overlay(a).getByText(`${m("errors.codes.network")} ${m("worksheet.stillHere")}`).waitFor();
    expect(await a.locator("#ws-situation").inputValue()).toBe("Ett nytt möte");
    expect(await rowsOf()).toHaveLength(2);
    await a.unroute(rowsPath);
    await a.getByRole("button", { name: m("worksheet.save") }).click();
    await overlay(a).getByText(m("worksheet.saved")).waitFor();
    expect(await rowsOf()).toEqual(["Ett nytt möte", "Kort men ändrad"]);
    // The refused save (409) is the point here; the browser logs it as a failed resource.
    expect(errors.flatMap((list) => list()).filter((error) => !/status of 409|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET/.test(error))).toEqual([]);
    await context.close();
  });

  it("an unsent contact message comes back after a reload, until it is sent; a subject too long is kept and refused on its field", async () => {
    const api = await UserApi.create("sv");
    const context = await api.context(browser(), { width: 390, locale: "sv" });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const main = page.getByRole("main");
    const subject = () => main.getByRole("textbox", { name: new RegExp(`^${m("contact.subject")}`) });
    const text = () => main.getByRole("textbox", { name: new RegExp(`^${m("contact.message")}`) });
    await page.goto(`${baseUrl()}${pathTo("contact", "sv")}`);
    await waitForHydration(page);
    // A subject over the limit is not cut short without a word: it stays whole, and is refused on its field.
    const long = `Om tankedagboken: ${"och sedan ".repeat(12)}`;
    await subject().fill(long);
    await text().fill(SITUATION);
    await main.getByRole("button", { name: m("contact.submit") }).click();
    await expect.poll(() => subject().getAttribute("aria-invalid")).toBe("true");
    expect(await subject().inputValue()).toBe(long);
    await main.getByRole("link", { name: `${m("contact.subject")}: ${m("form.errors.too_long")}` }).waitFor();
    await subject().fill("Om tankedagboken");
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => text().inputValue()).toBe(SITUATION);
    expect(await subject().inputValue()).toBe("Om tankedagboken");
    await main.getByRole("button", { name: m("contact.submit") }).click();
    await main.getByText(m("contact.sentTitle")).waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await text().inputValue()).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a course questionnaire's answers, chosen and not sent when the session ended, come back after logging in again and are sent once", async () => {
    const api = await UserApi.create("sv");
    const me = await api.call<{ user_data: { id: string } }>("GET", "/me/");
    // A light screening (no extended one): the questionnaire asks every question itself.
    const light = await api.call<{ questions: { id: string }[] }>("GET", "/screening/");
    await api.call("POST", "/screening/", { answers: Object.fromEntries(light.questions.map((q) => [q.id, q.id === "phq9_9" ? 0 : 1])) });
    const started = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "depression" });
    const address = `${baseUrl()}${pathTo("course", "sv", { course: started.slug })}?modul=p1-phq9`;
    const context = await api.context(browser(), { width: 390, locale: "sv" });
    const page = await context.newPage();
    const errors = errorsBesideMissingMedia(page, collectErrors(page));
    await page.goto(address);
    await waitForHydration(page);
    await formReady(overlay(page));
    const choose = async () => {
      for (let item = 1; item <= 8; item++) await page.locator(`#q-phq9_${item} input[value="2"]`).check();
      await page.locator('#q-phq9_9 input[value="0"]').check();
    };
    await choose();
    await sessionEndsBefore(api, page, () => overlay(page).getByRole("button", { name: m("course.sendAnswers") }).click());
    await logInAgain(page, me.user_data.id, address);
    await overlay(page).getByText(m("screening.answersRestored")).waitFor();
    for (let item = 1; item <= 8; item++) expect(await page.locator(`#q-phq9_${item} input[value="2"]`).isChecked()).toBe(true);
    expect(await page.locator('#q-phq9_9 input[value="0"]').isChecked()).toBe(true);
    await expectNoViolations(page, "course questionnaire, answers given back");
    await formReady(overlay(page));
    await overlay(page).getByRole("button", { name: m("course.sendAnswers") }).click();
    await overlay(page).getByText(m("course.resultScore").replace("{{score}}", "16").replace("{{max}}", "27")).waitFor();
    expect(await keptDrafts(page)).toEqual([]);
    // Stored once: the mood series holds the light screening's point and this one.
    const history = await readInPage<EvaluationHistory>(page, "/me/evaluation-history/");
    expect(history.series.find((series) => series.instrument === "phq9")?.points.filter((point) => point.source === "course").map((point) => point.score)).toEqual([16]);
    expect(errors().filter((error) => !/status of 401/.test(error))).toEqual([]);
    await context.close();
  }, 120_000);

  it("the light screening's answers, chosen and not sent when a logged-in person's session ended, come back after logging in again", async () => {
    const { api, userId, address, context, page, errors, main } = await screeningAsUser("screening", 1280);
    const groups = await main.getByRole("group").all();
    for (const group of groups) await group.getByRole("radio").nth((await group.getAttribute("id")) === "q-phq9_9" ? 0 : 2).check();
    await sessionEndsBefore(api, page, () => main.getByRole("button", { name: m("screening.light.send") }).click(), "?token=expired");
    await logInAgain(page, userId, address);
    await main.getByText(m("screening.answersRestored")).waitFor();
    for (const group of await main.getByRole("group").all()) {
      expect(await group.getByRole("radio").nth((await group.getAttribute("id")) === "q-phq9_9" ? 0 : 2).isChecked()).toBe(true);
    }
    await expectNoViolations(page, "light screening, answers given back");
    await formReady(main);
    await main.getByRole("button", { name: m("screening.light.send") }).click();
    await main.getByRole("heading", { name: m("screening.light.resultsHeading") }).waitFor();
    expect(await keptDrafts(page)).toEqual([]);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  }, 120_000);

  it("an extended screening group's answers, chosen and not saved when the session ended, come back after logging in again", async () => {
    const { api, userId, address, context, page, errors, main } = await screeningAsUser("extendedScreening", 390);
    for (let item = 1; item <= 9; item++) await page.locator(`#q-phq9_${item} input[value="${item === 9 ? 0 : 3}"]`).check();
    await sessionEndsBefore(api, page, () => main.getByRole("button", { name: m("screening.extended.save") }).click(), "?token=expired");
    await main.getByText(m("home.expiredToken")).waitFor();
    await logInAgain(page, userId, address);
    await main.getByText(m("screening.answersRestored")).waitFor();
    for (let item = 1; item <= 8; item++) expect(await page.locator(`#q-phq9_${item} input[value="3"]`).isChecked()).toBe(true);
    await formReady(main);
    await main.getByRole("button", { name: m("screening.extended.save") }).click();
    // Saved: the next group, with no notice, and nothing kept.
    await page.locator("#q-gad7_1").waitFor();
    expect(await main.getByText(m("screening.answersRestored")).count()).toBe(0);
    expect(await keptDrafts(page)).toEqual([]);
    const saved = await readInPage<ExtendedScreening>(page, "/screening-extended/");
    expect(saved.groups.filter((group) => group.completed).map((group) => group.id)).toEqual(["phq9"]);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  }, 120_000);
});
