import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { freshTotp, latestMail, linkWith } from "./support/accounts.ts";
import { AxeLog } from "./support/axe-log.ts";
import { baseUrl, sharedBrowser, collectErrors, waitForHydration } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";

/**
 * The account journey through the UI (issue 4): create an account by e-mail, set up two-step
 * verification, log out and in again, change the password and delete the account — in Swedish
 * and English, on a phone (375 px) and a desktop (1280 px), with axe at every step and the
 * dialogs' colours checked in all four themes. The four journeys run side by side.
 */

const browser = sharedBrowser();

const PASSWORD = "en lugn morgon vid havet";
const NEW_PASSWORD = "kvällsljus över stilla sjön";

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** After a failed submit, focus moves to the error summary. */
async function expectSummaryFocused(page: Page): Promise<void> {
  // The first submit may load the form's schema first: on a loaded machine that takes seconds.
  await page.waitForFunction(() => document.activeElement?.classList.contains("form-error-summary") ?? false, null, { timeout: 30_000 });
}

interface Journey {
  locale: Locale;
  width: 375 | 1280;
}

const JOURNEYS: Journey[] = [
  { locale: "sv", width: 375 },
  { locale: "sv", width: 1280 },
  { locale: "en", width: 375 },
  { locale: "en", width: 1280 },
];

describe("account journey", () => {
  it.each(JOURNEYS)(
    "$locale at $width px: register, 2FA, log out and in, change password, delete",
    async ({ locale, width }) => {
      const m = (key: string) => message(locale, key);
      const phone = width === 375;
      const email = `journey-${locale}-${width}-${Date.now()}@example.test`;
      const context = await browser().newContext({
        viewport: { width, height: phone ? 800 : 900 },
        locale: locale === "sv" ? "sv-SE" : "en-US",
      });
      const url = new URL(baseUrl());
      await context.addCookies([
        { name: "theme", value: "green", domain: url.hostname, path: "/" },
      ]);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const axe = new AxeLog(page, `${locale}@${width}`);
      const dialog = page.getByRole("dialog");
      const main = page.getByRole("main");

      // Home → Create account.
      await page.goto(`${baseUrl()}${pathTo("home", locale)}`);
      await waitForHydration(page);
      await axe.check("home");
      await main.getByRole("button", { name: m("nav.register") }).click();
      await dialog.getByRole("heading", { level: 2, name: m("accounts.register.title") }).waitFor();
      await axe.checkThemes("RegisterDialog");
      const emailField = dialog.getByLabel(m("accounts.fields.email"));
      expect(await emailField.getAttribute("autocomplete")).toBe("email");
      await emailField.fill(email);
      await dialog.getByRole("button", { name: m("accounts.register.submit") }).click();

      // Pending registration: the address comes along in navigation state, not in the URL.
      await page
        .getByRole("heading", { level: 1, name: m("screens.pendingRegistration.heading") })
        .waitFor();
      expect(page.url()).toBe(`${baseUrl()}${pathTo("pendingRegistration", locale)}`);
      expect(await main.textContent()).toContain(fill(m("accounts.pending.sentTo"), { email }));
      await axe.check("pending registration");
      if (phone) {
        await main.getByRole("button", { name: m("accounts.pending.sendAgain") }).click();
        await main
          .getByRole("status")
          .getByText(fill(m("accounts.pending.resent"), { email }))
          .waitFor();
        await axe.check("pending registration, sent again");
      }

      // The link from the e-mail → complete the registration.
      const registration = await latestMail(email);
      await page.goto(linkWith(registration, "code"));
      await waitForHydration(page);
      const password = main.getByLabel(m("accounts.complete.password"), { exact: true });
      await password.waitFor();
      expect(await main.textContent()).toContain(email);
      expect(await password.getAttribute("autocomplete")).toBe("new-password");
      await axe.check("complete registration");
      if (phone) {
        // Nothing filled in: every problem is said, and focus moves to the summary.
        await main.getByRole("button", { name: m("accounts.complete.submit") }).click();
        await expectSummaryFocused(page);
        expect(await main.getByText(m("form.errors.consent.required")).count()).toBeGreaterThan(0);
        await axe.check("complete registration, errors");
      }
      await password.fill(PASSWORD);
      await main.getByRole("checkbox", { name: m("accounts.complete.terms") }).check();
      await main.getByRole("checkbox", { name: m("accounts.complete.health") }).check();
      await main.getByRole("checkbox", { name: m("accounts.complete.adult") }).check();
      await main.getByRole("button", { name: m("accounts.complete.submit") }).click();

      // Enable 2FA: the key shown for typing in gives the codes.
      await page.getByRole("heading", { level: 1, name: m("screens.enable2fa.heading") }).waitFor();
      expect(page.url()).toBe(`${baseUrl()}${pathTo("enable2fa", locale)}`);
      await axe.check("enable 2FA");
      expect(await main.getByRole("img", { name: /QR/ }).count()).toBe(1);
      const secret = (await main.getByRole("definition").textContent()) ?? "";
      expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const codeField = main.getByLabel(m("accounts.code.label"));
      expect(await codeField.getAttribute("inputmode")).toBe("numeric");
      expect(await codeField.getAttribute("autocomplete")).toBe("one-time-code");
      const enabled = await freshTotp(secret, -1);
      await codeField.fill(enabled.code);
      await main.getByRole("button", { name: m("accounts.enable2fa.submit") }).click();

      // The recovery codes, once; continuing needs the "saved" box.
      await page.getByRole("heading", { name: m("accounts.recovery.title") }).waitFor();
      const codes = await main
        .getByRole("list", { name: m("accounts.recovery.listLabel") })
        .getByRole("listitem")
        .locator("code")
        .allTextContents();
      expect(codes).toHaveLength(10);
      // Each number stands apart from its code ("10." never runs into it; issue 20, point 10).
      const crowded = await main
        .getByRole("list", { name: m("accounts.recovery.listLabel") })
        .locator("li")
        .evaluateAll((items) =>
          items.filter((li) => {
            const number = li.querySelector(".recovery-codes__number")?.getBoundingClientRect();
            const code = li.querySelector("code")?.getBoundingClientRect();
            return !number || !code || number.right + 4 > code.left;
          }).length,
        );
      expect(crowded).toBe(0);
      await axe.check("recovery codes");
      await main.getByRole("button", { name: m("accounts.recovery.copy") }).click();
      await main.getByText(m("accounts.recovery.copied")).waitFor();
      await main.getByRole("button", { name: m("accounts.recovery.toDashboard") }).click();
      await main.getByText(m("accounts.recovery.savedRequired")).waitFor();
      await main.getByRole("checkbox", { name: m("accounts.recovery.saved") }).check();
      await main.getByRole("button", { name: m("accounts.recovery.toDashboard") }).click();

      // Dashboard → log out (side menu on a desktop; the profile on a phone).
      await page.waitForURL(`${baseUrl()}${pathTo("dashboard", locale)}`);
      // The first arrival of a new account: "Welcome", not "Welcome back" (issue 20, point 8).
      await page.getByRole("heading", { level: 1, name: m("dashboard.welcome"), exact: true }).waitFor();
      await axe.check("dashboard");
      if (phone) {
        await page
          .locator(".mobile-bar")
          .getByRole("link", { name: m("nav.profile") })
          .click();
        await page.getByRole("heading", { level: 1, name: m("screens.profile.heading") }).waitFor();
        await main.getByRole("link", { name: m("nav.logout") }).click();
      } else {
        await page
          .getByRole("navigation", { name: m("nav.mainMenu") })
          .getByRole("link", { name: m("nav.logout") })
          .click();
      }
      await page.waitForURL(`${baseUrl()}${pathTo("home", locale)}`);
      await page.getByRole("heading", { level: 1, name: m("home.heading") }).waitFor();

      // Log in with the dialog: a wrong password first.
      await main.getByRole("button", { name: m("nav.login") }).click();
      await dialog.getByRole("heading", { level: 2, name: m("accounts.login.title") }).waitFor();
      await axe.checkThemes("EmailPwdLoginDialog");
      await dialog.getByLabel(m("accounts.fields.email")).fill(email);
      const loginPassword = dialog.getByLabel(m("accounts.fields.password"), { exact: true });
      expect(await loginPassword.getAttribute("autocomplete")).toBe("current-password");
      await loginPassword.fill("not the password at all");
      await dialog.getByRole("button", { name: m("accounts.login.submit") }).click();
      await dialog
        .getByRole("alert")
        .getByText(m("errors.codes.auth.invalid_credentials"))
        .waitFor();
      await expectSummaryFocused(page);
      await axe.check("EmailPwdLoginDialog, wrong password");
      // The show-password toggle, then the right password.
      await dialog.getByRole("button", { name: m("accounts.password.showLabel") }).click();
      expect(await loginPassword.getAttribute("type")).toBe("text");
      await loginPassword.fill(PASSWORD);
      await dialog.getByRole("button", { name: m("accounts.login.submit") }).click();

      // Verify 2FA: a recovery code on the phone, a new authenticator code on the desktop.
      await page.getByRole("heading", { level: 1, name: m("screens.verify2fa.heading") }).waitFor();
      expect(page.url()).toBe(`${baseUrl()}${pathTo("verify2fa", locale)}`);
      await axe.check("verify 2FA");
      let usedStep = enabled.step;
      if (phone) {
        await main.getByRole("button", { name: m("accounts.verify2fa.useRecovery") }).click();
        await main.getByLabel(m("accounts.verify2fa.recoveryLabel")).fill(codes[0] ?? "");
        await axe.check("verify 2FA, recovery code");
      } else {
        const fresh = await freshTotp(secret, usedStep);
        usedStep = fresh.step;
        await main.getByLabel(m("accounts.code.label")).fill(fresh.code);
      }
      await main.getByRole("button", { name: m("accounts.verify2fa.submit") }).click();
      await page.waitForURL(`${baseUrl()}${pathTo("dashboard", locale)}`);

      // Profile.
      if (phone)
        await page
          .locator(".mobile-bar")
          .getByRole("link", { name: m("nav.profile") })
          .click();
      else
        await page
          .getByRole("navigation", { name: m("nav.mainMenu") })
          .getByRole("link", { name: m("nav.profile") })
          .click();
      await page.getByRole("heading", { level: 1, name: m("screens.profile.heading") }).waitFor();
      expect(await main.textContent()).toContain(email);
      await axe.check("profile");

      if (phone) {
        // New recovery codes, confirmed with the CodeDialog: a wrong code first.
        await main.getByRole("button", { name: m("accounts.profile.regenerate") }).click();
        await dialog
          .getByRole("heading", { name: m("accounts.profile.regenerateTitle") })
          .waitFor();
        await axe.checkThemes("CodeDialog");
        await dialog.getByLabel(m("accounts.code.label")).fill("000000");
        await dialog.getByRole("button", { name: m("accounts.profile.regenerateSubmit") }).click();
        await dialog.getByText(m("form.errors.code.invalid")).first().waitFor();
        await axe.check("CodeDialog, wrong code");
        const fresh = await freshTotp(secret, usedStep);
        await dialog.getByLabel(m("accounts.code.label")).fill(fresh.code);
        await dialog.getByRole("button", { name: m("accounts.profile.regenerateSubmit") }).click();
        await dialog.waitFor({ state: "hidden" });
        const fresher = await main
          .getByRole("list", { name: m("accounts.recovery.listLabel") })
          .getByRole("listitem")
          .locator("code")
          .allTextContents();
        expect(fresher).toHaveLength(10);
        expect(fresher).not.toContain(codes[1]);
        await axe.check("profile, new recovery codes");
        await main.getByRole("checkbox", { name: m("accounts.recovery.saved") }).check();
        await main.getByRole("button", { name: m("accounts.profile.codesDone") }).click();
      }

      // Change the password.
      await main.getByRole("button", { name: m("accounts.profile.changePassword") }).click();
      await dialog.getByRole("heading", { name: m("accounts.changePassword.title") }).waitFor();
      await axe.checkThemes("ChangePasswordDialog");
      await dialog.getByLabel(m("accounts.changePassword.current"), { exact: true }).fill(PASSWORD);
      const newPassword = dialog.getByLabel(m("accounts.changePassword.new"), { exact: true });
      expect(await newPassword.getAttribute("autocomplete")).toBe("new-password");
      await newPassword.fill(NEW_PASSWORD);
      await dialog.getByRole("button", { name: m("accounts.changePassword.submit") }).click();
      await dialog.getByRole("status").getByText(m("accounts.changePassword.doneTitle")).waitFor();
      await axe.check("ChangePasswordDialog, done");
      await dialog.getByRole("button", { name: m("accounts.close"), exact: true }).click();
      await dialog.waitFor({ state: "hidden" });

      // Delete the account → home with a calm notice.
      await main.getByRole("button", { name: m("accounts.profile.delete") }).click();
      await dialog.getByRole("heading", { name: m("accounts.delete.title") }).waitFor();
      await axe.checkThemes("DeleteUserDialog");
      await dialog.getByLabel(m("accounts.delete.password"), { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole("button", { name: m("accounts.delete.submit") }).click();
      await page.waitForURL(`${baseUrl()}${pathTo("home", locale)}`);
      await main.getByRole("status").getByText(m("accounts.deleted.title")).waitFor();
      await dialog.waitFor({ state: "hidden" });
      await axe.check("home, account deleted");

      // The account is gone: logging in again is refused.
      await main.getByRole("button", { name: m("nav.login") }).click();
      await dialog.getByLabel(m("accounts.fields.email")).fill(email);
      await dialog.getByLabel(m("accounts.fields.password"), { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole("button", { name: m("accounts.login.submit") }).click();
      await dialog
        .getByRole("alert")
        .getByText(m("errors.codes.auth.invalid_credentials"))
        .waitFor();

      expect(axe.problems).toEqual([]);
      // Expected answers (the wrong password and code) show as failed loads; nothing else may.
      expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
      await context.close();
    },
    300_000,
  );
});
