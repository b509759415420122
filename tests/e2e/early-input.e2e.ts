import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import { baseUrl, sharedBrowser, waitForHydration } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";

/**
 * What a person types or chooses in the server's HTML before the page's code has run (a slow
 * phone, a form whose code loads lazily) is still there after hydration, and is what is sent.
 * Seen in CI: a password typed before the reset form's chunk arrived came back empty and the form
 * said "Fill in this field".
 */
const browser = sharedBrowser();

/** Holds back the page's scripts matching `pattern` until `release()` is called. */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe("input made before hydration", () => {
  it("a password typed before the lazily loaded reset form hydrates is sent", async () => {
    const m = (key: string) => message("sv", key);
    const context = await browser().newContext({ viewport: { width: 375, height: 800 }, locale: "sv-SE" });
    const page = await context.newPage();
    const release = await holdScripts(page, /new-password-form[^/]*\.js$/);
    const main = page.getByRole("main");
    await page.goto(`${baseUrl()}${pathTo("resetPassword", "sv")}?token=${"C".repeat(43)}`);
    await waitForHydration(page);
    const field = main.getByLabel(m("accounts.reset.newPassword"), { exact: true });
    await field.fill("ett helt nytt lösenord");
    release();
    await main.getByRole("button", { name: m("accounts.reset.submit") }).click();
    // The server was asked, with the typed password: the link is refused, not the empty field.
    await main.getByText(m("accounts.reset.invalidTitle")).waitFor();
    expect(await main.getByText(m("form.errors.required")).count()).toBe(0);
    await context.close();
  });

  it("text, a text area and a radio choice made before any script ran are kept", async () => {
    const m = (key: string) => message("en", key);
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
    const page = await context.newPage();
    const release = await holdScripts(page, /\.js$/);
    const main = page.getByRole("main");
    await page.goto(`${baseUrl()}${pathTo("contact", "en")}`, { waitUntil: "domcontentloaded" });
    await main.getByRole("radio", { name: m("contact.kind.safety") }).check();
    await main.getByLabel(m("contact.subject")).fill("Wrong number");
    await main.locator("textarea").fill("The number on the help page rings nowhere.");
    release();
    await waitForHydration(page);
    // The safety choice reached the form's state: its category question appears.
    const category = main.getByLabel(m("contact.category.label"));
    await category.waitFor();
    await main.getByRole("button", { name: m("contact.submit") }).click();
    // Only the category is missing; the typed text is still there after the re-render.
    await expect.poll(() => category.getAttribute("aria-invalid")).toBe("true");
    expect(await main.getByLabel(m("contact.subject")).inputValue()).toBe("Wrong number");
    expect(await main.getByLabel(m("contact.subject")).getAttribute("aria-invalid")).toBeNull();
    expect(await main.locator("textarea").inputValue()).toBe("The number on the help page rings nowhere.");
    expect(await main.getByRole("radio", { name: m("contact.kind.safety") }).isChecked()).toBe(true);
    await context.close();
  });
});
