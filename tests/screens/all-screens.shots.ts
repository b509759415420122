import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import { LOCALE_SETTINGS, type Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseCard, CourseDetail } from "../../common/schemas/courses.ts";
import { THEMES, type Theme } from "../../app/lib/theme.ts";
import { baseUrl, launchBrowser, waitForHydration } from "../e2e/support/browser.ts";
import { answerEvaluation, overlay } from "../e2e/support/courses.ts";
import { csrf, message } from "../e2e/support/fixtures.ts";
import { UserApi, extendedScreening } from "../e2e/support/user-api.ts";
import { layoutProblems } from "./layout-checks.ts";

/**
 * Every screen of the specification (§2) and its dialogs and module overlays, as a visitor and
 * logged in, written to `.tmp/screens/all/<locale>-<width>-<theme>/` to be looked at by a person
 * (`npm run screenshots`; one run: `-t "sv 375 green"`). Swedish at 375 and 1280 px in the four
 * themes; English, Norwegian and Danish at 375 px (green) and 1280 px (white). Beside the
 * pictures, `report.txt` lists what layout-checks.ts measured on each screen (sideways scrolling,
 * clipped text, small targets, another language's messages). Not part of `npm test`: it is for
 * looking; the accessibility files do the axe checks.
 */

interface Run {
  locale: Locale;
  width: number;
  theme: Theme;
}
const RUNS: Run[] = [
  ...[375, 1280].flatMap((width) =>
    THEMES.map((theme) => ({ locale: "sv" as const, width, theme })),
  ),
  ...(["en", "no", "da"] as const).flatMap((locale) => [
    { locale, width: 375, theme: "green" as const },
    { locale, width: 1280, theme: "white" as const },
  ]),
];
const ROOT = path.resolve(".tmp/screens/all");
const CRISIS_SLUG: Record<Locale, string> = {
  sv: "krisstod",
  en: "crisis-help",
  no: "krisehjelp",
  da: "krisehjaelp",
};

let browser: Browser;
beforeAll(async () => {
  mkdirSync(ROOT, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Shoots the page (whole, or as the viewport shows a dialog: `view`) and notes what it measured. */
class Tour {
  private count = 0;
  readonly dir: string;
  private readonly run: Run;
  constructor(run: Run) {
    this.run = run;
    this.dir = path.join(ROOT, `${run.locale}-${run.width}-${run.theme}`);
    mkdirSync(this.dir, { recursive: true });
  }

  async shoot(page: Page, name: string, view = false): Promise<void> {
    const file = `${String(++this.count).padStart(2, "0")}-${name}.png`;
    // What loads after the page (results, recommendations, charts) is there before the picture.
    const loading = message(this.run.locale, "screening.loading");
    await page.waitForFunction(
      (text) =>
        ![...document.querySelectorAll("[role=status]")].some(
          (el) => el.textContent?.trim() === text,
        ),
      loading,
    );
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: path.join(this.dir, file),
      fullPage: !view,
      animations: "disabled",
    });
    const problems = await layoutProblems(page, this.run.locale);
    const line = `${path.basename(this.dir)}/${file} ${page.url().replace(baseUrl(), "")}\n${problems.map((p) => `  ${p}\n`).join("")}`;
    appendFileSync(path.join(ROOT, "report.txt"), line);
  }
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(`${baseUrl()}${url}`);
  await waitForHydration(page);
}

async function visitorContext(run: Run): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: run.width, height: 900 },
    locale: LOCALE_SETTINGS[run.locale].htmlLang,
  });
  const { hostname } = new URL(baseUrl());
  await context.addCookies([
    { name: "theme", value: run.theme, domain: hostname, path: "/" },
    { name: "pref_lang", value: run.locale, domain: hostname, path: "/" },
  ]);
  return context;
}

/** A user in this run's language and theme (a user's theme is their profile's). */
async function userContext(
  run: Run,
  options: { verified?: boolean; twofa?: boolean } = {},
): Promise<{ api: UserApi; context: BrowserContext }> {
  const api = await UserApi.create(run.locale, options);
  if (options.verified !== false)
    await api.call("PATCH", "/me/profile/", { theme: run.theme, name: "Alex" });
  const context = await api.context(browser, {
    width: run.width,
    theme: run.theme,
    locale: run.locale,
  });
  return { api, context };
}

/** Every question of the screen answered with its option `index` (or the last there is). */
async function answerAll(page: Page, index: number): Promise<void> {
  const groups = page.getByRole("main").getByRole("group");
  for (let i = 0; i < (await groups.count()); i++) {
    const radios = groups.nth(i).getByRole("radio");
    await radios.nth(Math.min(index, (await radios.count()) - 1)).check();
  }
}

async function onboardingToken(locale: Locale): Promise<string> {
  const { cookie, token } = await csrf();
  const response = await fetch(`${baseUrl()}/api/v1/onboarding/`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
    body: JSON.stringify({
      consent: true,
      adult: true,
      consent_version: CURRENT_CONSENT_VERSION,
      locale,
    }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function visitorScreens(run: Run, tour: Tour): Promise<void> {
  const { locale } = run;
  const m = (key: string) => message(locale, key);
  const context = await visitorContext(run);
  const page = await context.newPage();
  const main = page.getByRole("main");
  const dialog = page.getByRole("dialog");
  const escape = async () => {
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  };

  await open(page, pathTo("home", locale));
  await tour.shoot(page, "home");
  await main.getByRole("button", { name: m("nav.login") }).click();
  await dialog
    .getByRole("heading", { name: m("accounts.login.title"), exact: true })
    .first()
    .waitFor();
  await tour.shoot(page, "login-dialog", true);
  await dialog.getByRole("button", { name: m("accounts.login.forgot") }).click();
  await dialog.getByRole("heading", { name: m("accounts.forgot.title") }).waitFor();
  await tour.shoot(page, "forgot-password-dialog", true);
  await escape();
  await main.getByRole("button", { name: m("nav.register") }).click();
  await dialog.getByRole("heading", { level: 2, name: m("accounts.register.title") }).waitFor();
  await dialog.locator("form button[type=submit]").first().click();
  await dialog.locator("[role=alert]").first().waitFor();
  await tour.shoot(page, "register-dialog-errors", true);
  await escape();
  await page.locator(".crisis-link").first().click();
  await dialog.waitFor();
  await tour.shoot(page, "crisis-dialog", true);
  await escape();

  await main.getByRole("link", { name: m("home.startScreening") }).click();
  await page.getByRole("heading", { level: 1, name: m("screens.onboarding.heading") }).waitFor();
  await main.getByRole("button", { name: m("screening.onboarding.start") }).click();
  await main.getByText(m("form.errors.consent.required")).first().waitFor();
  await tour.shoot(page, "onboarding-errors");

  const token = await onboardingToken(locale);
  await page.evaluate(
    (value) => localStorage.setItem("onboarding", JSON.stringify({ token: value })),
    token,
  );
  await open(page, pathTo("screening", locale));
  await tour.shoot(page, "light-screening");
  await answerAll(page, 1);
  await main.getByRole("button", { name: m("screening.light.send") }).click();
  await page
    .getByRole("heading", { level: 1, name: m("screening.light.resultsHeading") })
    .waitFor();
  await tour.shoot(page, "light-screening-results");
  await open(page, pathTo("extendedScreening", locale));
  await tour.shoot(page, "extended-screening");
  for (let group = 0; group < 4; group++) {
    await answerAll(page, 2);
    await main
      .getByRole("button", {
        name: m(group === 3 ? "screening.extended.finish" : "screening.extended.save"),
      })
      .click();
    if (group < 3)
      await main
        .getByText(
          m("screening.extended.progress")
            .replace("{{done}}", String(group + 1))
            .replace("{{total}}", "4"),
        )
        .waitFor();
  }
  await page
    .getByRole("heading", { level: 1, name: m("screening.extended.resultsHeading") })
    .waitFor();
  await tour.shoot(page, "extended-screening-results");

  await open(page, pathTo("courses", locale));
  await tour.shoot(page, "courses-visitor");
  await open(page, pathTo("course", locale, { course: "stress" }));
  await tour.shoot(page, "public-course");
  for (const [name, screen] of [
    ["register", "register"],
    ["pending-registration", "pendingRegistration"],
    ["reset-password", "resetPassword"],
    ["contact-visitor", "contact"],
    ["about-us", "aboutUs"],
    ["privacy", "privacy"],
    ["terms", "terms"],
    ["cookies", "cookies"],
  ] as const) {
    await open(page, pathTo(screen, locale));
    await tour.shoot(page, name);
  }
  await open(page, pathTo("contentPage", locale, { slug: CRISIS_SLUG[locale] }));
  await tour.shoot(page, "crisis-page-visitor");
  await page.goto(`${baseUrl()}${pathTo("home", locale).replace(/\/$/, "")}/finns-inte`);
  await waitForHydration(page);
  await tour.shoot(page, "not-found-visitor");
  await context.close();
}

async function twoFactorScreens(run: Run, tour: Tour): Promise<void> {
  const setup = await userContext(run, { twofa: false, verified: false });
  const page = await setup.context.newPage();
  await open(page, pathTo("enable2fa", run.locale));
  await page.getByRole("heading", { level: 1 }).waitFor();
  await tour.shoot(page, "enable-2fa");
  await setup.context.close();
  const code = await userContext(run, { verified: false });
  const verify = await code.context.newPage();
  await open(verify, pathTo("verify2fa", run.locale));
  await verify.getByRole("main").locator("form button[type=submit]").first().click();
  await verify.getByRole("main").locator("[role=alert]").first().waitFor();
  await tour.shoot(verify, "verify-2fa-errors");
  await code.context.close();
}

async function openModule(page: Page, slug: string, key: string, locale: Locale): Promise<void> {
  await open(page, `${pathTo("course", locale, { course: slug })}?modul=${key}`);
  await overlay(page).locator("#module-title").waitFor();
}

async function userScreens(run: Run, tour: Tour): Promise<void> {
  const { locale } = run;
  const m = (key: string) => message(locale, key);
  const { api, context } = await userContext(run);
  const page = await context.newPage();
  const main = page.getByRole("main");
  const dialog = page.getByRole("dialog");
  // A history of two extended screenings, a month apart in the chart's eyes is not needed: two points.
  await extendedScreening(api, 1);
  await extendedScreening(api, 2);

  // The anxiety programme's breathing exercise (audio), then the stress course in progress.
  const anxiety = await api.call<CourseDetail>(
    "POST",
    "/course-progress/clear-unfinished/",
    { course: "anxiety" },
    locale,
  );
  await openModule(page, anxiety.slug, "p1-breathing", locale);
  await tour.shoot(page, "module-audio", true);
  const stress = await api.call<CourseDetail>(
    "POST",
    "/course-progress/clear-unfinished/",
    { course: "stress" },
    locale,
  );
  const modules = stress.course_parts[0]?.content_modules ?? [];
  await api.call("POST", modules[0]?.progress_url ?? "", {});
  for (const [key, name] of [
    ["p1-welcome", "module-text"],
    ["p1-pss", "module-questionnaire"],
  ] as const) {
    await openModule(page, stress.slug, key, locale);
    await tour.shoot(page, name, true);
  }
  await answerEvaluation(page, locale);
  await tour.shoot(page, "module-questionnaire-result", true);
  for (const [key, name] of [
    ["p1-explainer", "module-video"],
    ["p1-signs", "module-list"],
    ["p1-stress-diary", "module-worksheet"],
  ] as const) {
    await openModule(page, stress.slug, key, locale);
    await tour.shoot(page, name, true);
  }
  await overlay(page).locator("section.worksheet form button[type=submit]").first().click();
  await overlay(page).locator("section.worksheet [role=alert]").first().waitFor();
  await tour.shoot(page, "module-worksheet-errors", true);

  await open(page, pathTo("course", locale, { course: stress.slug }));
  await tour.shoot(page, "course-in-progress");
  await open(page, pathTo("dashboard", locale));
  await tour.shoot(page, "dashboard");
  const cards = await api.call<CourseCard[]>("GET", "/courses/", undefined, locale);
  await open(
    page,
    pathTo("course", locale, { course: cards.find((c) => c.key === "sleep")?.slug ?? "" }),
  );
  await main.getByRole("button", { name: m("course.start") }).click();
  await dialog.getByRole("heading", { name: m("course.switch.title") }).waitFor();
  await tour.shoot(page, "course-switch-dialog", true);
  for (const [name, url] of [
    ["courses", pathTo("courses", locale)],
    ["profile", pathTo("profile", locale)],
    ["contact", pathTo("contact", locale)],
    ["about-us-user", pathTo("aboutUs", locale)],
    ["crisis-page", pathTo("contentPage", locale, { slug: CRISIS_SLUG[locale] })],
    ["light-screening-user", pathTo("screening", locale)],
    ["extended-screening-results-user", pathTo("extendedScreening", locale)],
  ] as const) {
    await open(page, url);
    await tour.shoot(page, name);
  }
  await open(page, pathTo("profile", locale));
  await main.getByRole("button", { name: m("accounts.profile.changePassword") }).click();
  await dialog.getByRole("button", { name: m("accounts.changePassword.submit") }).click();
  await dialog.locator("[role=alert]").first().waitFor();
  await tour.shoot(page, "change-password-dialog-errors", true);
  await page.keyboard.press("Escape");
  await main.getByRole("button", { name: m("accounts.profile.delete") }).click();
  await dialog.getByRole("heading", { name: m("accounts.delete.title") }).waitFor();
  await tour.shoot(page, "delete-user-dialog", true);
  await page.goto(`${baseUrl()}${pathTo("home", locale).replace(/\/$/, "")}/finns-inte`);
  await waitForHydration(page);
  await tour.shoot(page, "not-found-user");
  await context.close();
}

describe("every screen", () => {
  for (const run of RUNS) {
    it(`${run.locale} ${run.width} ${run.theme}`, async () => {
      const tour = new Tour(run);
      await visitorScreens(run, tour);
      await twoFactorScreens(run, tour);
      await userScreens(run, tour);
    }, 600_000);
  }
});
