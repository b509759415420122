import { describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import { AxeLog } from "./support/axe-log.ts";
import { baseUrl, sharedBrowser, waitForHydration } from "./support/browser.ts";
import { loggedInContext, message } from "./support/fixtures.ts";

/**
 * Changed terms (spec §4): the ReApproveTermsDialog cannot be dismissed; accepting needs the
 * consent boxes again, declining leads to the logout-remove screen.
 */

const browser = sharedBrowser();

describe("changed terms", () => {
  it("asks to re-approve changed terms: cannot be dismissed; accept, or decline to logout-remove", async () => {
    const m = (key: string) => message("en", key);
    const context = await loggedInContext(browser(), { viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const axe = new AxeLog(page, "en@375");
    const dialog = page.getByRole("dialog");
    // The status check in the browser reports the terms as not accepted until the user accepts
    // (the fixture user has the current version; the server's answer is changed in flight).
    let outdated = true;
    await page.route("**/api/v1/me/", async (route) => {
      if (!outdated || route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      const status = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...status, terms_accepted: false } });
    });
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/v1/me/accept-terms/"))
        outdated = false;
    });

    await page.goto(`${baseUrl()}${pathTo("contact", "en")}`);
    await waitForHydration(page);
    await page
      .locator(".mobile-bar")
      .getByRole("link", { name: m("nav.close") })
      .click();
    await dialog.getByRole("heading", { name: m("accounts.terms.title") }).waitFor();
    expect(await dialog.getByRole("button", { name: message("en", "dialog.close") }).count()).toBe(
      0,
    );
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(true);
    await axe.checkThemes("ReApproveTermsDialog");
    // The consent is given again with the terms: without the boxes the dialog names them.
    await dialog.getByRole("button", { name: m("accounts.terms.accept"), exact: true }).click();
    await dialog.getByText(m("form.errors.age.required")).first().waitFor();
    await dialog.getByRole("checkbox", { name: m("accounts.complete.health") }).check();
    await dialog.getByRole("checkbox", { name: m("accounts.complete.adult") }).check();
    await dialog.getByRole("button", { name: m("accounts.terms.accept"), exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await page
      .locator(".mobile-bar")
      .getByRole("link", { name: m("nav.profile") })
      .click();
    await page.getByRole("heading", { level: 1, name: m("screens.profile.heading") }).waitFor();
    expect(await dialog.isVisible()).toBe(false);

    // Declining leads to the screen where the account can be deleted.
    outdated = true;
    await page
      .getByRole("main")
      .getByRole("link", { name: message("en", "footer.terms") })
      .click();
    await dialog.getByRole("button", { name: m("accounts.terms.decline") }).click();
    await page.waitForURL(`${baseUrl()}${pathTo("logoutRemove", "en")}`);
    await page
      .getByRole("heading", { level: 1, name: m("screens.logoutRemove.heading") })
      .waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await axe.check("logout-remove after declining");
    expect(axe.problems).toEqual([]);
    await context.close();
  });
});
