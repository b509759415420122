import type { Browser, Locator, Page } from "playwright-core";
import { crisisInfo } from "../../common/safety/crisis-lines.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { loggedInContext, message } from "./support/fixtures.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The need-help link is in view at the bottom of a long page too, and opens the crisis information. */
async function expectCrisisLinkInView(page: Page, link: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
  })).toBe(true);
  await link.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("heading", { name: crisisInfo.sv.heading }).waitFor();
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

describe("navigation", () => {
  it("shows the side menu from 768 px, with the current entry highlighted", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/kurser`);
    await waitForHydration(page);
    const menu = page.getByRole("navigation", { name: message("sv", "nav.mainMenu") });
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const key of ["home", "courses", "profile", "contact", "logout"]) {
      expect(await menu.getByRole("link", { name: message("sv", `nav.${key}`) }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole("link", { name: message("sv", "nav.courses") }).getAttribute("aria-current")).toBe("page");
    // The need-help link in the side menu, in view however long the page (clinical.md, ADR 035).
    await expectCrisisLinkInView(page, menu.getByRole("button", { name: message("sv", "crisis.link") }));
    // Profile-area pages keep Profile highlighted.
    await page.goto(`${baseUrl()}/omoss`);
    await waitForHydration(page);
    expect(await menu.getByRole("link", { name: message("sv", "nav.profile") }).getAttribute("aria-current")).toBe("page");
    expect(await page.locator(".mobile-bar").isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the top bar up to 767 px: tabs on DEFAULT, a close button elsewhere, none on the course list", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForHydration(page);
    const bar = page.locator(".mobile-bar");
    expect(await bar.isVisible()).toBe(true);
    expect(await page.locator(".side-menu").isVisible()).toBe(false);
    expect(await bar.getByRole("link", { name: message("sv", "nav.contact") }).isVisible()).toBe(true);
    expect(await bar.getByRole("link", { name: message("sv", "nav.profile") }).isVisible()).toBe(true);
    const tabs = bar.getByRole("navigation", { name: message("sv", "nav.mobileBar") });
    expect(await tabs.getByRole("link", { name: message("sv", "nav.home") }).getAttribute("aria-current")).toBe("page");
    expect(await tabs.getByRole("link", { name: message("sv", "nav.courses") }).isVisible()).toBe(true);
    // "Help now" in the bar: named by the whole question, which holds the words shown (WCAG 2.5.3).
    const help = bar.getByRole("button", { name: message("sv", "crisis.link") });
    expect(await help.textContent()).toBe(message("sv", "crisis.linkShort"));
    await expectCrisisLinkInView(page, help);

    await page.goto(`${baseUrl()}/kontakt`);
    await waitForHydration(page);
    const close = bar.getByRole("link", { name: message("sv", "nav.close") });
    expect(await close.isVisible()).toBe(true);
    expect(await bar.getByRole("navigation").count()).toBe(0);
    await close.click();
    await page.waitForURL(`${baseUrl()}/dashboard`);

    await page.goto(`${baseUrl()}/kurser`);
    await waitForHydration(page);
    expect(await page.locator(".mobile-bar").count()).toBe(0);
    await context.close();
  });

  it("lets a visitor reach the courses and contact from the header", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${baseUrl()}/en`);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: message("en", "nav.mainMenu") }).getByRole("link", { name: message("en", "nav.courses") }).click();
    await page.waitForURL(`${baseUrl()}/en/courses`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(message("en", "screens.courses.heading"));
    await page.close();
  });
});

describe("language switcher", () => {
  it("keeps the screen and saves the choice", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/kurser`);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: message("sv", "language.switcherLabel") }).getByRole("link", { name: "Dansk" }).click();
    await page.waitForURL(`${baseUrl()}/da/kurser`);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("da");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(message("da", "screens.courses.heading"));
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "pref_lang")?.value).toBe("da");
    // The saved choice now decides the home page.
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(`${baseUrl()}/da`);
    await context.close();
  });
});

describe("dialogs", () => {
  it("open from the crisis link and close on Escape and on a backdrop click, returning focus", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/en/courses`);
    await waitForHydration(page);
    const link = page.getByRole("button", { name: message("en", "crisis.link") }).first();
    await link.click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("link", { name: /112/ }).count()).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);

    await link.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // A click at the top-left corner of the viewport lands on the backdrop.
    await page.mouse.click(5, 5);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await link.click();
    await dialog.getByRole("button", { name: message("en", "dialog.close") }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("form model", () => {
  it("shows errors next to their fields and announces a summary, keeping what was typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/en/test`);
    await waitForHydration(page);
    await page.getByLabel("Name").fill("A");
    await page.getByRole("button", { name: message("en", "dialog.confirm") }).click();
    const summary = page.getByRole("alert");
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.textContent()).toContain("2");
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Name").inputValue()).toBe("A");
    await page.getByLabel("Name").fill("Alva");
    await page.getByLabel("E-mail").fill("alva@example.test");
    await page.getByRole("button", { name: message("en", "dialog.confirm") }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "OK: Alva" }).count()).toBe(1);
    await page.close();
  });
});
