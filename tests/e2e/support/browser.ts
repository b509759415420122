import { chromium, type Browser, type ConsoleMessage, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_ARGS, ensureChromium } from "../../../scripts/chromium.ts";

export function baseUrl(): string {
  return inject("e2eBaseUrl");
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}

/** The test file's Chromium: launched before its tests, closed after them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is launched in beforeAll");
    return browser;
  };
}

/** Collects console errors and page errors; a test asserts the list is empty. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * The page's calls whose path contains `fragment`, as "POST /api/v1/contact/ 201 after 35 ms",
 * "… failed: <reason>" or "… no answer yet" (still pending), for a failure message.
 */
export function watchCalls(page: Page, fragment: string): string[] {
  const calls: string[] = [];
  const watched = new Map<object, { index: number; at: number; call: string }>();
  page.on("request", (request) => {
    if (!request.url().includes(fragment)) return;
    const call = `${request.method()} ${new URL(request.url()).pathname}`;
    watched.set(request, { index: calls.push(`${call} no answer yet`) - 1, at: Date.now(), call });
  });
  page.on("requestfinished", async (request) => {
    const entry = watched.get(request);
    if (!entry) return;
    const response = await request.response();
    calls[entry.index] = `${entry.call} ${response?.status() ?? "?"} after ${Date.now() - entry.at} ms`;
  });
  page.on("requestfailed", (request) => {
    const entry = watched.get(request);
    if (entry) calls[entry.index] = `${entry.call} failed after ${Date.now() - entry.at} ms: ${request.failure()?.errorText ?? "?"}`;
  });
  return calls;
}

/**
 * Waits for `locator`; when it does not come, fails saying what the page showed instead (its
 * alerts), the watched calls and the console's errors, so that an intermittent failure can be read
 * from its message.
 */
export async function waitOrExplain(page: Page, locator: Locator, evidence: { calls: string[]; errors: string[] }): Promise<void> {
  try {
    await locator.waitFor();
  } catch (error) {
    const alerts = await page
      .getByRole("alert")
      .allInnerTexts()
      .catch(() => ["(the page could not be read)"]);
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\npage: ${page.url()}\nalerts: ${JSON.stringify(alerts)}\ncalls: ${JSON.stringify(evidence.calls)}\nconsole errors: ${JSON.stringify(evidence.errors)}`,
      { cause: error },
    );
  }
}

/** Waits until React has hydrated the document (the root sets data-hydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 15_000 });
}
