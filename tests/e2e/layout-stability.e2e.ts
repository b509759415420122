import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { csrf, message, sessionCookie } from "./support/fixtures.ts";
import { CURRENT_CONSENT_VERSION } from "../../common/auth/consent.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { PUBLIC_SCREENS } from "./support/screens.ts";
import { answers, userWithCourseAndHistory } from "./support/user-api.ts";

/**
 * Layout stability (performance budget, CLS): on a phone, with the web font and the scripts
 * arriving long after the first paint (a slow connection), the server-rendered layout is the final
 * one: no layout shift while the page hydrates, loads its lazy parts, checks the onboarding record
 * and the font comes. The light screening had one of 0.149 (the font swapped in; the header's
 * crisis link had wrapped under the logo in the fallback font); the contact page's choice of
 * message or safety report was drawn unstyled until the lazy form's code brought its stylesheet,
 * and its preload linked the shell's stylesheet again, after the page's, with the web font.
 */

const FONT_DELAY_MS = 1500;
/** Scripts held back so that the page is painted from its HTML and linked stylesheets first. */
const SCRIPT_DELAY_MS = 1000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function onboardingToken(): Promise<string> {
  const { cookie, token } = await csrf();
  const response = await fetch(`${baseUrl()}/api/v1/onboarding/`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
    body: JSON.stringify({ consent: true, adult: true, consent_version: CURRENT_CONSENT_VERSION, locale: "sv" }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A visitor who has saved these groups of the extended screening (all answers 1, item 9 at 0). */
async function visitorWith(groups: (keyof typeof GROUP_ITEMS)[]): Promise<string> {
  const token = await onboardingToken();
  const { cookie, token: csrfToken } = await csrf();
  const response = await fetch(`${baseUrl()}/api/v1/screening-extended/`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": csrfToken, "content-type": "application/json", token },
    body: JSON.stringify({ groups: Object.fromEntries(groups.map((group) => [group, { answers: { ...answers(group, GROUP_ITEMS[group], 1), ...(group === "phq9" ? { phq9_9: 0 } : {}) } }])) }),
  });
  expect(response.status).toBe(200);
  return token;
}
const GROUP_ITEMS = { phq9: 9, gad7: 7, pss10: 10, miss: 3 } as const;

interface Shift {
  value: number;
  sources: string[];
}

/** The layout shifts of a first load at Lighthouse's phone size, the fonts held back. */
async function shiftsOf(
  path: string,
  onboarding: string | null,
  sessionid: string | null = null,
): Promise<{ shifts: Shift[]; errors: string[]; url: string }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: "sv-SE",
  });
  try {
    if (sessionid) await context.addCookies([sessionCookie(sessionid)]);
    await context.addInitScript((token) => {
      if (token) localStorage.setItem("onboarding", JSON.stringify({ token }));
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((s) =>
              s.node instanceof Element
                ? `${s.node.tagName.toLowerCase()}.${s.node.className}`
                : String(s.node?.nodeName),
            ),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    }, onboarding);
    const page = await context.newPage();
    const errors = collectErrors(page);
    let fontsHeld = 0;
    await page.route("**/*.woff2", async (route) => {
      fontsHeld++;
      await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
      await route.continue();
    });
    await page.route("**/assets/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
      await route.continue();
    });
    await page.goto(`${baseUrl()}${path}`);
    await waitForHydration(page);
    // The lazy parts (a form, its styles) have come after the hydration.
    await page.waitForLoadState("networkidle");
    // The font has come (or been given up): any swap would have happened by now.
    await page.waitForTimeout(FONT_DELAY_MS + 1000);
    expect(fontsHeld, "the page asks for its web font").toBeGreaterThan(0);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    // The shell's stylesheet (the root's, linked first) linked again by a lazy part's preload (not
    // knowing the root's link by its address) came last and won over the page's own stylesheets
    // where rules tie, now and after any later navigation. (A route's stylesheet asked for again
    // by its own lazy module lands right after the route's link, and goes when the route goes.)
    const stylesheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].map((link) => new URL(link.href).pathname),
    );
    const shell = stylesheets[0];
    if (stylesheets.filter((href) => href === shell).length !== 1) errors.push(`the shell's stylesheet linked again: ${stylesheets.join(", ")}`);
    return { shifts, errors, url: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

describe("layout stability on a phone with a slow web font", () => {
  it("the light screening (an onboarded visitor) does not move", async () => {
    const { shifts, errors, url } = await shiftsOf("/screening", await onboardingToken());
    expect(url).toBe("/screening");
    expect(shifts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the public screens do not move (the contact form's lazy styles among them)", async () => {
    for (const path of PUBLIC_SCREENS.map((id) => pathTo(id, "sv"))) {
      const { shifts, errors, url } = await shiftsOf(path, null);
      expect(url).toBe(path);
      // The cause first: a stylesheet linked again moves the page too.
      expect(errors, path).toEqual([]);
      expect(shifts, path).toEqual([]);
    }
  });

  it("the light screening's results appear whole: the next step does not move down when their code is slow", async () => {
    // The areas' view is code of its own, loaded when needed. It came after the results, and the
    // next step ("go on to the extended screening") moved down under the pointer as it arrived: a
    // click on the link could land on the areas instead (a journey's click did, under load).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
    const token = await onboardingToken();
    await context.addInitScript((value) => localStorage.setItem("onboarding", JSON.stringify({ token: value })), token);
    const page = await context.newPage();
    let held = 0;
    await page.route("**/assets/area-results-*.js", async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/screening`);
    await waitForHydration(page);
    const main = page.getByRole("main");
    const groups = main.getByRole("group");
    for (let i = 0; i < (await groups.count()); i++) {
      const group = groups.nth(i);
      await group.getByRole("radio").nth((await group.getAttribute("id")) === "q-phq9_9" ? 0 : 1).check();
    }
    // Whether a "loading" line ever stands in the areas' place (just before the next step), even
    // for a moment (a lazy component suspends once even when its code is already here).
    await page.evaluate(() => {
      const seen = window as unknown as { __areasLoading: boolean };
      seen.__areasLoading = false;
      new MutationObserver(() => {
        const before = document.querySelector("section[aria-labelledby=next-step]")?.previousElementSibling;
        if (before?.matches("p[role=status]")) seen.__areasLoading = true;
      }).observe(document.querySelector("main")!, { childList: true, subtree: true });
    });
    await main.getByRole("button", { name: message("sv", "screening.light.send") }).click();
    const next = main.getByRole("link", { name: message("sv", "screening.light.toExtended") });
    await next.waitFor();
    const where = () => next.evaluate((link) => Math.round(link.getBoundingClientRect().top + scrollY));
    const first = await where();
    await main.locator(".area-results").waitFor();
    expect(await where(), "where the link is once the areas came").toBe(first);
    expect(held, "the results view's code was held back").toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __areasLoading: boolean }).__areasLoading), "a loading line in the areas' place").toBe(false);
    await context.close();
  });

  it("the extended screening, drawn in the browser, does not move: a visitor's first and last group and results, a user's results", async () => {
    // Its questions and results load in the browser (a visitor's token is in local storage): the
    // footer stood at the bottom of the first paint and was pushed out of view when they came
    // (0.20–0.25 on a phone), and the results' parts came one after another.
    const path = pathTo("extendedScreening", "sv");
    const { api } = await userWithCourseAndHistory("sv");
    const cases: [string, string | null, string | null][] = [
      ["a visitor's first group", await onboardingToken(), null],
      ["a visitor's last group", await visitorWith(["phq9", "gad7", "pss10"]), null],
      ["a visitor's results", await visitorWith(["phq9", "gad7", "pss10", "miss"]), null],
      ["a user's results", null, api.sessionid],
    ];
    for (const [name, token, sessionid] of cases) {
      const { shifts, errors, url } = await shiftsOf(path, token, sessionid);
      expect(url, name).toBe(path);
      expect(errors, name).toEqual([]);
      expect(shifts, name).toEqual([]);
    }
  });

  it("a user's dashboard with a course and history, the course page and the profile do not move", async () => {
    const { api, course } = await userWithCourseAndHistory("sv");
    for (const path of [pathTo("dashboard", "sv"), pathTo("course", "sv", { course: course.slug }), pathTo("profile", "sv")]) {
      const { shifts, errors, url } = await shiftsOf(path, null, api.sessionid);
      expect(url).toBe(path);
      // The cause first: a stylesheet linked again moves the page too.
      expect(errors, path).toEqual([]);
      expect(shifts, path).toEqual([]);
    }
  });
});
