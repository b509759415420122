import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration, waitOrExplain, watchCalls } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";

/** Issue 25 in the browser: the 18+ confirmation at onboarding, and "report a safety concern". */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("consent, age and the safety route in the UI", () => {
  it("onboarding without the 18+ confirmation is refused on its box, by the form and by the server", async () => {
    const m = (key: string) => message("en", key);
    const page = await browser.newPage({ locale: "en-US" });
    const errors = collectErrors(page);
    const main = page.getByRole("main");
    await page.goto(`${baseUrl()}${pathTo("onboarding", "en")}`);
    await waitForHydration(page);
    await main.getByRole("checkbox", { name: m("screening.onboarding.consent") }).check();
    await main.getByRole("button", { name: m("screening.onboarding.start") }).click();
    await main.getByRole("link", { name: `${m("screening.onboarding.adultShort")}: ${m("form.errors.age.required")}` }).waitFor();
    expect(page.url()).toContain(pathTo("onboarding", "en"));

    // The server's own refusal lands on the same box: the request is altered on its way out.
    let status = 0;
    await page.route("**/api/v1/onboarding/", async (route) => {
      const body = JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>;
      const response = await route.fetch({ postData: JSON.stringify({ ...body, adult: false }) });
      status = response.status();
      await route.fulfill({ response });
    });
    await main.getByRole("checkbox", { name: m("screening.onboarding.adult") }).check();
    await main.getByRole("button", { name: m("screening.onboarding.start") }).click();
    await main.getByRole("link", { name: `${m("screening.onboarding.adultShort")}: ${m("form.errors.age.required")}` }).waitFor();
    expect(status).toBe(400);
    expect(await main.getByRole("checkbox", { name: m("screening.onboarding.adult") }).isChecked()).toBe(false);
    expect(errors.filter((e) => !e.includes("400"))).toEqual([]);
    await page.close();
  });

  it("the contact page sends a safety report with its category", async () => {
    const m = (key: string) => message("sv", key);
    const page = await browser.newPage({ locale: "sv-SE" });
    const errors = collectErrors(page);
    const calls = watchCalls(page, "/api/v1/");
    const main = page.getByRole("main");
    await page.goto(`${baseUrl()}${pathTo("contact", "sv")}`);
    await waitForHydration(page);
    await main.getByRole("radio", { name: m("contact.kind.safety") }).check();
    await main.getByRole("textbox", { name: new RegExp(`^${m("contact.subject")}`) }).fill("Fel nummer");
    await main.getByRole("textbox", { name: new RegExp(`^${m("contact.message")}`) }).fill("Numret på sidan om kris stämde inte.");
    await main.getByRole("button", { name: m("contact.submit") }).click();
    await main.getByRole("link", { name: `${m("contact.category.label")}: ${m("form.errors.required")}` }).waitFor();
    await main.getByRole("combobox", { name: new RegExp(`^${m("contact.category.label")}`) }).selectOption("crisis_info");
    await main.getByRole("button", { name: m("contact.submit") }).click();
    await waitOrExplain(page, main.getByText(m("contact.safetySentTitle")), { calls, errors });
    expect(errors).toEqual([]);
    await page.close();
  });
});
