import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { THEMES, type Theme } from "../../app/lib/theme.ts";
import { axeViolations, THEME_RULES } from "./support/axe.ts";
import { headingOrderProblems } from "./support/headings.ts";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";
import { wayIn } from "./support/courses.ts";
import { csrf, loggedInContext, message } from "./support/fixtures.ts";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";

/**
 * Every screen and dialog that accessibility.e2e.ts does not already scan in every language:
 * the logged-in screens (course page and each module type in its overlay, screening steps and
 * results, 2FA screens, logout-remove, dev test page) and every dialog, as user and as visitor,
 * in all four languages. Per language all WCAG rules run in one theme — rotated so that each
 * theme gets the full run once — and the theme rules (contrast) in the three others, switched in
 * place. Each state is also checked for heading order; forms are checked for announced errors,
 * and a sample of screens for a visible focus indicator on every control reached by Tab.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The theme that gets all rules in each language (each theme once). */
const FULL_THEME: Record<Locale, Theme> = { sv: "green", en: "white", no: "black", da: "pink" };
/**
 * The language in which every screen is also checked in the other three themes (colour contrast
 * and links told apart by colour). Colours do not change with the language, so the other languages
 * check their own theme with every rule only: the sweep in all four took four times the colour
 * checks and pushed this file past its time limits on a two-core machine.
 */
const THEME_SWEEP_LOCALE: Locale = "sv";
/** A limit for hangs, not a budget: the Swedish user run took 187 s alone (measured 2026-11-25). */
const E2E_LONG_TEST = 600_000;

async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(async (value) => {
    document.documentElement.dataset.theme = value;
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  }, theme);
}

/**
 * After a failed submit: the form has an error summary in a role=alert region, every invalid
 * control points with aria-describedby at an existing, non-empty error text, and that text is
 * in the announced region.
 */
async function formErrorProblems(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const problems: string[] = [];
    const invalid = [...root.querySelectorAll("[aria-invalid=true]")];
    if (invalid.length === 0) problems.push("no control is marked aria-invalid");
    const announced = [...root.querySelectorAll("[role=alert], [aria-live=assertive], [aria-live=polite]")]
      .map((el) => el.textContent ?? "")
      .join(" ");
    if (announced.trim() === "") problems.push("no role=alert/aria-live region with text");
    for (const control of invalid) {
      const name = control.getAttribute("name") ?? control.id;
      const ids = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const texts = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? "");
      const error = texts.find((text, i) => text !== "" && document.getElementById(ids[i]!)?.className.includes("error"));
      if (!error) {
        problems.push(`${name}: no error text linked by aria-describedby (${ids.join(" ") || "none"})`);
        continue;
      }
      if (!announced.includes(error)) problems.push(`${name}: "${error}" is not in an announced region`);
    }
    return problems;
  });
}

/** Collects problems for one locale; `check` runs axe and the heading check on the current state. */
class Audit {
  readonly problems: string[] = [];
  private readonly page: Page;
  private readonly locale: Locale;
  constructor(page: Page, locale: Locale) {
    this.page = page;
    this.locale = locale;
  }

  async check(where: string): Promise<void> {
    const full = FULL_THEME[this.locale];
    const label = `${this.locale} ${where}`;
    await setTheme(this.page, full);
    for (const v of await axeViolations(this.page)) this.problems.push(`${label} (${full}): ${v}`);
    for (const h of await headingOrderProblems(this.page)) this.problems.push(`${label}: heading order: ${h}`);
    const others = this.locale === THEME_SWEEP_LOCALE ? THEMES.filter((t) => t !== full) : [];
    for (const theme of others) {
      await setTheme(this.page, theme);
      for (const v of await axeViolations(this.page, { only: THEME_RULES })) this.problems.push(`${label} (${theme}): ${v}`);
    }
    await setTheme(this.page, full);
  }

  async formErrors(where: string, scope: Locator): Promise<void> {
    for (const p of await formErrorProblems(scope)) this.problems.push(`${this.locale} ${where}: ${p}`);
  }
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

const CRISIS_SLUG: Record<Locale, string> = { sv: "krisstod", en: "crisis-help", no: "krisehjelp", da: "krisehjaelp" };

/** Stress course, part 1: one module of each type that opens at the start. */
const MODULES = ["p1-welcome", "p1-pss", "p1-explainer", "p1-signs", "p1-stress-diary"] as const;

async function answerAllRadios(page: Page): Promise<void> {
  const groups = page.getByRole("main").getByRole("group");
  const count = await groups.count();
  for (let i = 0; i < count; i++) await groups.nth(i).getByRole("radio").first().check();
}

describe("axe on every screen and dialog as a user", () => {
  it.each(LOCALES)("%s: logged-in screens, course and modules, screening, dialogs", async (locale) => {
    const m = (key: string) => message(locale, key);
    const context = await loggedInContext(browser, { screening: {}, viewport: { width: 1280, height: 900 }, theme: FULL_THEME[locale] });
    const page = await context.newPage();
    const audit = new Audit(page, locale);
    const main = page.getByRole("main");
    const dialog = page.getByRole("dialog");

    for (const [where, path] of [
      ["dashboard", pathTo("dashboard", locale)],
      ["courses", pathTo("courses", locale)],
      ["contact", pathTo("contact", locale)],
      ["about us", pathTo("aboutUs", locale)],
      ["privacy", pathTo("privacy", locale)],
      ["terms", pathTo("terms", locale)],
      ["cookies", pathTo("cookies", locale)],
      ["content page", pathTo("contentPage", locale, { slug: CRISIS_SLUG[locale] })],
      ["logout-remove", pathTo("logoutRemove", locale)],
      ["not found", `${pathTo("home", locale).replace(/\/$/, "")}/finns-inte-${locale}`],
    ] as const) {
      await open(page, path);
      await audit.check(where);
    }

    // Contact form: errors announced and linked.
    await open(page, pathTo("contact", locale));
    await main.locator("form button[type=submit]").first().click();
    await main.locator("[role=alert]").first().waitFor();
    await audit.formErrors("contact form", main.locator("form").first());
    await audit.check("contact, errors");

    // Course page before and after the start, then each module type in its overlay.
    await open(page, pathTo("course", locale, { course: "stress" }));
    await audit.check("course, not started");
    await main.getByRole("button", { name: m("course.start") }).click();
    await wayIn(main, locale).waitFor();
    await audit.check("course, started");
    for (const key of MODULES) {
      await open(page, `${pathTo("course", locale, { course: "stress" })}?modul=${key}`);
      await page.locator("dialog.module-overlay[open] #module-title").waitFor();
      await audit.check(`module ${key}`);
    }
    // The audio player: the anxiety programme opens with a breathing exercise. It is started
    // through the API (leaving the stress course, as the "start another course" choice does),
    // then its module is opened by URL; the stress worksheet is opened again after it.
    const csrfAnswer = await page.request.get(`${baseUrl()}/api/v1/csrftoken/`);
    const { csrfToken } = (await csrfAnswer.json()) as { csrfToken: string };
    const started = await page.request.post(`${baseUrl()}/api/v1/course-progress/clear-unfinished/`, {
      headers: { "x-csrftoken": csrfToken, "content-type": "application/json", "accept-language": locale },
      data: { course: "anxiety" },
    });
    expect(started.status()).toBe(200);
    const { slug } = (await started.json()) as { slug: string };
    await open(page, `${pathTo("course", locale, { course: slug })}?modul=p1-breathing`);
    await page.locator("dialog.module-overlay[open] audio").waitFor({ state: "attached" });
    await audit.check("module p1-breathing (audio)");
    const restarted = await page.request.post(`${baseUrl()}/api/v1/course-progress/clear-unfinished/`, {
      headers: { "x-csrftoken": csrfToken, "content-type": "application/json", "accept-language": locale },
      data: { course: "stress" },
    });
    expect(restarted.status()).toBe(200);
    await open(page, `${pathTo("course", locale, { course: "stress" })}?modul=p1-stress-diary`);
    await page.locator("dialog.module-overlay[open] section.worksheet").waitFor();

    // The worksheet (open last): saving empty shows linked, announced errors.
    const sheet = page.locator("dialog.module-overlay[open] section.worksheet");
    await sheet.locator("form button[type=submit]").first().click();
    await sheet.locator("[role=alert]").first().waitFor();
    await audit.formErrors("worksheet form", sheet.locator("form"));
    await audit.check("worksheet, errors");

    // Screening as a user: questions, the answer-all errors, results; extended questions.
    await open(page, pathTo("screening", locale));
    await audit.check("light screening");
    await main.getByRole("button", { name: m("screening.light.send") }).click();
    await main.getByRole("alert").first().waitFor();
    await audit.check("light screening, not all answered");
    await answerAllRadios(page);
    await main.getByRole("button", { name: m("screening.light.send") }).click();
    await page.getByRole("heading", { level: 1, name: m("screening.light.resultsHeading") }).waitFor();
    await audit.check("light screening results");
    await open(page, pathTo("extendedScreening", locale));
    await audit.check("extended screening");

    // Profile and its dialogs.
    await open(page, pathTo("profile", locale));
    await audit.check("profile");
    await main.getByRole("button", { name: m("accounts.profile.changePassword") }).click();
    await dialog.getByRole("heading", { name: m("accounts.changePassword.title") }).waitFor();
    await audit.check("ChangePasswordDialog");
    await dialog.getByRole("button", { name: m("accounts.changePassword.submit") }).click();
    await dialog.locator("[role=alert]").first().waitFor();
    await audit.formErrors("ChangePasswordDialog", dialog);
    await audit.check("ChangePasswordDialog, errors");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await main.getByRole("button", { name: m("accounts.profile.regenerate") }).click();
    await dialog.getByRole("heading", { name: m("accounts.profile.regenerateTitle") }).waitFor();
    await audit.check("CodeDialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await main.getByRole("button", { name: m("accounts.profile.delete") }).click();
    await dialog.getByRole("heading", { name: m("accounts.delete.title") }).waitFor();
    await audit.check("DeleteUserDialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The crisis dialog from the side menu.
    await open(page, pathTo("dashboard", locale));
    await page.locator(".crisis-link:visible").first().click();
    await dialog.waitFor();
    await audit.check("CrisisDialog");

    expect(audit.problems).toEqual([]);
    await context.close();
  }, E2E_LONG_TEST);

  it.each(LOCALES)("%s: 2FA screens, the re-approve terms dialog and the dev test page", async (locale) => {
    const problems: string[] = [];
    // Not yet verified: the 2FA code screen.
    {
      const context = await loggedInContext(browser, { verified: false, theme: FULL_THEME[locale] });
      const page = await context.newPage();
      const audit = new Audit(page, locale);
      await open(page, pathTo("verify2fa", locale));
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(pathTo("verify2fa", locale));
      await audit.check("verify 2FA");
      await page.getByRole("main").locator("form button[type=submit]").first().click();
      await page.getByRole("main").locator("[role=alert]").first().waitFor();
      await audit.formErrors("verify 2FA form", page.getByRole("main").locator("form").first());
      problems.push(...audit.problems);
      await context.close();
    }
    // No second factor yet: the set-up screen.
    {
      const context = await loggedInContext(browser, { twofa: false, verified: false, theme: FULL_THEME[locale] });
      const page = await context.newPage();
      const audit = new Audit(page, locale);
      await open(page, pathTo("enable2fa", locale));
      expect(new URL(page.url()).pathname).toBe(pathTo("enable2fa", locale));
      await page.getByRole("heading", { level: 1 }).waitFor();
      await audit.check("enable 2FA");
      problems.push(...audit.problems);
      await context.close();
    }
    // Terms changed since the user accepted them: the re-approve dialog (cannot be dismissed).
    {
      const context = await loggedInContext(browser, { theme: FULL_THEME[locale] });
      const page = await context.newPage();
      const audit = new Audit(page, locale);
      await page.route("**/api/v1/me/", async (route) => {
        if (route.request().method() !== "GET") return route.continue();
        const response = await route.fetch();
        const status = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...status, terms_accepted: false } });
      });
      await open(page, pathTo("contact", locale));
      await page.locator(".mobile-bar, nav").getByRole("link").first().click();
      await page.getByRole("dialog").getByRole("heading", { name: message(locale, "accounts.terms.title") }).waitFor();
      await audit.check("ReApproveTermsDialog");
      problems.push(...audit.problems);
      await context.close();
    }
    // The development test page with its alert dialog (a visitor).
    {
      const context = await browser.newContext();
      const url = new URL(baseUrl());
      await context.addCookies([{ name: "theme", value: FULL_THEME[locale], domain: url.hostname, path: "/" }]);
      const page = await context.newPage();
      const audit = new Audit(page, locale);
      await open(page, pathTo("test", locale));
      await audit.check("test page");
      await page.getByRole("button", { name: "AlertDialog" }).click();
      await page.getByRole("dialog").waitFor();
      await audit.check("AlertDialog");
      problems.push(...audit.problems);
      await context.close();
    }
    expect(problems).toEqual([]);
  }, E2E_LONG_TEST);
});

/** A visitor's onboarding token made through the API, as the consent screen would. */
async function onboardingToken(locale: Locale): Promise<string> {
  const { cookie, token } = await csrf();
  const response = await fetch(`${baseUrl()}/api/v1/onboarding/`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
    body: JSON.stringify({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale }),
  });
  return ((await response.json()) as { token: string }).token;
}

describe("axe on every screen and dialog as a visitor", () => {
  it.each(LOCALES)("%s: onboarding, screening, login/BankID, register, forgot-password and crisis dialogs", async (locale) => {
    const m = (key: string) => message(locale, key);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const url = new URL(baseUrl());
    await context.addCookies([
      { name: "theme", value: FULL_THEME[locale], domain: url.hostname, path: "/" },
      { name: "pref_lang", value: locale, domain: url.hostname, path: "/" },
    ]);
    const page = await context.newPage();
    const audit = new Audit(page, locale);
    const main = page.getByRole("main");
    const dialog = page.getByRole("dialog");

    // Onboarding: consent missing → the error is announced and linked.
    await open(page, pathTo("home", locale));
    await main.getByRole("link", { name: m("home.startScreening") }).click();
    await page.getByRole("heading", { level: 1, name: m("screens.onboarding.heading") }).waitFor();
    await audit.check("onboarding");
    await main.getByRole("button", { name: m("screening.onboarding.start") }).click();
    await main.getByText(m("form.errors.consent.required")).first().waitFor();
    await audit.formErrors("onboarding consent", main);
    await audit.check("onboarding, consent missing");

    // Screening with a stored onboarding record: questions, results, extended questions.
    const token = await onboardingToken(locale);
    await page.evaluate((value) => localStorage.setItem("onboarding", JSON.stringify({ token: value })), token);
    await open(page, pathTo("screening", locale));
    await audit.check("light screening (visitor)");
    await answerAllRadios(page);
    await main.getByRole("button", { name: m("screening.light.send") }).click();
    await page.getByRole("heading", { level: 1, name: m("screening.light.resultsHeading") }).waitFor();
    await audit.check("light screening results (visitor)");
    await open(page, pathTo("extendedScreening", locale));
    await audit.check("extended screening (visitor)");

    // Dialogs from the home page.
    await open(page, pathTo("home", locale));
    await main.getByRole("button", { name: m("nav.register") }).click();
    await dialog.getByRole("heading", { level: 2, name: m("accounts.register.title") }).waitFor();
    await audit.check("RegisterDialog");
    await dialog.locator("form button[type=submit]").first().click();
    await dialog.locator("[role=alert]").first().waitFor();
    await audit.formErrors("RegisterDialog", dialog);
    await audit.check("RegisterDialog, errors");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await main.getByRole("button", { name: m("nav.login") }).click();
    await dialog.getByRole("heading", { name: m("accounts.login.title"), exact: true }).first().waitFor();
    await audit.check("EmailPwdLoginDialog with BankID");
    await dialog.getByRole("button", { name: m("bankid.otherDevice") }).click();
    await dialog.getByRole("img", { name: m("bankid.qrLabel") }).waitFor();
    await audit.check("BankID dialog, QR code");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await main.getByRole("button", { name: m("nav.login") }).click();
    await dialog.getByRole("button", { name: m("accounts.login.forgot") }).click();
    await dialog.getByRole("heading", { name: m("accounts.forgot.title") }).waitFor();
    await audit.check("ForgotPwdDialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.locator(".crisis-link:visible").first().click();
    await dialog.waitFor();
    await audit.check("CrisisDialog (visitor)");

    expect(audit.problems).toEqual([]);
    await context.close();
  }, E2E_LONG_TEST);
});

/** Every focusable control reached by Tab shows an outline or a focus ring (box-shadow). */
async function focusProblems(page: Page, where: string, options: { inDialog?: boolean } = {}): Promise<string[]> {
  const limit = 60;
  const problems: string[] = [];
  const seen = new Set<string>();
  // A screen is walked from the top; in a modal dialog Tab starts from where the dialog put focus.
  if (!options.inDialog) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
      const ring = style.boxShadow !== "none";
      const path = [el.tagName.toLowerCase(), el.id ? `#${el.id}` : "", el.getAttribute("href") ?? "", (el.textContent ?? "").trim().slice(0, 30), el.getAttribute("name") ?? "", el.getAttribute("aria-label") ?? "", el.getAttribute("aria-controls") ?? ""].join(" ");
      return { path, visible: outline || ring, focusVisible: el.matches(":focus-visible") };
    });
    if (!info) continue;
    if (seen.has(info.path)) break;
    seen.add(info.path);
    if (!info.focusVisible || !info.visible) problems.push(`${where}: no visible focus on ${info.path}`);
  }
  if (seen.size < 3) problems.push(`${where}: Tab reached only ${seen.size} controls`);
  return problems;
}

describe("keyboard focus is visible", () => {
  it("on every control reached by Tab on home, onboarding, dashboard, course, profile and an open dialog", async () => {
    const problems: string[] = [];
    for (const theme of THEMES) {
      const visitor = await browser.newContext();
      const url = new URL(baseUrl());
      await visitor.addCookies([{ name: "theme", value: theme, domain: url.hostname, path: "/" }]);
      const page = await visitor.newPage();
      await open(page, pathTo("home", "sv"));
      problems.push(...(await focusProblems(page, `${theme} home`)));
      await open(page, pathTo("onboarding", "en"));
      problems.push(...(await focusProblems(page, `${theme} onboarding`)));
      await visitor.close();

      const user = await loggedInContext(browser, { theme, viewport: { width: 1280, height: 900 } });
      const userPage = await user.newPage();
      for (const path of [pathTo("dashboard", "sv"), pathTo("course", "no", { course: "stress" }), pathTo("profile", "da")]) {
        await open(userPage, path);
        problems.push(...(await focusProblems(userPage, `${theme} ${path}`)));
      }
      await userPage.getByRole("main").getByRole("button", { name: message("da", "accounts.profile.changePassword") }).click();
      await userPage.getByRole("dialog").getByRole("heading", { name: message("da", "accounts.changePassword.title") }).waitFor();
      problems.push(...(await focusProblems(userPage, `${theme} ChangePasswordDialog`, { inDialog: true })));
      await user.close();
    }
    expect(problems).toEqual([]);
  }, E2E_LONG_TEST);
});
