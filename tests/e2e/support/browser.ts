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
 * "… failed: <reason>" or "… no answer yet" (still pending), for a failure message. Loads of a
 * document in the page are listed too ("document /kontakt loaded"), and the page keeps a log of
 * its clicks, submits and removed alerts that `waitOrExplain` prints: an intermittent failure
 * then says whether the click reached its button, the form was submitted or the page reloaded.
 */
export function watchCalls(page: Page, fragment: string): string[] {
  const calls: string[] = [];
  const watched = new Map<object, { index: number; at: number; call: string }>();
  void page.addInitScript(EVENT_LOG);
  page.on("load", () => calls.push(`document ${new URL(page.url()).pathname} loaded`));
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

/** Runs in the page before its scripts: the last 40 clicks, changes, submits and alerts, with their time. */
const EVENT_LOG = `(() => {
  const log = (window.__eventLog = []);
  const add = (line) => { log.push(Math.round(performance.now()) + " ms " + line); if (log.length > 40) log.shift(); };
  const name = (el) => el && el.tagName ? el.tagName.toLowerCase() + (el.getAttribute("type") ? "[type=" + el.getAttribute("type") + "]" : "") + (el.disabled ? "[disabled]" : "") + " '" + (el.textContent || "").trim().slice(0, 30) + "'" : String(el);
  for (const type of ["mousedown", "click", "change", "submit"]) {
    document.addEventListener(type, (event) => add(type + " on " + name(event.target) + (event.defaultPrevented ? " (prevented)" : "")), true);
  }
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node.nodeType === 1 && node.matches("[role=alert], [role=alert] *")) add("alert: " + (node.textContent || "").trim().slice(0, 60));
  }).observe(document, { childList: true, subtree: true });
})();`;

/** What the page shows of its forms: each field's value (shortened), each submit button's state. */
async function formState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const fields = [...document.querySelectorAll("main input, main select, main textarea")].map((el) => {
        const field = el as HTMLInputElement;
        const value = field.type === "checkbox" || field.type === "radio" ? String(field.checked) : field.value.slice(0, 20);
        return `${field.id || field.name}=${value}`;
      });
      const buttons = [...document.querySelectorAll("main button[type=submit]")].map(
        (el) => `${(el.textContent ?? "").trim().slice(0, 30)}${(el as HTMLButtonElement).disabled ? " disabled" : ""}${el.getAttribute("aria-busy") ? " busy" : ""}`,
      );
      const log = (window as unknown as { __eventLog?: string[] }).__eventLog ?? [];
      return `fields: ${fields.join(", ")}\nsubmit buttons: ${buttons.join(", ")}\npage age: ${Math.round(performance.now())} ms\nevents:\n  ${log.join("\n  ")}`;
    })
    .catch(() => "(the page could not be read)");
}

/**
 * Waits for `locator`; when it does not come, fails saying what the page showed instead (its
 * alerts, its forms' fields and buttons), the watched calls and loads, the page's own log of
 * clicks and submits, and the console's errors, so that an intermittent failure can be read from
 * its message.
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
      `${error instanceof Error ? error.message : String(error)}\npage: ${page.url()}\nalerts: ${JSON.stringify(alerts)}\ncalls: ${JSON.stringify(evidence.calls)}\nconsole errors: ${JSON.stringify(evidence.errors)}\n${await formState(page)}`,
      { cause: error },
    );
  }
}

/** Waits until React has hydrated the document (the root sets data-hydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 15_000 });
}

/**
 * Waits until a lazily loaded form in `scope` is hydrated too (the document's hydration comes
 * first): its submit button is enabled only then (useHydrated). Text typed before is kept on
 * screen and handed to the form at hydration (use-early-input.ts), but a page left before that
 * (a reload right after typing) takes it along: no draft was kept yet.
 */
export async function formReady(scope: Page | Locator): Promise<void> {
  await scope.locator("form button[type='submit']:enabled").first().waitFor();
}
