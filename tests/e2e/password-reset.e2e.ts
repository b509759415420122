import { describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import { AxeLog } from "./support/axe-log.ts";
import { baseUrl, sharedBrowser, waitForHydration } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";

/**
 * Forgetting the password (issue 4): the ForgotPwdDialog from the login dialog, the reset screen
 * with a link that no longer works, and an expired registration link.
 */

const browser = sharedBrowser();

describe("password reset", () => {
  it("forgot password: the dialog and the reset screen, with an expired link", async () => {
    const m = (key: string) => message("sv", key);
    const context = await browser().newContext({
      viewport: { width: 375, height: 800 },
      locale: "sv-SE",
    });
    const page = await context.newPage();
    const axe = new AxeLog(page, "sv@375");
    const dialog = page.getByRole("dialog");
    const main = page.getByRole("main");
    const email = `forgot-${Date.now()}@example.test`;

    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    await page
      .getByRole("banner")
      .getByRole("button", { name: m("nav.login") })
      .click();
    await dialog.getByLabel(m("accounts.fields.email")).fill(email);
    await dialog.getByRole("button", { name: m("accounts.login.forgot") }).click();
    await dialog.getByRole("heading", { name: m("accounts.forgot.title") }).waitFor();
    // The address typed so far comes along, and focus stays in the dialog.
    expect(await dialog.getByLabel(m("accounts.fields.email")).inputValue()).toBe(email);
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(
      true,
    );
    await axe.checkThemes("ForgotPwdDialog");
    await dialog.getByRole("button", { name: m("accounts.forgot.submit") }).click();
    await dialog.getByRole("status").getByText(m("accounts.forgot.sentTitle")).waitFor();
    await axe.check("ForgotPwdDialog, sent");
    await dialog.getByRole("button", { name: m("accounts.forgot.backToLogin") }).click();
    await dialog.getByRole("heading", { level: 2, name: m("accounts.login.title") }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The reset screen with a link that does not work (any more).
    await page.goto(`${baseUrl()}${pathTo("resetPassword", "sv")}?token=${"A".repeat(43)}`);
    await waitForHydration(page);
    await main
      .getByLabel(m("accounts.reset.newPassword"), { exact: true })
      .fill("ett helt nytt lösenord");
    await axe.check("reset password, new password");
    await main.getByRole("button", { name: m("accounts.reset.submit") }).click();
    await main.getByText(m("accounts.reset.invalidTitle")).waitFor();
    await axe.check("reset password, link invalid");
    await main.getByRole("button", { name: m("accounts.reset.newLink") }).click();
    await main.getByText(m("accounts.reset.requestLead")).waitFor();
    expect(new URL(page.url()).search).toBe("");
    await axe.check("reset password, request");

    // An expired or used registration link.
    await page.goto(`${baseUrl()}${pathTo("register", "sv")}?code=${"B".repeat(43)}`);
    await waitForHydration(page);
    await main.getByText(m("accounts.complete.invalidTitle")).waitFor();
    await axe.check("complete registration, link invalid");

    expect(axe.problems).toEqual([]);
    await context.close();
  });
});
