import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { pathTo, type ScreenId } from "../../common/routing/route-table.ts";
import { EXAMPLE_PRIVACY_ENV } from "../../server/testing/privacy-env.ts";
import { createSession } from "./support/fixtures.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * The render cache for visitors (issue 19): a page served from memory is the page a fresh render
 * gives, apart from its nonce, which is new in every response; nothing is ever kept or served from
 * the cache for a request with a session cookie. Two servers on the same build and content: one
 * keeps pages (the default), one renders every time (RENDER_CACHE_MB=0).
 */
let cached: RunningServer;
let fresh: RunningServer;
/** Each server's course ids (made by its own database when it imported the content), by key. */
const courseIds = new Map<RunningServer, [id: string, key: string][]>();
beforeAll(async () => {
  [cached, fresh] = await Promise.all([
    startServer({ ...EXAMPLE_PRIVACY_ENV, METRICS_ENABLED: "true" }),
    startServer({ ...EXAMPLE_PRIVACY_ENV, RENDER_CACHE_MB: "0" }),
  ]);
  for (const server of [cached, fresh]) {
    const list = (await (await fetch(`${server.url}/api/v1/public/courses/`)).json()) as { id: string; key: string }[];
    courseIds.set(server, list.map(({ id, key }) => [id, key]));
  }
});
afterAll(async () => {
  await Promise.all([cached?.stop(), fresh?.stop()]);
});

const VISITOR_PAGES: { id: ScreenId; params?: Record<string, string> }[] = [
  { id: "home" },
  { id: "courses" },
  { id: "course", params: { course: "stress" } },
  { id: "screening" },
  { id: "aboutUs" },
  { id: "privacy" },
  { id: "terms" },
  { id: "contact" },
];

interface Page {
  status: number;
  body: string;
  nonce: string;
  cacheControl: string | null;
  contentType: string | null;
}

async function get(server: RunningServer, path: string, cookie?: string): Promise<Page> {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: { "accept-language": "sv-SE", ...(cookie ? { cookie } : {}) },
  });
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  return {
    status: response.status,
    body: await response.text(),
    nonce,
    cacheControl: response.headers.get("cache-control"),
    contentType: response.headers.get("content-type"),
  };
}

/** The page as it would be on any server at any time: the nonce, the server's own address and its course ids replaced. */
function normalised(page: Page, server: RunningServer): string {
  let body = page.body.split(page.nonce).join("NONCE").split(server.url).join("ORIGIN");
  for (const [id, key] of courseIds.get(server) ?? []) body = body.split(id).join(`COURSE-ID-${key}`);
  return body;
}

async function cacheCounts(): Promise<{ hits: number; misses: number; pages: number }> {
  const text = await (await fetch(`${cached.url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^render_cache\\{value="${name}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
  return { hits: value("hits"), misses: value("misses"), pages: value("pages") };
}

describe("the render cache", () => {
  it.each(LOCALES)("%s: every visitor page from memory equals a fresh render but for its own nonce", async (locale: Locale) => {
    for (const { id, params } of VISITOR_PAGES) {
      for (const theme of [undefined, "black"]) {
        const path = pathTo(id, locale, params);
        const cookie = theme ? `theme=${theme}` : undefined;
        const before = await cacheCounts();
        const first = await get(cached, path, cookie);
        const second = await get(cached, path, cookie);
        const after = await cacheCounts();
        const reference = await get(fresh, path, cookie);
        const label = `${path} ${theme ?? "default theme"}`;
        expect(first.status, label).toBe(200);
        expect(second.status, label).toBe(200);
        // The second answer came from memory.
        expect(after.hits - before.hits, label).toBeGreaterThanOrEqual(1);
        // Each response has a nonce of its own, in its header and in its HTML, never the mark.
        expect(first.nonce, label).not.toBe(second.nonce);
        expect(second.body, label).toContain(`nonce="${second.nonce}"`);
        expect(second.body, label).not.toContain(first.nonce);
        expect(second.body, label).not.toMatch(/n0nce[0-9a-f]{24}/);
        // Apart from the nonce and the address, the same page a fresh render gives.
        expect(normalised(second, cached), label).toBe(normalised(reference, fresh));
        expect(normalised(first, cached), label).toBe(normalised(second, cached));
        expect(second.cacheControl, label).toBe(reference.cacheControl);
        expect(second.contentType, label).toBe(reference.contentType);
        if (theme) expect(second.body, label).toContain(`data-theme="${theme}"`);
      }
    }
  });

  it("never keeps or serves a page for a request with a session cookie, valid or not", async () => {
    const { sessionid } = await createSession({ base: cached.url });
    const course = pathTo("course", "sv", { course: "stress" });
    const paths = [pathTo("courses", "sv"), course, pathTo("aboutUs", "sv"), pathTo("dashboard", "sv")];
    // The visitors' versions are in memory first.
    for (const path of paths) await get(cached, path);
    const before = await cacheCounts();
    for (const path of paths) {
      for (const cookie of [`sessionid=${sessionid}`, `sessionid=${"x".repeat(43)}`, `sessionid=${sessionid}; theme=pink`]) {
        const page = await get(cached, path, cookie);
        expect(page.status === 200 || page.status === 302, `${path} ${cookie}`).toBe(true);
        // A valid session's pages are never stored anywhere; an unknown one is a visitor's.
        expect(page.cacheControl, `${path} ${cookie}`).toBe(cookie.includes(sessionid) ? "no-store" : "no-cache");
      }
    }
    const after = await cacheCounts();
    expect(after).toEqual(before);
    // The logged-in course page is the user's own (progress, no "create an account to start").
    const mine = await get(cached, course, `sessionid=${sessionid}`);
    const visitors = await get(cached, course);
    expect(mine.cacheControl).toBe("no-store");
    expect(normalised(mine, cached)).not.toBe(normalised(visitors, cached));
    expect((await cacheCounts()).hits).toBe(after.hits + 1);
  });

  it("does not keep pages with a query string, redirects or not-found pages", async () => {
    // "/" for a Swedish browser is kept (primed here, whatever the time the tests above took).
    await get(cached, "/");
    const before = await cacheCounts();
    await get(cached, `${pathTo("home", "sv")}?account=required`);
    await get(cached, `${pathTo("home", "sv")}?account=required`);
    const redirected = await get(cached, "/", undefined);
    expect(redirected.status).toBe(200);
    const english = await fetch(`${cached.url}/`, { redirect: "manual", headers: { "accept-language": "en-GB" } });
    expect(english.status).toBe(302);
    await get(cached, "/no-such-page-here");
    await get(cached, "/no-such-page-here");
    const after = await cacheCounts();
    expect(after.hits - before.hits).toBe(1); // only "/" for a Swedish browser
    expect(after.pages).toBeLessThanOrEqual(before.pages + 1);
  });
});
