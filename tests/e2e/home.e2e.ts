import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function inlineScripts(html: string): { nonce: string | null }[] {
  const scripts: { nonce: string | null }[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    if (/\bsrc=/.test(attributes)) continue;
    scripts.push({ nonce: /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? null });
  }
  return scripts;
}

describe("the Swedish home page", () => {
  it("is server-rendered with lang, title and theme colour", async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="sv"/);
    expect(html).toContain("<title>Självhjälpsprogram för psykisk hälsa</title>");
    expect(html).toContain('<meta name="theme-color" content="#084C44"/>');
    expect(html).toContain("<h1>");
  });

  it("carries a fresh CSP nonce per response, matching every inline script", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${baseUrl()}/`);
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce ?? "");
      const scripts = inlineScripts(await response.text());
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.nonce).toBe(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("serves hashed assets as immutable and compressed", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${baseUrl()}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("hydrates in Chromium without console errors", async () => {
    // A Swedish browser: the home page follows the browser language when nothing is saved (§4).
    const page = await browser.newPage({ locale: "sv-SE" });
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/`);
    await waitForHydration(page);
    expect(await page.title()).toBe("Självhjälpsprogram för psykisk hälsa");
    expect(await page.locator("html").getAttribute("lang")).toBe("sv");
    expect(errors).toEqual([]);
    await page.close();
  });
});
