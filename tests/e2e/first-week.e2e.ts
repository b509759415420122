import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import { LOCALES, LOCALE_SETTINGS, type Locale } from "../../common/i18n/locales.ts";
import { lightScreening } from "../../common/instruments/registry.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseCard, CourseDetail } from "../../common/schemas/courses.ts";
import { crisisInfo } from "../../common/safety/crisis-lines.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { errorsBesideMissingMedia, expectNoViolations, overlay } from "./support/courses.ts";
import { csrf, message } from "./support/fixtures.ts";
import { UserApi, extendedScreening } from "./support/user-api.ts";

/**
 * The first week of a real user (issue 20): no lost progress, no dead ends, no question asked
 * twice. Text is checked in all four languages through page loads; the longer steps run once.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = 390;

/** Opens a path and waits until React has hydrated it. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

/** A visitor's onboarding token with a light screening done through the API, as the screens would. */
async function visitorWithLightScreening(answers: Record<string, number>): Promise<string> {
  const { cookie, token: csrfToken } = await csrf();
  const headers = { cookie, "x-csrftoken": csrfToken, "content-type": "application/json" };
  const created = await fetch(`${baseUrl()}/api/v1/onboarding/`, { method: "POST", headers, body: JSON.stringify({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale: "sv" }) });
  const { token } = (await created.json()) as { token: string };
  const sent = await fetch(`${baseUrl()}/api/v1/screening/`, { method: "POST", headers: { ...headers, token }, body: JSON.stringify({ answers }) });
  expect(sent.status).toBe(200);
  return token;
}

describe("a visitor after the recommendations (point 2)", () => {
  it("a course from the public list is a public page with 'create an account to start' in four languages; the home page says 'not an emergency service' once", async () => {
    for (const locale of LOCALES) {
      const m = (key: string) => message(locale, key);
      // The home page follows the browser's language (§4).
      const context = await browser.newContext({ viewport: { width: PHONE, height: 800 }, locale: LOCALE_SETTINGS[locale].htmlLang });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // "Self-help, not an emergency service": once, in the footer (the page repeated it above).
      await open(page, pathTo("home", locale));
      expect(await page.getByRole("main").innerText(), locale).not.toContain(crisisInfo[locale].groups[0]?.emergency.number ?? "112");
      expect(await page.getByText(m("footer.notEmergency")).count()).toBe(1);
      await open(page, pathTo("courses", locale));
      const first = page.getByRole("list", { name: m("courses.listLabel") }).getByRole("link").first();
      const title = (await first.textContent()) ?? "";
      await first.click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(page.url()).not.toContain("account=required");
      await page.getByRole("heading", { level: 2, name: m("course.visitor.title") }).waitFor();
      await page.getByRole("button", { name: m("course.visitor.register") }).click();
      await page.getByRole("dialog").getByRole("heading", { name: m("accounts.register.title"), exact: true }).waitFor();
      if (locale === "sv") await expectNoViolations(page, "the public course page with the RegisterDialog");
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe("questions carried forward (point 4) and the screening pages (point 10)", () => {
  it("the extended screening starts from the light screening's answers, shown and editable, in four languages; legends inside their boxes; 'welcome back' only on coming back", async () => {
    const light = Object.fromEntries(lightScreening.map((q, i) => [q.id, q.id === "phq9_9" ? 0 : (i % 2) + 1]));
    const token = await visitorWithLightScreening(light);
    const context = await browser.newContext({ viewport: { width: PHONE, height: 800 } });
    await context.addInitScript((value) => localStorage.setItem("onboarding", JSON.stringify({ token: value })), token);
    const page = await context.newPage();
    const main = page.getByRole("main");
    for (const locale of LOCALES) {
      await open(page, pathTo("extendedScreening", locale));
      await main.getByText(message(locale, "screening.extended.carriedTitle")).waitFor();
      for (const id of ["phq9_1", "phq9_2", "phq9_9"]) {
        expect(await page.locator(`#q-${id} input[value="${light[id]}"]`).isChecked(), `${locale} ${id}`).toBe(true);
      }
      expect(await page.locator("#q-phq9_3 input:checked").count()).toBe(0);
      // A legend that wraps stays inside its box: the border never crosses it.
      const crossed = await page.locator("fieldset.question").evaluateAll((sets) =>
        sets.filter((set) => {
          const legend = set.querySelector("legend")?.getBoundingClientRect();
          const top = set.getBoundingClientRect().top + parseFloat(getComputedStyle(set).borderTopWidth);
          return !legend || legend.top < top;
        }).length,
      );
      expect(crossed, locale).toBe(0);
    }
    // Editable: change a carried answer, answer the rest, save; the next group is filled in too.
    await page.locator('#q-phq9_1 input[value="3"]').check();
    for (let item = 3; item <= 8; item++) await page.locator(`#q-phq9_${item} input[value="0"]`).check();
    await main.getByRole("button", { name: message("da", "screening.extended.save") }).click();
    await main.getByRole("heading", { name: new RegExp(message("da", "screening.extended.groupHeading").split("{{")[0] ?? "") }).first().waitFor();
    await page.locator(`#q-gad7_1 input[value="${light["gad7_1"]}"]:checked`).waitFor();
    expect(await main.getByText(message("da", "screening.extended.resume")).count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    await main.getByText(message("da", "screening.extended.resume")).waitFor();
    await context.close();
  });

  it("a course's first questionnaire uses a recent extended screening instead of asking again, in four languages; 'Next' goes on (point 9)", async () => {
    const api = await UserApi.create("sv");
    await extendedScreening(api, 1);
    const course = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "depression" });
    const modules = course.course_parts[0]?.content_modules ?? [];
    const baseline = modules.findIndex((m) => m.type === "evaluation");
    for (const m of modules.slice(0, baseline)) await api.call("POST", m.progress_url, {});
    const context = await api.context(browser, { width: 1280 });
    const page = await context.newPage();
    const errors = errorsBesideMissingMedia(page, collectErrors(page));
    for (const locale of [...LOCALES].reverse()) {
      const m = (key: string) => message(locale, key);
      const slug = (await api.call<CourseDetail>("GET", `/courses/${course.slug}/`, undefined, locale)).slug;
      await open(page, `${pathTo("course", locale, { course: slug })}?modul=${modules[baseline]?.key ?? ""}`);
      await overlay(page).getByRole("heading", { name: m("course.carried.title") }).waitFor();
      expect(await overlay(page).locator("form.evaluation-form").count()).toBe(0);
      await overlay(page).getByRole("button", { name: m("course.carried.again") }).waitFor();
    }
    await expectNoViolations(page, "the carried baseline");
    // Item 9 is asked afresh on the card (clinical.md): not answered, nothing is sent.
    const card = overlay(page).locator(".evaluation-carried");
    expect(await card.getByRole("group").count()).toBe(1);
    // The card is in the lazily loaded module view: a click before its code is there is dropped,
    // so clicked until it answers (with item 9 unanswered it only asks for it; nothing is sent).
    const use = overlay(page).getByRole("button", { name: message("sv", "course.carried.use") });
    const answerAll = card.getByRole("alert").filter({ hasText: message("sv", "course.answerAll_one").replace("{{count}}", "1") });
    await expect
      .poll(async () => {
        await use.click();
        return answerAll.count();
      })
      .toBe(1);
    // Above 0, the crisis information shows at once, before anything is sent.
    await card.getByRole("group").getByRole("radio").nth(1).check();
    await card.locator("#crisis-now").waitFor();
    await card.getByRole("group").getByRole("radio").first().check();
    await expect.poll(() => card.locator("#crisis-now").count()).toBe(0);
    await overlay(page).getByRole("button", { name: message("sv", "course.carried.use") }).click();
    await overlay(page).getByRole("heading", { name: message("sv", "course.resultHeading") }).waitFor();
    await overlay(page).getByRole("button", { name: message("sv", "course.next"), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("modul") === modules[baseline + 1]?.key);
    // The address changes first; the overlay's title follows when the next module has loaded.
    await expect.poll(() => overlay(page).locator("#module-title").textContent(), { timeout: 15_000 }).toBe(modules[baseline + 1]?.title);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe("starting a second course (points 1 and 9)", () => {
  it("asks first in four languages, keeps worksheets and answers, begins with 'Begin' in view; a finished part leaves its pause in view; the diary row is headed by its day", async () => {
    const api = await UserApi.create("sv");
    await extendedScreening(api, 1);
    const stress = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "stress" });
    const modules = stress.course_parts[0]?.content_modules ?? [];
    const last = modules.at(-1);
    const worksheet = modules.find((m) => m.type === "worksheet");
    if (!last || worksheet !== last) throw new Error("stress part 1 should end with its diary");
    for (const m of modules.slice(0, -1)) {
      if (m.type === "evaluation") await api.call("POST", `/evaluations/${m.id}/`, { answers: { ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`pss10_${i + 1}`, 1])), phq9_9: 0 } });
      else await api.call("POST", m.progress_url, {});
    }
    await api.call("POST", `/worksheets/${worksheet.id}/rows/`, { values: { date: "2026-11-23", situation: "Ett möte drog ut på tiden", level: 6 } });
    const context = await api.context(browser, { width: PHONE });
    const page = await context.newPage();
    const errors = errorsBesideMissingMedia(page, collectErrors(page));
    const courses = Object.fromEntries(await Promise.all(LOCALES.map(async (l) => [l, await api.call<CourseCard[]>("GET", "/courses/", undefined, l)] as const)));
    const slugOf = (locale: Locale, key: string) => courses[locale]?.find((c) => c.key === key)?.slug ?? "";

    // The diary's row is headed by the night's day, written as its date field is (each language).
    for (const locale of LOCALES) {
      await open(page, `${pathTo("course", locale, { course: slugOf(locale, "stress") })}?modul=${worksheet.key}`);
      const row = overlay(page).locator(".worksheet-row").first();
      const day = new Intl.DateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2026-11-23T00:00:00Z"));
      expect(await row.locator(".course-card__meta").textContent(), locale).toBe(day);
      expect(await row.locator("dd").first().textContent(), locale).toBe(day);
    }
    // The part's last module, opened from the list far down the page, done: the overlay closes on
    // the course's progress and its pause, in view (not back down at the list).
    await open(page, pathTo("course", "da", { course: slugOf("da", "stress") }));
    await page.locator(`[data-opener="${worksheet.key}"]`).click();
    await overlay(page).locator("#module-title").waitFor();
    await overlay(page).getByRole("button", { name: message("da", "course.markDone") }).click();
    const pause = page.locator(".pause-notice");
    await pause.waitFor();
    await page.waitForFunction(() => !document.querySelector("dialog.module-overlay"));
    await page.waitForFunction(() => {
      const box = document.querySelector(".pause-notice")?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight && document.activeElement?.hasAttribute("data-course-status");
    });

    // Starting the sleep course says what is reset and what is kept; cancelling keeps the course.
    for (const locale of ["en", "no", "da", "sv"] as const) {
      const m = (key: string) => message(locale, key);
      await open(page, pathTo("course", locale, { course: slugOf(locale, "sleep") }));
      await page.getByRole("button", { name: m("course.start") }).click();
      const dialog = page.getByRole("dialog", { name: m("course.switch.title") });
      await dialog.waitFor();
      const stressTitle = courses[locale]?.find((c) => c.key === "stress")?.title ?? "";
      const sleepTitle = courses[locale]?.find((c) => c.key === "sleep")?.title ?? "";
      const percent = Math.round((await api.call<CourseDetail>("GET", "/active-course/")).progress * 100);
      expect(await dialog.textContent()).toContain(m("course.switch.message").replace(/\{\{other\}\}/g, stressTitle).replace("{{percent}}", String(percent)).replace("{{title}}", sleepTitle));
      if (locale !== "sv") {
        await dialog.getByRole("button", { name: m("dialog.cancel") }).click();
        await dialog.waitFor({ state: "hidden" });
        expect((await api.call<CourseDetail>("GET", "/active-course/")).key).toBe("stress");
      }
    }
    await expectNoViolations(page, "the course switch dialog");
    await page.getByRole("dialog").getByRole("button", { name: message("sv", "course.switch.confirm") }).click();
    const begin = page.getByRole("link", { name: message("sv", "course.begin"), exact: true });
    await begin.waitFor();
    await page.waitForFunction(() => {
      const focused = document.activeElement;
      const box = focused?.getBoundingClientRect();
      return focused?.getAttribute("data-opener") === "continue" && box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect((await api.call<CourseDetail>("GET", "/active-course/")).key).toBe("sleep");
    expect((await api.call<CourseDetail>("GET", `/courses/${stress.slug}/`)).status).toBe("not_started");
    // Kept: the diary row and the questionnaire's answers.
    const data = await api.call<{ tables: Record<string, Record<string, unknown>[]> }>("GET", "/me/export/");
    expect(JSON.stringify(data.tables["worksheet_rows"])).toContain("Ett möte drog ut på tiden");
    expect(data.tables["evaluation_answers"]?.length).toBe(1);
    expect(errors()).toEqual([]);
    await context.close();
  });
});

describe("help and accounts (points 6, 7 and 10)", () => {
  it("the crisis panel opens in its context and links web addresses; the 2FA set-up offers the authenticator link and logging out, then 'you are logged out'", async () => {
    const context = await browser.newContext({ viewport: { width: PHONE, height: 800 } });
    const page = await context.newPage();
    for (const locale of LOCALES) {
      await open(page, pathTo("contact", locale));
      const panel = page.locator("#contact-crisis").locator("xpath=..");
      expect(await panel.locator("p").first().textContent(), locale).toBe(message(locale, "crisis.opening.contact"));
      expect(await page.locator("main").textContent()).not.toContain(crisisInfo[locale].message);
    }
    await page.getByRole("button", { name: message("da", "crisis.link") }).first().click();
    await page.getByRole("dialog").getByText(message("da", "crisis.opening.help")).waitFor();
    await open(page, pathTo("contact", "sv"));
    expect(await page.getByRole("link", { name: "mind.se" }).getAttribute("href")).toBe("https://mind.se");
    await context.close();

    for (const locale of LOCALES) {
      const m = (key: string) => message(locale, key);
      const api = await UserApi.create(locale, { verified: false, twofa: false });
      const user = await api.context(browser, { width: PHONE, locale });
      const phone = await user.newPage();
      await open(phone, pathTo("enable2fa", locale));
      const link = phone.getByRole("link", { name: m("accounts.enable2fa.openApp") });
      expect(await link.getAttribute("href")).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+/);
      if (locale === "sv") await expectNoViolations(phone, "2FA set-up");
      await phone.getByRole("main").getByRole("link", { name: m("nav.logout") }).click();
      await phone.getByRole("status").getByText(m("home.loggedOutTitle")).waitFor();
      expect(phone.url()).toBe(`${baseUrl()}${pathTo("home", locale)}`);
      await user.close();
    }
  });

  it("the profile: logging out at the top apart from deleting the account, a word when the theme is saved, and reminders in the browser's or the language's time zone", async () => {
    const zones: Record<Locale, { browser: string; expected: string }> = {
      sv: { browser: "UTC", expected: "Europe/Stockholm" },
      en: { browser: "Europe/Oslo", expected: "Europe/Oslo" },
      no: { browser: "UTC", expected: "Europe/Oslo" },
      da: { browser: "Etc/UTC", expected: "Europe/Copenhagen" },
    };
    for (const locale of LOCALES) {
      const m = (key: string) => message(locale, key);
      const api = await UserApi.create(locale);
      const context = await api.context(browser, { width: locale === "en" ? 1280 : PHONE, timezoneId: zones[locale].browser });
      const page = await context.newPage();
      await open(page, pathTo("profile", locale));
      const main = page.getByRole("main");
      const logout = main.getByRole("link", { name: m("nav.logout"), exact: true });
      const remove = main.getByRole("button", { name: m("accounts.profile.delete") });
      expect((await logout.boundingBox())?.y ?? Infinity).toBeLessThan((await remove.boundingBox())?.y ?? 0);
      expect(await remove.getAttribute("class")).toContain("button--danger");
      expect(await logout.getAttribute("class")).not.toContain("button--danger");
      await expect.poll(() => main.getByLabel(m("reminders.timezone")).inputValue()).toBe(zones[locale].expected);
      await main.getByRole("radio", { name: m("themes.black") }).check();
      await main.getByRole("status").getByText(m("profile.preferences.themeSaved").replace("{{theme}}", m("themes.black"))).waitFor();
      await context.close();
    }
  });
});
