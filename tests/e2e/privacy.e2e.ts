import { spawnSync } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../common/i18n/locales.ts";
import { PRIVACY_SETTINGS } from "../../common/privacy/settings.ts";
import { RETENTION_DATA } from "../../common/schemas/privacy.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { EXAMPLE_PRIVACY_ENV } from "../../server/testing/privacy-env.ts";
import { PRODUCTION_NODE_FLAGS, SERVER_ENTRY } from "../../scripts/node-flags.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";

/** The values the e2e server is configured with (tests/e2e/global-setup.ts). */
const CONFIGURED = [
  "PRIVACY_CONTROLLER_NAME",
  "PRIVACY_ORGANISATION_NUMBER",
  "PRIVACY_ADDRESS",
  "PRIVACY_CONTACT_EMAIL",
  "PRIVACY_HOSTING_PROCESSOR",
  "PRIVACY_EMAIL_PROCESSOR",
].map((name) => EXAMPLE_PRIVACY_ENV[name] ?? "");

describe("the privacy page shows the configured privacy settings", () => {
  it.each(LOCALES)("%s: controller, contact, processors, authority and the retention table, server-rendered", async (locale) => {
    const response = await fetch(`${baseUrl()}${pathTo("privacy", locale)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const value of CONFIGURED) expect(html).toContain(value);
    for (const key of ["privacy.controller.title", "privacy.purposes.title", "privacy.profiling.title", "privacy.retention.title", "privacy.authorities.imy"]) {
      expect(html).toContain(message(locale, key));
    }
    expect(html.match(/data-retention="/g)).toHaveLength(RETENTION_DATA.length);
    expect(html).not.toContain("privacy-notice__missing");
  });

  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("hydrates in Chromium with the settings still shown", async () => {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}${pathTo("privacy", "sv")}`);
    await waitForHydration(page);
    const dd = page.locator('[data-setting="PRIVACY_CONTROLLER_NAME"]');
    expect(await dd.textContent()).toBe(EXAMPLE_PRIVACY_ENV.PRIVACY_CONTROLLER_NAME);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("production without the privacy settings", () => {
  it("refuses to start, naming each missing setting", () => {
    const result = spawnSync(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER_ENTRY], {
      // Everything else production needs is set: only the privacy notice and the safety address are missing.
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        SECRET_KEY: "x".repeat(40),
        FIELD_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString("base64")}`,
        DATABASE_URL: "postgres://127.0.0.1:9/unused",
        SMTP_URL: "smtp://127.0.0.1:9",
        PUBLIC_ORIGIN: "https://kbt.example.se",
        BANKID_BASE_URL: "https://appapi2.bankid.com/rp/v6.0",
        BANKID_PFX_PATH: "/nonexistent/bankid.p12",
        BANKID_PFX_PASSPHRASE: "unused",
        BANKID_CA_PATH: "/nonexistent/bankid-ca.pem",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    for (const name of [...PRIVACY_SETTINGS, "SAFETY_REPORT_EMAIL"]) {
      expect(result.stderr).toContain(`${name}: required when NODE_ENV=production`);
    }
    expect(result.stderr).not.toContain("SECRET_KEY:");
  });
});
