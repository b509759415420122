import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totp } from "./support/accounts.ts";
import { baseUrl, launchBrowser, waitForHydration } from "./support/browser.ts";
import { contextWithSession, createSession, csrf, loggedInContext, message } from "./support/fixtures.ts";

/**
 * Issue 24: the rules of spec §2, §4, §8 and §9 that an audit found broken, each in a real
 * Chromium, kept short (the state enumeration is the unit test common/routing/guards.test.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const m = (key: string) => message("sv", key);
const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first().textContent();
/**
 * The heading once the screen a client-side redirect went to has rendered: the browser's router
 * changes the URL before React commits the new screen, so on a busy machine the old heading can
 * still be there right after `waitForURL` (seen: "Fördjupad screening" after the redirect to /).
 */
const h1Becomes = (page: Page, text: string) => expect.poll(() => h1(page), { timeout: 10_000 }).toBe(text);

/** How many redirects the browser followed to this answer. */
function redirects(response: Response | null): number {
  let count = 0;
  for (let request = response?.request().redirectedFrom(); request; request = request.redirectedFrom()) count++;
  return count;
}

describe("§2 guards: no redirect loop in any login state", () => {
  it("two devices: removing the authenticator on one leaves the other on a rendered page", async () => {
    const password = "ett långt lösenord för två enheter";
    const first = await createSession({ password });
    const second = await createSession({ userId: first.userId });
    const other = await contextWithSession(browser, second.sessionid);
    const page = await other.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    // A new account's first arrival on the dashboard: "Welcome" (issue 20, point 8).
    expect(await h1(page)).toBe(m("dashboard.welcome"));

    // The first device removes the authenticator (POST /twofa/disable/ with password and code).
    const { cookie, token } = await csrf();
    const disabled = await fetch(`${baseUrl()}/api/v1/twofa/disable/`, {
      method: "POST",
      headers: { cookie: `${cookie}; sessionid=${first.sessionid}`, "x-csrftoken": token, "content-type": "application/json" },
      body: JSON.stringify({ code: totp(first.totpSecret ?? ""), password }),
    });
    expect(disabled.status).toBe(200);

    // The other device (it used to bounce between /dashboard and /aktivera-2fa until the browser gave up).
    const response = await page.goto(`${baseUrl()}/dashboard`);
    expect(response?.status()).toBe(200);
    expect(redirects(response)).toBeLessThanOrEqual(2);
    expect(await h1(page)).toBe(m("home.heading"));
    await other.close();
  });

  it("a session still marked verified that needs 2FA set-up lands on the set-up page", async () => {
    const context = await loggedInContext(browser, { verified: true, twofa: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl()}/dashboard`);
    expect(redirects(response)).toBe(1);
    expect(page.url()).toBe(`${baseUrl()}/aktivera-2fa`);
    expect(await h1(page)).toBe(m("screens.enable2fa.heading"));
    await context.close();
  });

  it("onboarding: without a record / ; a code in the link starts onboarding", async () => {
    const page = await browser.newPage({ locale: "sv-SE" });
    await page.goto(`${baseUrl()}/fordjupad-screening`);
    await page.waitForURL(`${baseUrl()}/`);
    await h1Becomes(page, m("home.heading"));
    await page.goto(`${baseUrl()}/screening?code=k7`);
    await page.waitForURL(`${baseUrl()}/onboarding?code=k7`);
    await h1Becomes(page, m("screens.onboarding.heading"));
    await page.close();
  });
});

describe("§4 and §8 in the browser", () => {
  it("the re-approve-terms dialog opens for a logged-in user who has not verified yet", async () => {
    const context = await loggedInContext(browser, { verified: false, terms: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/verifiera-2fa`);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: m("accounts.terms.title") });
    await dialog.waitFor();
    // The consent is given again with the terms (ADR 021): health information and 18 or older.
    await dialog.getByRole("checkbox", { name: m("accounts.complete.health") }).check();
    await dialog.getByRole("checkbox", { name: m("accounts.complete.adult") }).check();
    await dialog.getByRole("button", { name: m("accounts.terms.accept"), exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    const me = (await (await context.request.get(`${baseUrl()}/api/v1/me/`)).json()) as { terms_accepted: boolean };
    expect(me.terms_accepted).toBe(true);
    await context.close();
  });

  it("a 401/403 that is not about CSRF calls the logout endpoint and goes to /", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 1280, height: 800 }, locale: "sv-SE" });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForHydration(page);
    await page.route("**/api/v1/courses/", (route) =>
      route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ detail: "Forbidden.", code: "auth.forbidden" }) }),
    );
    const logout = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/v1/logout");
    await page.getByRole("navigation", { name: m("nav.mainMenu") }).getByRole("link", { name: m("nav.courses") }).click();
    expect((await logout).method()).toBe("GET");
    await page.waitForURL(`${baseUrl()}/`);
    await h1Becomes(page, m("home.heading"));
    // The session was still valid before; now it has ended.
    const me = (await (await context.request.get(`${baseUrl()}/api/v1/me/`)).json()) as { logged_in: boolean };
    expect(me.logged_in).toBe(false);
    await context.close();
  });

  it("another error shows the general error page, whose Back button goes one step back", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await waitForHydration(page);
    await page.route("**/api/v1/courses/", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ detail: "Boom.", code: "server.error" }) }),
    );
    await page.getByRole("navigation", { name: m("nav.mainMenu") }).getByRole("link", { name: m("nav.courses") }).click();
    await page.getByRole("heading", { level: 1, name: m("errors.default") }).waitFor();
    await page.getByRole("button", { name: m("errors.back") }).click();
    await page.waitForURL(`${baseUrl()}/dashboard`);
    await context.close();
  });

  it("when the error page itself cannot load, a plain message with a link home, never 'Application Error'", async () => {
    const page = await browser.newPage();
    await page.route(/\/assets\/error-page-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${baseUrl()}/en/does-not-exist`);
    const fallback = page.locator(".error-fallback");
    await fallback.waitFor();
    expect(await fallback.getByText(message("en", "errors.fallback")).isVisible()).toBe(true);
    expect(await fallback.getByRole("link", { name: message("en", "errors.home") }).getAttribute("href")).toBe("/en");
    expect(await page.content()).not.toContain("Application Error");
    await page.close();
  });
});

describe("§9 breakpoints", () => {
  it("small up to 767 px, medium from 768 px, large from 1280 px", async () => {
    const context = await loggedInContext(browser, { viewport: { width: 767, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    const layout = () =>
      page.evaluate(() => ({
        menu: document.querySelector(".side-menu")?.getBoundingClientRect().width ?? 0,
        padding: parseFloat(getComputedStyle(document.querySelector(".page") ?? document.body).paddingLeft),
      }));
    expect((await layout()).menu).toBe(0);
    await page.setViewportSize({ width: 768, height: 800 });
    const medium = await layout();
    await page.setViewportSize({ width: 1279, height: 800 });
    expect(await layout()).toEqual(medium);
    await page.setViewportSize({ width: 1280, height: 800 });
    const large = await layout();
    expect(medium.menu).toBeGreaterThan(0);
    expect(large.menu).toBeGreaterThan(medium.menu);
    expect(large.padding).toBeGreaterThan(medium.padding);
    await context.close();
  });
});
