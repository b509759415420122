import { describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import { AxeLog } from "./support/axe-log.ts";
import { baseUrl, sharedBrowser, collectErrors, waitForHydration } from "./support/browser.ts";
import { loggedInContext, message } from "./support/fixtures.ts";

/**
 * Leaving (ADR 006): the logout-remove screen, and /logout reached from another site, which asks
 * before it logs out.
 */

const browser = sharedBrowser();

describe("logging out", () => {
  it("the logout-remove screen explains and asks for the password", async () => {
    const context = await loggedInContext(browser(), { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const axe = new AxeLog(page, "da@1280");
    await page.goto(`${baseUrl()}${pathTo("logoutRemove", "da")}`);
    await waitForHydration(page);
    await page
      .getByRole("heading", { level: 1, name: message("da", "screens.logoutRemove.heading") })
      .waitFor();
    const button = page.getByRole("button", { name: message("da", "accounts.delete.submit") });
    expect(await button.getAttribute("class")).toContain("button--danger");
    await axe.check("logout-remove");
    expect(axe.problems).toEqual([]);
    await context.close();
  });

  it("/logout reached from another site asks first; nothing happens until the button is pressed", async () => {
    const context = await loggedInContext(browser(), { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const axe = new AxeLog(page, "en@1280");
    const loggedIn = async () =>
      ((await (await page.request.get(`${baseUrl()}/api/v1/me/`)).json()) as { logged_in: boolean }).logged_in;
    // A full page load with another site as referrer: no history state, so the screen asks.
    await page.goto(`${baseUrl()}${pathTo("logout", "en")}`, { referer: "https://elsewhere.example/page" });
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: message("en", "screens.logout.confirmHeading") }).waitFor();
    await page.waitForTimeout(500);
    expect(await loggedIn()).toBe(true);
    await axe.check("logout confirmation");
    await page.getByRole("button", { name: message("en", "nav.logout") }).click();
    await page.waitForURL(`${baseUrl()}${pathTo("home", "en")}`);
    expect(await loggedIn()).toBe(false);
    expect(axe.problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
