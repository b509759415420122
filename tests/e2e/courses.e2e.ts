import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { advance, completeOpenModule, errorsBesideMissingMedia, expectNoViolations, overlay, wayIn, worksheetReady } from "./support/courses.ts";
import { loggedInContext, message } from "./support/fixtures.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("courses", () => {
  it("a visitor sees the public course list with illustrations, in English", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/en/courses`);
    await waitForHydration(page);
    const cards = page.locator(".course-card");
    expect(await cards.count()).toBe(4);
    // The first illustration loads at once; the others are lazy, but every one is served.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(".course-image");
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    const statuses = await page.evaluate(() =>
      Promise.all([...document.querySelectorAll<HTMLImageElement>(".course-image")].map(async (img) => (await fetch(img.src)).status)),
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    await expectNoViolations(page, "/en/courses");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a user starts a course, reads, answers the questionnaire, and meets the pause before part 2", async () => {
    const context = await loggedInContext(browser, { screening: {}, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = errorsBesideMissingMedia(page, collectErrors(page));
    await page.goto(`${baseUrl()}/kurser/stress`);
    await waitForHydration(page);
    await expectNoViolations(page, "course before start");
    await page.getByRole("button", { name: message("sv", "course.start") }).click();
    const proceed = wayIn(page);
    await proceed.waitFor();

    await proceed.click();
    await overlay(page).locator("#module-title").waitFor();
    await expectNoViolations(page, "text module");
    let checkedForm = false;
    for (let step = 0; step < 12; step++) {
      if (!checkedForm && (await page.locator("form.evaluation-form").count()) > 0) {
        await expectNoViolations(page, "evaluation form");
        checkedForm = true;
      }
      if (!(await advance(page))) break;
    }
    // Part 1 is done: the pause (7 course days, 7 seconds here) shows when part 2 opens.
    const pause = page.locator(".pause-notice");
    await pause.waitFor();
    expect(await pause.textContent()).toContain(message("sv", "course.pausedTitle"));
    await expectNoViolations(page, "paused course");
    await page.waitForTimeout(8_000);
    await page.reload();
    await waitForHydration(page);
    await proceed.waitFor();

    // The dashboard shows the course in progress with the way back into it.
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 2, name: "Hantera stress" }).waitFor();
    await proceed.waitFor();
    await expectNoViolations(page, "dashboard with a course");
    expect(errors()).toEqual([]);
    await context.close();
  }, 120_000);

  it("a new user's dashboard invites them to choose a course or do the screening", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/en/dashboard`);
    await waitForHydration(page);
    await page.getByRole("link", { name: message("en", "dashboard.chooseCourse") }).waitFor();
    await expectNoViolations(page, "empty dashboard");
    await context.close();
  });

  it("PHQ-9 item 9 above 0 shows the crisis information at once, before anything is sent", async () => {
    const context = await loggedInContext(browser, { screening: {}, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/kurser/depression`);
    await waitForHydration(page);
    const start = page.getByRole("button", { name: message("sv", "course.start") });
    if ((await start.count()) > 0) await start.click();
    const proceed = wayIn(page);
    await proceed.click();
    await overlay(page).locator("#module-title").waitFor();
    for (let step = 0; step < 6 && (await page.locator("form.evaluation-form").count()) === 0; step++) {
      await completeOpenModule(page);
      if ((await overlay(page).count()) === 0) await proceed.click();
      await overlay(page).locator("#module-title").waitFor();
    }
    expect(await page.locator(".crisis-panel").count()).toBe(0);
    await page.locator("fieldset#q-phq9_9 input[type=radio]").nth(1).check();
    await page.locator(".crisis-panel").waitFor();
    expect(await page.locator(".crisis-panel").textContent()).toContain("112");
    await context.close();
  }, 60_000);
});

describe("worksheets in a course", () => {
  it("keeps what was typed on an error, saves a row with its sleep efficiency, changes it, and deletes it after confirmation", async () => {
    const context = await loggedInContext(browser, { screening: {}, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = errorsBesideMissingMedia(page, collectErrors(page));
    await page.goto(`${baseUrl()}/kurser/somn`);
    await waitForHydration(page);
    await page.getByRole("button", { name: message("sv", "course.start") }).click();
    const proceed = wayIn(page);
    await proceed.waitFor();
    await proceed.click();
    await overlay(page).locator("#module-title").waitFor();
    for (let step = 0; step < 10 && (await page.locator("section.worksheet").count()) === 0; step++) {
      await completeOpenModule(page);
      if ((await overlay(page).count()) === 0) await proceed.click();
      await overlay(page).locator("#module-title").waitFor();
    }
    const sheet = page.locator("section.worksheet");
    await sheet.waitFor();
    await expectNoViolations(page, "worksheet");
    // Saving with required fields empty: errors on the fields, nothing lost.
    await page.locator("#ws-bedtime").fill("22:30");
    await page.getByRole("button", { name: message("sv", "worksheet.save") }).click();
    expect(await page.locator(".field--invalid").count()).toBeGreaterThan(0);
    expect(await page.locator("#ws-bedtime").inputValue()).toBe("22:30");
    await expectNoViolations(page, "worksheet with errors");

    const night: Record<string, string> = {
      date: "2026-11-20",
      lights_out: "23:00",
      sleep_onset_minutes: "45",
      awakenings: "2",
      awake_minutes: "60",
      wake_time: "06:00",
      out_of_bed: "06:45",
      quality: "3",
    };
    for (const [key, value] of Object.entries(night)) await page.locator(`#ws-${key}`).fill(value);
    await page.getByRole("button", { name: message("sv", "worksheet.save") }).click();
    const row = page.locator(".worksheet-row");
    await row.waitFor();
    expect(await row.textContent()).toContain("64 %");
    expect(await page.locator("#ws-bedtime").inputValue()).toBe("");

    // Change the row: less time awake, higher efficiency; the change survives a reload.
    await row.getByRole("button", { name: message("sv", "worksheet.edit") }).click();
    expect(await page.locator("#ws-bedtime").inputValue()).toBe("22:30");
    await page.locator("#ws-awake_minutes").fill("0");
    await page.getByRole("button", { name: message("sv", "worksheet.saveChanges") }).click();
    await page.waitForFunction(() => document.querySelector(".worksheet-row")?.textContent?.includes("76 %"));
    await page.reload();
    await waitForHydration(page);
    await worksheetReady(page);
    expect(await page.locator(".worksheet-row").textContent()).toContain("76 %");
    expect(await page.locator(".worksheet-row").count()).toBe(1);

    await row.getByRole("button", { name: message("sv", "worksheet.delete") }).click();
    const confirm = page.getByRole("dialog", { name: message("sv", "worksheet.deleteTitle") });
    await confirm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole("button", { name: message("sv", "worksheet.delete") }).click();
    await page.waitForFunction(() => document.querySelectorAll(".worksheet-row").length === 0);
    expect(errors()).toEqual([]);
    await context.close();
  }, 90_000);
});
