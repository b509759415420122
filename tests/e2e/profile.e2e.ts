import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { THEMES, type Theme } from "../../app/lib/theme.ts";
import { latestMail } from "./support/accounts.ts";
import { axeViolations, violationsInAllThemes } from "./support/axe.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration, waitOrExplain, watchCalls } from "./support/browser.ts";
import { csrf, message, sessionCookie } from "./support/fixtures.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fixture session (a new user, or another device of `userId`) in the given language. */
async function fixtureSession(locale: Locale, userId?: string): Promise<{ sessionid: string; userId: string }> {
  const { cookie, token } = await csrf();
  const response = await fetch(`${baseUrl()}/dev/fixtures/session`, {
    method: "POST",
    headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
    body: JSON.stringify({ locale, ...(userId ? { user_id: userId } : {}) }),
  });
  if (!response.ok) throw new Error(`fixture: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { sessionid: string; user: { id: string } };
  return { sessionid: body.sessionid, userId: body.user.id };
}

async function contextWith(sessionid: string | null, options: { width?: number; theme?: Theme } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const { hostname } = new URL(baseUrl());
  await context.addCookies([
    ...(sessionid ? [sessionCookie(sessionid)] : []),
    ...(options.theme ? [{ name: "theme", value: options.theme, domain: hostname, path: "/" }] : []),
  ]);
  return context;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await waitForHydration(page);
}

describe.each(LOCALES)("profile in %s", (locale) => {
  const t = (key: string) => message(locale, key);
  const profilePath = pathTo("profile", locale);

  it("the theme picker saves the theme; a reload renders it from the server (no flash)", async () => {
    const { sessionid } = await fixtureSession(locale);
    const context = await contextWith(sessionid);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await open(page, profilePath);
    expect(await page.locator("html").getAttribute("data-theme")).toBe("green");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/v1/me/profile/") && r.request().method() === "PATCH");
    await page.getByRole("radio", { name: t("themes.black") }).check();
    expect((await saved).status()).toBe(200);
    expect(await page.locator("html").getAttribute("data-theme")).toBe("black");
    // The server's own HTML, before any script runs, already carries the theme.
    const html = await (await context.request.get(`${baseUrl()}${profilePath}`)).text();
    expect(html).toMatch(/<html[^>]*data-theme="black"/);
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("data-theme")).toBe("black");
    expect(await page.getByRole("radio", { name: t("themes.black") }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("download my data gives one valid JSON document about the user", async () => {
    const { sessionid, userId } = await fixtureSession(locale);
    const context = await contextWith(sessionid);
    const page = await context.newPage();
    await open(page, profilePath);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: t("profile.privacy.export") }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kbt-data-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(await readFile(await download.path(), "utf8")) as { format: string; user_id: string; tables: Record<string, { id?: string }[]> };
    expect(document.format).toBe("kbt-export/1");
    expect(document.user_id).toBe(userId);
    expect(document.tables.users?.[0]?.id).toBe(userId);
    // Terms, health data and the 18+ confirmation (issue 25).
    expect((document.tables.consents as { kind?: string }[] | undefined)?.map((c) => c.kind).sort()).toEqual(["age", "health_data", "terms"]);
    await context.close();
  });

  it("log out other devices ends the session of a second browser", async () => {
    const first = await fixtureSession(locale);
    const second = await fixtureSession(locale, first.userId);
    const phone = await contextWith(second.sessionid, { width: 375 });
    const phonePage = await phone.newPage();
    await open(phonePage, profilePath);
    expect(new URL(phonePage.url()).pathname).toBe(profilePath);

    const laptop = await contextWith(first.sessionid);
    const page = await laptop.newPage();
    await open(page, profilePath);
    expect(await page.getByText(t("profile.sessions.current")).count()).toBe(1);
    await page.getByRole("button", { name: t("profile.sessions.logoutOthers") }).click();
    await page.getByText(message(locale, "profile.sessions.ended_one").replace("{{count}}", "1")).waitFor();

    // The second browser is logged out: the profile sends it away, and the API says so.
    await phonePage.reload();
    await waitForHydration(phonePage);
    expect(new URL(phonePage.url()).pathname).not.toBe(profilePath);
    const status = (await (await phone.request.get(`${baseUrl()}/api/v1/me/`)).json()) as { logged_in: boolean };
    expect(status.logged_in).toBe(false);
    await page.reload();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe(profilePath);
    await phone.close();
    await laptop.close();
  });

  it("the information pages open from the profile, come from the pages API in this language, and keep Profile highlighted", async () => {
    const { sessionid } = await fixtureSession(locale);
    const context = await contextWith(sessionid);
    const page = await context.newPage();
    const menu = page.getByRole("navigation", { name: t("nav.mainMenu") });
    for (const [id, label] of [["aboutUs", "footer.about"], ["privacy", "footer.privacy"], ["terms", "footer.terms"], ["cookies", "footer.cookies"]] as const) {
      const slug = pathTo(id, locale).split("/").pop() ?? "";
      const fromApi = (await (await context.request.get(`${baseUrl()}/api/v1/pages/${slug}/`, { headers: { "accept-language": locale } })).json()) as { title: string };
      await open(page, profilePath);
      await page.getByRole("navigation", { name: t("accounts.profile.about") }).getByRole("link", { name: t(label) }).click();
      await page.getByRole("heading", { level: 1, name: fromApi.title, exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toBe(pathTo(id, locale));
      expect(await menu.getByRole("link", { name: t("nav.profile") }).getAttribute("aria-current")).toBe("page");
    }
    await context.close();
  });

  it("withdrawing the health-data consent says by keyboard what it means, and Escape keeps the account", async () => {
    const { sessionid } = await fixtureSession(locale);
    const context = await contextWith(sessionid, { width: 375 });
    const page = await context.newPage();
    await open(page, profilePath);
    const withdraw = page.getByRole("button", { name: t("profile.privacy.withdraw.health_data") });
    await withdraw.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: t("profile.privacy.withdraw.health_data") });
    await dialog.waitFor();
    expect(await dialog.getByText(t("profile.privacy.withdrawDialog.health_data")).isVisible()).toBe(true);
    expect(await dialog.getByText(t("profile.privacy.withdrawExportFirst")).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await withdraw.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("a contact message is confirmed on screen and e-mailed to support", async () => {
    const { sessionid } = await fixtureSession(locale);
    const context = await contextWith(sessionid, { width: 375 });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const calls = watchCalls(page, "/api/v1/");
    await open(page, pathTo("contact", locale));
    await page.getByRole("heading", { name: t("contact.notEmergencyTitle") }).or(page.getByText(t("contact.notEmergencyTitle"))).first().waitFor();
    expect(await page.getByRole("textbox", { name: t("contact.replyEmail") }).inputValue()).toMatch(/^fixture-.+@example\.test$/);
    // Empty form: the fields are named, nothing is sent.
    await page.getByRole("button", { name: t("contact.submit") }).click();
    await page.getByRole("alert").first().waitFor();
    const subject = `E2E ${locale} ${Date.now()}`;
    await page.getByRole("textbox", { name: new RegExp(`^${t("contact.subject")}`) }).fill(subject);
    await page.getByRole("textbox", { name: new RegExp(`^${t("contact.message")}`) }).fill("Hur byter jag språk?");
    await page.getByRole("button", { name: t("contact.submit") }).click();
    await waitOrExplain(page, page.getByText(t("contact.sentTitle")), { calls, errors });
    const mail = await latestMail("support@localhost", { subject });
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain("Hur byter jag språk?");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("profile and contact have no axe violations in all four themes at 375 px and 1280 px", async () => {
    // Each language starts from a different server-rendered theme; the others are switched in place.
    const rendered = THEMES[LOCALES.indexOf(locale) % THEMES.length] ?? "green";
    const problems: string[] = [];
    for (const width of [375, 1280]) {
      const { sessionid } = await fixtureSession(locale);
      const context = await contextWith(sessionid, { width, theme: rendered });
      const page = await context.newPage();
      for (const path of [profilePath, pathTo("contact", locale)]) {
        await open(page, path);
        expect(await page.locator("html").getAttribute("data-theme")).toBe(rendered);
        problems.push(...(await violationsInAllThemes(page, rendered, THEMES)).map((p) => `${width}px ${path} ${p}`));
      }
      await context.close();
    }
    // A visitor's contact page too (no reply address filled in, the visitor layout).
    const visitor = await contextWith(null, { width: 375, theme: rendered });
    const page = await visitor.newPage();
    await open(page, pathTo("contact", locale));
    problems.push(...(await violationsInAllThemes(page, rendered, THEMES)).map((p) => `visitor ${p}`));
    await visitor.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
