import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { answerEvaluation, closeOverlay, expectNoViolations, overlay, wayIn, worksheetReady } from "./support/courses.ts";
import { loggedInContext, message } from "./support/fixtures.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * The course engine end to end on the sample course of tests/fixtures/content (all seven module
 * types, a one-"day" pause before part 2). A course day is DAY seconds on this server, so the
 * pause passes in real time on the server while the browser's clock is faked past it.
 */
const DAY = 30;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ CONTENT_DIR: path.resolve("tests/fixtures/content"), COURSE_DAY_SECONDS: String(DAY) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectAxeClean(page: Page, where: string): Promise<void> {
  expect((await axeViolations(page)).map((v) => `${where}: ${v}`)).toEqual([]);
}

async function markDone(page: Page): Promise<void> {
  const title = await page.locator("#module-title").textContent();
  await overlay(page).getByRole("button", { name: message("sv", "course.markDone") }).click();
  await page.waitForFunction((before) => document.querySelector("#module-title")?.textContent !== before, title);
}

async function expectModule(page: Page, type: string, step: number): Promise<void> {
  await overlay(page).locator("#module-title").waitFor();
  expect(await overlay(page).locator(".module-view__type").textContent()).toBe(message("sv", `course.types.${type}`));
  expect(await overlay(page).locator(".module-view__part").textContent()).toContain(`steg ${step} av 7`);
}

describe("the course engine", () => {
  it("a user works through the seven module types in the overlay, meets the pause and, with the clock past it, the next part", async () => {
    const context = await loggedInContext(browser, { screening: {}, viewport: { width: 1280, height: 900 }, base: server.url });
    const page = await context.newPage();
    await page.clock.install();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/kurser/provkurs`);
    await waitForHydration(page);
    await expectAxeClean(page, "course page");
    await page.getByRole("button", { name: message("sv", "course.start") }).click();
    const proceed = wayIn(page);
    await proceed.click();

    // Text, in the full-screen overlay: a modal dialog; the page behind cannot scroll.
    await expectModule(page, "text", 1);
    expect(page.url()).toContain("?modul=p1-text");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.mouse.wheel(0, 800);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectAxeClean(page, "overlay: text");
    // Focus stays inside while tabbing; Escape closes and focus returns to the opener.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog.module-overlay")))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector("dialog.module-overlay"));
    // Given back by the overlay's effect clean-up, which may run a task after the dialog left.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.opener)).toBe("continue");
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    // By keyboard: Enter on the focused opener opens it again.
    await page.keyboard.press("Enter");
    await expectModule(page, "text", 1);
    await markDone(page);

    // List.
    await expectModule(page, "list", 2);
    expect(await overlay(page).locator(".module-list li").count()).toBe(2);
    await markDone(page);

    // Audio: the custom player; the time shows 00:00, then mm:ss after seeking and playing.
    await expectModule(page, "audio", 3);
    const elapsed = overlay(page).getByRole("timer", { name: message("sv", "courses.player.elapsed") });
    expect(await elapsed.textContent()).toBe("00:00");
    await expectAxeClean(page, "overlay: audio");
    await overlay(page).getByRole("button", { name: message("sv", "courses.player.forward15") }).click();
    expect(await elapsed.textContent()).toBe("00:15");
    await overlay(page).getByRole("button", { name: message("sv", "courses.player.back15") }).click();
    expect(await elapsed.textContent()).toBe("00:00");
    await overlay(page).getByLabel(message("sv", "courses.player.speed")).selectOption("1.5");
    expect(await page.evaluate(() => document.querySelector("audio")?.playbackRate)).toBe(1.5);
    await overlay(page).getByRole("button", { name: message("sv", "courses.player.play") }).click();
    await overlay(page).getByRole("button", { name: message("sv", "courses.player.pause") }).waitFor();
    await page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) >= 1, undefined, { timeout: 10_000 });
    await overlay(page).getByRole("button", { name: message("sv", "courses.player.pause") }).click();
    // The pause event arrives after the click: the shown time follows it.
    await expect.poll(() => elapsed.textContent(), { timeout: 5_000 }).toMatch(/^00:0[1-9]$/);
    const transcript = overlay(page).locator("details.transcript");
    await transcript.locator("summary").click();
    expect(await transcript.getAttribute("open")).not.toBeNull();
    expect(await transcript.textContent()).toContain("Andas lugnt in och ut");
    await markDone(page);

    // Video: native controls with WebVTT captions, and the transcript.
    await expectModule(page, "video", 4);
    const track = overlay(page).locator("video track[kind=captions]");
    expect(await track.getAttribute("src")).toBe("/media/sample-video/sv.vtt");
    expect(await page.evaluate(async () => (await fetch("/media/sample-video/sv.vtt")).headers.get("content-type"))).toContain("text/vtt");
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 1, undefined, { timeout: 10_000 });
    await expectAxeClean(page, "overlay: video");
    await markDone(page);

    // Evaluation: scored; then back to the course page and on.
    await expectModule(page, "evaluation", 5);
    await expectAxeClean(page, "overlay: evaluation");
    await answerEvaluation(page);
    await closeOverlay(page);
    await proceed.click();

    // Worksheet: a row is added, changed (surviving a reload), and deleted through the dialog.
    await expectModule(page, "worksheet", 6);
    await page.locator("#ws-note").fill("Promenad i parken");
    await page.locator("#ws-mood").fill("6");
    await overlay(page).getByRole("button", { name: message("sv", "worksheet.save") }).click();
    const row = overlay(page).locator(".worksheet-row");
    await row.waitFor();
    expect(await row.textContent()).toContain("Promenad i parken");
    await row.getByRole("button", { name: message("sv", "worksheet.edit") }).click();
    await page.locator("#ws-note").fill("Lång promenad i parken");
    await overlay(page).getByRole("button", { name: message("sv", "worksheet.saveChanges") }).click();
    await page.waitForFunction(() => document.querySelector(".worksheet-row")?.textContent?.includes("Lång promenad"));
    await page.reload();
    await waitForHydration(page);
    await worksheetReady(page);
    await expectModule(page, "worksheet", 6);
    expect(await overlay(page).locator(".worksheet-row").count()).toBe(1);
    expect(await overlay(page).locator(".worksheet-row").textContent()).toContain("Lång promenad i parken");
    await expectAxeClean(page, "overlay: worksheet");
    await overlay(page).locator(".worksheet-row").getByRole("button", { name: message("sv", "worksheet.delete") }).click();
    const confirm = page.getByRole("dialog", { name: message("sv", "worksheet.deleteTitle") });
    await confirm.waitFor();
    await expectAxeClean(page, "DeleteWorksheetRowDialog");
    await confirm.getByRole("button", { name: message("sv", "worksheet.delete") }).click();
    await page.waitForFunction(() => document.querySelectorAll(".worksheet-row").length === 0);
    await markDone(page);

    // Post-part screening, the last module of part 1.
    await expectModule(page, "post_part_screening", 7);
    await answerEvaluation(page);
    await closeOverlay(page);

    // The pause: countdown, time, date and weekday, in Swedish and in English.
    const pause = page.locator(".pause-notice");
    await pause.waitFor();
    const pauseUntil = await page.evaluate(async () => ((await (await fetch("/api/v1/courses/provkurs/")).json()) as { pause_until: number }).pause_until);
    const weekday = (locale: string) =>
      page.evaluate(([at, tag]) => new Intl.DateTimeFormat(tag, { weekday: "long", day: "numeric", month: "long" }).formatToParts(new Date(at * 1000)), [pauseUntil, locale] as const);
    const sv = await weekday("sv-SE");
    const text = (await pause.textContent()) ?? "";
    for (const part of sv.filter((p) => p.type !== "literal")) expect(text).toContain(part.value);
    expect(text).toContain(message("sv", "course.pausedTitle"));
    await expectAxeClean(page, "paused course (sv)");
    expect(await proceed.count()).toBe(0);

    await page.goto(`${server.url}/en/courses/sample-course`);
    await waitForHydration(page);
    const en = await weekday("en-GB");
    const english = (await page.locator(".pause-notice").textContent()) ?? "";
    for (const part of en.filter((p) => p.type !== "literal")) expect(english).toContain(part.value);
    expect(english).toContain(message("en", "course.pausedTitle"));
    await expectAxeClean(page, "paused course (en)");

    // The browser's clock stands still; the server's short day passes; still paused here.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.waitForTimeout(Math.max(0, pauseUntil * 1000 - Date.now()) + 1500);
    expect(await page.locator(".pause-notice").count()).toBe(1);
    // With the faked clock past the pause, the course reloads and part 2 opens.
    await page.clock.fastForward(DAY * 1000 + 2000);
    const next = page.getByRole("link", { name: message("en", "course.continue") });
    await next.waitFor({ timeout: 15_000 });
    expect(await page.locator(".pause-notice").count()).toBe(0);
    await next.click();
    await overlay(page).locator("#module-title").waitFor();
    expect(await overlay(page).locator("#module-title").textContent()).toBe("The second part begins");
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("at 375 px a module opens from its URL, the players work by keyboard, and the overlay passes axe in four themes", async () => {
    const context = await loggedInContext(browser, { screening: {}, viewport: { width: 375, height: 800 }, base: server.url });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${server.url}/en/courses/sample-course`);
    await waitForHydration(page);
    await page.getByRole("button", { name: message("en", "course.start") }).click();
    await wayIn(page, "en").waitFor();
    // The overlay is addressable: the module's URL opens it over the course page.
    await page.goto(`${server.url}/en/courses/sample-course?modul=p1-audio`);
    await waitForHydration(page);
    await overlay(page).locator("#module-title").waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("module-title");
    expect(await overlay(page).locator(".module-view__part").textContent()).toContain("step 3 of 7");
    await expectNoViolations(page, "audio overlay at 375 px");
    expect(await page.evaluate(() => document.querySelector("dialog.module-overlay")!.scrollWidth <= window.innerWidth)).toBe(true);
    // Keyboard only: Tab to "Forward 15 s" and press Enter; then Space on "Back 15 s".
    const forward = overlay(page).getByRole("button", { name: message("en", "courses.player.forward15") });
    for (let i = 0; i < 12 && !(await forward.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const elapsed = overlay(page).getByRole("timer", { name: message("en", "courses.player.elapsed") });
    expect(await elapsed.textContent()).toBe("00:15");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    expect(await elapsed.textContent()).toBe("00:00");
    // The video module, with its captions track, at 375 px and in four themes.
    await page.goto(`${server.url}/en/courses/sample-course?modul=p1-video`);
    await waitForHydration(page);
    await overlay(page).locator("video").waitFor();
    expect(await overlay(page).locator("video track").getAttribute("src")).toBe("/media/sample-video/en.vtt");
    await expectNoViolations(page, "video overlay at 375 px");
    // The close button returns to the course page.
    await overlay(page).getByRole("button", { name: message("en", "courses.overlay.close") }).click();
    await page.waitForFunction(() => !document.querySelector("dialog.module-overlay"));
    expect(new URL(page.url()).search).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
