import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { THEMES } from "../../app/lib/theme.ts";
import { axeViolations, THEME_RULES } from "./support/axe.ts";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";
import { loggedInContext, message } from "./support/fixtures.ts";
import { PUBLIC_SCREENS } from "./support/screens.ts";
import { userWithCourseAndHistory } from "./support/user-api.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The helper every axe check here goes through (axe injected once per document): it must report
 * what is there, also after the page changed under an axe already injected, and only the rules
 * asked for; a page load brings a new document and a new injection.
 */
describe("the axe helper", () => {
  it("reports a missing alt text and low contrast, again after the page changed, and only the rules asked for", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}${pathTo("aboutUs", "sv")}`);
    await waitForHydration(page);
    const ids = (lines: string[]) => lines.map((line) => line.split(" ")[0]).sort();
    expect(await axeViolations(page)).toEqual([]);
    // Made through the DevTools protocol like the injection: the page's CSP allows no inline code.
    await page.evaluate(() => {
      const main = document.querySelector("main") ?? document.body;
      const image = document.createElement("img");
      image.src = "/favicon.ico";
      main.append(image);
      const faint = document.createElement("p");
      faint.textContent = "Nästan osynlig text";
      faint.style.color = "#eeeeee";
      faint.style.background = "#ffffff";
      main.append(faint);
    });
    expect(ids(await axeViolations(page))).toEqual(["color-contrast", "image-alt"]);
    expect(ids(await axeViolations(page, { only: THEME_RULES }))).toEqual(["color-contrast"]);
    await page.evaluate(() => document.querySelector("main img")?.setAttribute("alt", ""));
    expect(ids(await axeViolations(page))).toEqual(["color-contrast"]);
    await page.reload();
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

/**
 * Every public screen in every language: all WCAG rules in the theme the server rendered from
 * the cookie, then the theme-dependent rules (contrast) again in each of the other themes,
 * switched in place as the theme picker does.
 */
describe("axe on public screens", () => {
  it.each(LOCALES)("every public screen and the not-found page in %s, in all four themes", async (locale) => {
    const [first, ...others] = THEMES;
    const context = await browser.newContext();
    const url = new URL(baseUrl());
    await context.addCookies([
      { name: "theme", value: first, domain: url.hostname, path: "/" },
      { name: "pref_lang", value: locale, domain: url.hostname, path: "/" },
    ]);
    const page = await context.newPage();
    const problems: string[] = [];
    const paths = [...PUBLIC_SCREENS.map((id) => pathTo(id, locale)), `${pathTo("home", locale).replace(/\/$/, "")}/finns-inte-${locale}`];
    for (const path of paths) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("data-theme")).toBe(first);
      for (const violation of await axeViolations(page)) problems.push(`${path} (${first}): ${violation}`);
      for (const theme of others) {
        await page.evaluate(async (value) => {
          document.documentElement.dataset.theme = value;
          // Colours may fade between themes: measure the settled colours.
          await Promise.all(document.getAnimations().map((animation) => animation.finished));
        }, theme);
        for (const violation of await axeViolations(page, { only: THEME_RULES })) problems.push(`${path} (${theme}): ${violation}`);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
    // Eleven pages, each checked in four themes: about 30 s alone, longer beside other files.
  }, 180_000);
});

describe("axe on the logged-in layout", () => {
  it.each(THEMES)("dashboard, courses and profile at 375 px and 1280 px, theme %s", async (theme) => {
    const problems: string[] = [];
    for (const viewport of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
      const context = await loggedInContext(browser, { viewport, theme });
      const page = await context.newPage();
      for (const path of ["/dashboard", "/kurser", "/en/profile", "/da/kontakt"]) {
        await page.goto(`${baseUrl()}${path}`);
        await waitForHydration(page);
        for (const violation of await axeViolations(page)) problems.push(`${viewport.width}px ${path}: ${violation}`);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it("the crisis dialog has no violations", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForHydration(page);
    await page.locator(".crisis-link:visible").first().click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

/**
 * Forced colours (Windows high contrast, emulated): the system's colours replace the page's
 * backgrounds, and what was drawn with a background alone vanished. Found by looking: the course
 * progress bar's fill, a course's drawing (its dark lines on the system's dark background), a
 * dialog's edge, the charts' axis numbers (grey on black), a notice's icon (dark on black) and the
 * theme swatches' colours.
 */
describe("forced colours (Windows high contrast)", () => {
  it("the progress bar, a course's drawing, the charts' numbers, a notice's icon, the theme swatches and a dialog's edge stay visible", async () => {
    const { api } = await userWithCourseAndHistory("en");
    const context = await api.context(browser, { width: 1280, locale: "en" });
    const page = await context.newPage();
    await page.emulateMedia({ forcedColors: "active", colorScheme: "dark" });
    await page.goto(`${baseUrl()}${pathTo("dashboard", "en")}`);
    await waitForHydration(page);
    await page.locator(".history-chart__label").first().waitFor();
    const dashboard = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
      const body = getComputedStyle(document.body);
      return {
        canvas: body.backgroundColor,
        text: body.color,
        progressTrack: style(".progress").backgroundColor,
        progressBar: style(".progress__bar").backgroundColor,
        courseImage: style(".course-image").backgroundColor,
        chartNumber: style(".history-chart__label").fill,
        noticeIcon: style(".notice__icon").color,
      };
    });
    await page.goto(`${baseUrl()}${pathTo("profile", "en")}`);
    await waitForHydration(page);
    const swatch = await page.locator(".theme-swatch--green").evaluate((el) => getComputedStyle(el).backgroundColor);
    await context.close();

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const home = await visitor.newPage();
    await home.emulateMedia({ forcedColors: "active", colorScheme: "dark" });
    await home.goto(`${baseUrl()}/en/`);
    await waitForHydration(home);
    await home.getByRole("main").getByRole("button", { name: message("en", "nav.login") }).click();
    const edge = await home.locator("dialog.dialog[open]").evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: style.borderTopWidth, colour: style.borderTopColor, text: getComputedStyle(document.body).color };
    });
    // All at once, so that a failure names every part that vanished.
    expect({
      progressBarFilled: dashboard.progressBar !== dashboard.progressTrack,
      courseDrawingOnItsOwnBackground: dashboard.courseImage !== dashboard.canvas,
      chartNumbersInTextColour: dashboard.chartNumber === dashboard.text,
      noticeIconInTextColour: dashboard.noticeIcon === dashboard.text,
      themeSwatchKeepsItsColour: swatch === "rgb(8, 76, 68)",
      dialogHasAnEdge: edge.width === "1px" && edge.colour === edge.text,
    }).toEqual({
      progressBarFilled: true,
      courseDrawingOnItsOwnBackground: true,
      chartNumbersInTextColour: true,
      noticeIconInTextColour: true,
      themeSwatchKeepsItsColour: true,
      dialogHasAnEdge: true,
    });
    await visitor.close();
  });
});
