import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";
import { csrf, message } from "./support/fixtures.ts";
import { cutOffOrOutside, focusObscured, layoutDefects, setDefaultFontSize, textSpacingDefects } from "./support/layout.ts";
import { PUBLIC_SCREENS, userScreens } from "./support/screens.ts";
import { UserApi, extendedScreening, userWithCourseAndHistory } from "./support/user-api.ts";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";

/**
 * Layout for every person's screen and settings (docs/accessibility.md): a phone and a wide screen,
 * reflow at 320 px (WCAG 1.4.10), text spacing (1.4.12), the browser's text at 200 % (1.4.4), and
 * the keyboard's focus never under a bar (2.4.11). axe and forced colours: accessibility.e2e.ts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * At 375 px (visual.md, WCAG 1.4.10 reflow), in every language: no screen scrolls sideways, every
 * control is a touch target of at least 44 × 44 px (links inside a sentence aside), and no block
 * of a stack is glued to the one above it. Found by the screenshot tour (tests/screens): the
 * dashboard's "show as a table", the course page's module links and the not-found page's home link
 * were 29 px tall; the healthcare notice touched the first result card; the profile's theme
 * choice was glued to the language choice; a screening question's card touched its stem.
 */
describe("layout on a phone and a wide screen", () => {
  const phone = { width: 375, height: 800 };
  async function expectNoDefects(page: Page, where: string, problems: string[]): Promise<void> {
    const found = await layoutDefects(page);
    for (const line of [...found.overflow, ...found.smallTargets, ...found.stackGaps]) problems.push(`${where}: ${line}`);
  }

  it.each(LOCALES)("%s: public screens, the not-found page, the light screening and its results", async (locale) => {
    const context = await browser.newContext({ viewport: phone });
    const { hostname } = new URL(baseUrl());
    await context.addCookies([{ name: "pref_lang", value: locale, domain: hostname, path: "/" }]);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of [...PUBLIC_SCREENS.map((id) => pathTo(id, locale)), `${pathTo("home", locale).replace(/\/$/, "")}/finns-inte-${locale}`]) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      await expectNoDefects(page, path, problems);
    }
    // The visitor header on a phone: the links beside the logo, the two buttons in the row below
    // (they wrapped into rows of their own under the logo: a 212 px header before the page). Whether
    // the two buttons share their row depends on the font of the moment (font-display: optional may
    // draw a first page in a wider system font), so it is not asserted.
    await page.goto(`${baseUrl()}${pathTo("courses", locale)}`);
    const header = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(`.site-header ${selector}`)?.getBoundingClientRect();
      const [logo, nav, actions] = [box(".site-header__logo"), box("nav"), box(".site-header__actions")];
      return {
        navBesideLogo: !!logo && !!nav && nav.top < logo.bottom && nav.bottom > logo.top,
        actionsBelowLogo: !!logo && !!actions && actions.top >= logo.bottom - 1,
        buttons: document.querySelectorAll(".site-header__actions > *").length,
      };
    });
    expect(header, `${locale} header at 375 px`).toEqual({ navBesideLogo: true, actionsBelowLogo: true, buttons: 2 });
    const { cookie, token } = await csrf();
    const onboarding = await fetch(`${baseUrl()}/api/v1/onboarding/`, {
      method: "POST",
      headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
      body: JSON.stringify({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale }),
    });
    const stored = ((await onboarding.json()) as { token: string }).token;
    await page.evaluate((value) => localStorage.setItem("onboarding", JSON.stringify({ token: value })), stored);
    await page.goto(`${baseUrl()}${pathTo("screening", locale)}`);
    await waitForHydration(page);
    await expectNoDefects(page, "light screening", problems);
    const main = page.getByRole("main");
    const groups = main.getByRole("group");
    // The highest answer on each question but the one on self-harm: the healthcare notice shows above the results.
    for (let i = 0; i < (await groups.count()); i++) {
      const radios = groups.nth(i).getByRole("radio");
      await radios.nth(i === 2 ? 0 : (await radios.count()) - 1).check();
    }
    await main.getByRole("button", { name: message(locale, "screening.light.send") }).click();
    await main.locator(".area-results").waitFor();
    await expectNoDefects(page, "light screening results", problems);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("before the scripts run: the public screens as the server drew them (sv)", async () => {
    // What a person sees until the scripts come: the styles of a part whose code loads lazily must
    // be linked by its page (the contact form's choice of message or report was 24 px tall).
    const context = await browser.newContext({ viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of PUBLIC_SCREENS.map((id) => pathTo(id, "sv"))) {
      await page.goto(`${baseUrl()}${path}`);
      await expectNoDefects(page, path, problems);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(LOCALES)("%s: dashboard with a course and history, the course page, an audio module and the profile", async (locale) => {
    const { api, course } = await userWithCourseAndHistory(locale);
    const context = await api.context(browser, { width: phone.width, locale });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of [pathTo("dashboard", locale), pathTo("course", locale, { course: course.slug }), pathTo("profile", locale)]) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      await page.locator("main [role=status]").filter({ hasText: message(locale, "screening.loading") }).waitFor({ state: "detached" });
      await expectNoDefects(page, path, problems);
    }
    // The history charts' axis numbers, drawn in viewBox units, are still readable on the phone.
    await page.goto(`${baseUrl()}${pathTo("dashboard", locale)}`);
    await waitForHydration(page);
    await page.locator(".history-chart__label").first().waitFor();
    const numbers = await page.locator(".history-chart__label").evaluateAll((labels) =>
      labels.map((label) => {
        const svg = label.closest("svg") as SVGSVGElement;
        return parseFloat(getComputedStyle(label).fontSize) * (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
      }),
    );
    expect(numbers.length).toBeGreaterThan(0);
    for (const size of numbers) if (size < 11) problems.push(`dashboard: a chart's axis number is ${size.toFixed(1)} px`);
    await page.goto(`${baseUrl()}${pathTo("course", locale, { course: course.slug })}?modul=p1-breathing`);
    await waitForHydration(page);
    await page.locator("dialog.module-overlay[open] audio").waitFor({ state: "attached" });
    await expectNoDefects(page, "audio module", problems);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it.each(LOCALES)("%s: with WCAG 1.4.12's text spacing nothing is cut off or sticks out at 375 px", async (locale) => {
    // A person's own spacing (line height 1.5, letters 0.12 em, words 0.16 em, paragraphs 2 em):
    // the page, a box with a fixed size or hidden overflow, a button's text must still fit.
    const problems: string[] = [];
    const visitor = await browser.newContext({ viewport: phone, bypassCSP: true });
    const { hostname } = new URL(baseUrl());
    await visitor.addCookies([{ name: "pref_lang", value: locale, domain: hostname, path: "/" }]);
    const page = await visitor.newPage();
    for (const path of PUBLIC_SCREENS.map((id) => pathTo(id, locale))) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      for (const line of await textSpacingDefects(page)) problems.push(`${path}: ${line}`);
    }
    await visitor.close();
    const { api, course } = await userWithCourseAndHistory(locale);
    const user = await api.context(browser, { width: phone.width, locale, bypassCSP: true });
    const userPage = await user.newPage();
    for (const path of userScreens(locale, course.slug)) {
      await userPage.goto(`${baseUrl()}${path}`);
      await waitForHydration(userPage);
      await userPage.waitForLoadState("networkidle");
      for (const line of await textSpacingDefects(userPage)) problems.push(`${path}: ${line}`);
    }
    expect(problems).toEqual([]);
    await user.close();
  }, 120_000);

  it.each(LOCALES)("%s: reflow at 320 × 256 px, a 1280 × 1024 window zoomed to 400 % (WCAG 1.4.10): nothing scrolls sideways, the login dialog scrolls within the window", async (locale) => {
    const small = { width: 320, height: 256 };
    const problems: string[] = [];
    const visitor = await browser.newContext({ viewport: small });
    const { hostname } = new URL(baseUrl());
    await visitor.addCookies([{ name: "pref_lang", value: locale, domain: hostname, path: "/" }]);
    const page = await visitor.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const path of PUBLIC_SCREENS.map((id) => pathTo(id, locale))) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      for (const line of (await layoutDefects(page)).overflow) problems.push(`${path}: ${line}`);
    }
    await page.goto(`${baseUrl()}${pathTo("home", locale)}`);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: message(locale, "nav.login") }).click();
    const dialog = page.locator("dialog.dialog[open]");
    const fits = await dialog.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.left >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
    });
    if (!fits) problems.push("the login dialog does not fit the window");
    // Its last control is reached by scrolling inside it.
    await dialog.locator("button, a[href], input").last().focus();
    const last = await focusObscured(page);
    if (last) problems.push(`login dialog: ${last}`);
    await visitor.close();
    const { api, course } = await userWithCourseAndHistory(locale);
    const user = await api.context(browser, { width: small.width, locale });
    const userPage = await user.newPage();
    await userPage.setViewportSize(small);
    for (const path of userScreens(locale, course.slug)) {
      await userPage.goto(`${baseUrl()}${path}`);
      await waitForHydration(userPage);
      await userPage.waitForLoadState("networkidle");
      for (const line of (await layoutDefects(userPage)).overflow) problems.push(`${path}: ${line}`);
    }
    expect(problems).toEqual([]);
    await user.close();
  }, 120_000);

  it.each(LOCALES)("%s: with the browser's text at 200 % (WCAG 1.4.4) nothing is cut off or sticks out at 375 and 768 px, and 768 px gets the phone layout", async (locale) => {
    // A person who sets the browser's text size to 32 px: the page's sizes follow (rem) and so do
    // its breakpoints (em): at 768 px the side menu took 432 px and the dashboard's cards were pushed
    // out of the window; on a phone a long compound word ("självhjälpsprogram") widened its card.
    const problems: string[] = [];
    for (const width of [375, 768]) {
      const visitor = await browser.newContext({ viewport: { width, height: 900 } });
      const { hostname } = new URL(baseUrl());
      await visitor.addCookies([{ name: "pref_lang", value: locale, domain: hostname, path: "/" }]);
      const page = await visitor.newPage();
      await setDefaultFontSize(page, 32);
      for (const path of PUBLIC_SCREENS.map((id) => pathTo(id, locale))) {
        await page.goto(`${baseUrl()}${path}`);
        await waitForHydration(page);
        for (const line of await cutOffOrOutside(page)) problems.push(`${width} px ${path}: ${line}`);
      }
      await visitor.close();
      const { api, course } = await userWithCourseAndHistory(locale);
      const user = await api.context(browser, { width, locale });
      const userPage = await user.newPage();
      await setDefaultFontSize(userPage, 32);
      for (const path of userScreens(locale, course.slug)) {
        await userPage.goto(`${baseUrl()}${path}`);
        await waitForHydration(userPage);
        await userPage.waitForLoadState("networkidle");
        for (const line of await cutOffOrOutside(userPage)) problems.push(`${width} px ${path}: ${line}`);
      }
      await userPage.goto(`${baseUrl()}${pathTo("dashboard", locale)}`);
      await waitForHydration(userPage);
      const layout = await userPage.evaluate(() => ({
        text: getComputedStyle(document.body).fontSize,
        phoneBar: getComputedStyle(document.querySelector(".mobile-bar")!).display !== "none",
        sideMenu: getComputedStyle(document.querySelector(".side-menu")!).display !== "none",
      }));
      // The text did grow (the body's 1.125 rem), and the layout is the phone's.
      if (JSON.stringify(layout) !== JSON.stringify({ text: "36px", phoneBar: true, sideMenu: false }))
        problems.push(`${width} px dashboard: ${JSON.stringify(layout)}`);
      await user.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("at 1280 px the cards of a row start level (course list, screening results)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    await page.goto(`${baseUrl()}${pathTo("courses", "sv")}`);
    await waitForHydration(page);
    problems.push(...(await layoutDefects(page)).gridRows);
    const api = await UserApi.create("sv");
    await extendedScreening(api, 2);
    const user = await api.context(browser, { width: 1280 });
    const results = await user.newPage();
    await results.goto(`${baseUrl()}${pathTo("extendedScreening", "sv")}`);
    await waitForHydration(results);
    await results.locator(".area-results").waitFor();
    problems.push(...(await layoutDefects(results)).gridRows);
    expect(problems).toEqual([]);
    await context.close();
    await user.close();
  });
});

/**
 * WCAG 2.4.11 (focus not obscured): on a phone the logged-in bar stays at the top while the page
 * scrolls, and a course module's close bar at the top of its overlay. Going back up with Shift+Tab,
 * the browser scrolled a control only until it touched the window's top edge: under the bar, out
 * of sight (the dashboard's "show the results as a table", a module's play button). Every control
 * reached by Tab, forwards and back, must be in view and not under a bar. Smooth scrolling off, so
 * that each is measured where it comes to rest.
 */
describe("focus not obscured (WCAG 2.4.11)", () => {
  const phone = { width: 375, height: 700 };
  async function walk(page: Page, where: string, key: "Tab" | "Shift+Tab", problems: string[]): Promise<number> {
    const seen = new Set<string>();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press(key);
      const id = await page.evaluate(() => {
        const el = document.activeElement;
        return el && el !== document.body ? `${el.tagName} ${el.id} ${el.getAttribute("href") ?? ""} ${el.getAttribute("name") ?? ""} ${(el.textContent ?? "").trim().slice(0, 40)} ${Math.round(el.getBoundingClientRect().top + scrollY)}` : null;
      });
      if (id === null) continue;
      if (seen.has(id)) break;
      seen.add(id);
      const found = await focusObscured(page);
      if (found) problems.push(`${where} ${key}: ${found}`);
    }
    return seen.size;
  }

  async function walkBothWays(page: Page, where: string, problems: string[]): Promise<void> {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const forwards = await walk(page, where, "Tab", problems);
    const back = await walk(page, where, "Shift+Tab", problems);
    if (forwards < 5 || back < 5) problems.push(`${where}: Tab reached ${forwards} controls, Shift+Tab ${back}`);
  }

  it.each(LOCALES)("%s: Tab and Shift+Tab on a user's dashboard at 375 px (in sv also a course page, a module, the profile) and at 320 × 256 px, where the bar scrolls away", async (locale) => {
    const { api, course } = await userWithCourseAndHistory(locale);
    const context = await api.context(browser, { width: phone.width, locale });
    const page = await context.newPage();
    await page.setViewportSize(phone);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const coursePath = pathTo("course", locale, { course: course.slug });
    const problems: string[] = [];
    // The dashboard, the course page, a module and the profile.
    const paths = locale === "sv" ? userScreens(locale, course.slug).slice(0, 4) : [pathTo("dashboard", locale)];
    for (const path of paths) {
      await page.goto(`${baseUrl()}${path}`);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      await walkBothWays(page, path, problems);
    }
    // 400 % zoom of a 1280 × 1024 window (WCAG 1.4.10): the bar is not pinned in so low a window.
    await page.setViewportSize({ width: 320, height: 256 });
    await page.goto(`${baseUrl()}${pathTo("dashboard", locale)}`);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const pinned = await page.locator(".mobile-bar").evaluate((bar) => getComputedStyle(bar).position);
    if (pinned !== "static") problems.push(`320 × 256 dashboard: the bar is ${pinned}`);
    await walkBothWays(page, "320 × 256 dashboard", problems);
    if (locale === "sv") {
      // A module's close bar stays pinned: it holds the way out.
      await page.goto(`${baseUrl()}${coursePath}?modul=p1-breathing`);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      await walkBothWays(page, "320 × 256 module", problems);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

