import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { SCREENS, pathTo, type ScreenId } from "../../common/routing/route-table.ts";
import { EXAMPLE_PRIVACY_ENV } from "../../server/testing/privacy-env.ts";
import { createSession } from "./support/fixtures.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * Pages are rendered whole in one pass (React's renderToString, the loader data's scripts added
 * as React Router writes them), and with React's streaming renderer only when that render waits
 * for something (ADR 028). Both renderers must give the same bytes: one server renders the default
 * way, the other always streams (SSR_RENDERER=stream); neither keeps pages (RENDER_CACHE_MB=0).
 */
let whole: RunningServer;
let streamed: RunningServer;
beforeAll(async () => {
  const env = { ...EXAMPLE_PRIVACY_ENV, METRICS_ENABLED: "true", RENDER_CACHE_MB: "0" };
  [whole, streamed] = await Promise.all([startServer(env), startServer({ ...env, SSR_RENDERER: "stream" })]);
});
afterAll(async () => {
  await Promise.all([whole?.stop(), streamed?.stop()]);
});

const CRISIS_PAGE: Record<Locale, string> = { sv: "krisstod", en: "crisis-help", no: "krisehjelp", da: "krisehjaelp" };
const params = (id: ScreenId, locale: Locale): Record<string, string> => (id === "course" ? { course: "stress" } : id === "contentPage" ? { slug: CRISIS_PAGE[locale] } : {});

interface Page {
  status: number;
  location: string | null;
  body: string;
}

async function get(server: RunningServer, path: string, cookie?: string): Promise<Page> {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { "accept-language": "sv-SE", ...(cookie ? { cookie } : {}) } });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const body = await response.text();
  return {
    status: response.status,
    location: response.headers.get("location"),
    // What differs between two servers and two responses: the nonce, the address, and (logged in)
    // the fixture user's own identifiers, addresses and times.
    body: (nonce ? body.split(nonce).join("NONCE") : body)
      .split(server.url)
      .join("ORIGIN")
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "UUID")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "TIME")
      // A chart point's time in epoch seconds (or milliseconds): the two fixture users' screenings
      // were saved a moment apart, sometimes on either side of a second (CI, 2026-11-29).
      .replace(/\b1[78]\d{8}(\d{3})?\b/g, "EPOCH")
      // A session's "last used" time, to the minute: the two sessions may fall in two minutes.
      .replace(/(<li class="session-list__item">[\s\S]*?<p class="muted">)[^<]*(<\/p>)/g, "$1LAST-USED$2")
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "EMAIL"),
  };
}

async function renders(server: RunningServer): Promise<{ string: number; stream: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const value = (renderer: string) => Number(new RegExp(`^ssr_documents_rendered\\{renderer="${renderer}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
  return { string: value("string"), stream: value("stream") };
}

const pageScreens = SCREENS.filter((s) => !s.servedByServer);

describe("the whole-document renderer", () => {
  it.each(LOCALES)("%s: gives every visitor page, not-found page and redirect as the streaming renderer does", async (locale) => {
    const paths = [...pageScreens.map((s) => pathTo(s.id, locale, params(s.id, locale))), `${pathTo("home", locale).replace(/\/$/, "")}/finns-inte-${locale}`, `${pathTo("courses", locale)}/finns-inte`];
    // A lazily loaded part (a form, the error page) that is not loaded yet when a page is first
    // rendered after a start suspends the render: the whole render is abandoned and the page is
    // streamed (the form follows in a script), which a streaming server does too. Compared below:
    // every later render, when React has the part.
    for (const path of paths) await Promise.all([get(whole, path), get(streamed, path)]);
    const before = { whole: await renders(whole), streamed: await renders(streamed) };
    let documents = 0;
    for (const path of paths) {
      const [a, b] = [await get(whole, path), await get(streamed, path)];
      expect(a.status, path).toBe(b.status);
      expect(a.location, path).toBe(b.location);
      expect(a.body, path).toBe(b.body);
      if (a.status !== 302) documents += 1;
      if (a.status === 200) expect(a.body, path).toMatch(/streamController\.close\(\);<\/script><!--\/\$-->(<!--\/\$-->)?<\/body><\/html>$/);
    }
    expect(documents).toBeGreaterThan(15);
    // The default server rendered every document whole, the other streamed every one.
    const after = { whole: await renders(whole), streamed: await renders(streamed) };
    expect(after.whole.string - before.whole.string).toBe(documents);
    expect(after.whole.stream - before.whole.stream).toBe(0);
    expect(after.streamed.string - before.streamed.string).toBe(0);
    expect(after.streamed.stream - before.streamed.stream).toBe(documents);
  });

  it("gives every logged-in page as the streaming renderer does", async () => {
    const [a, b] = await Promise.all([createSession({ base: whole.url, screening: { item9: 0 } }), createSession({ base: streamed.url, screening: { item9: 0 } })]);
    const paths = LOCALES.flatMap((locale) => pageScreens.map((s) => pathTo(s.id, locale, params(s.id, locale))));
    for (const path of paths) await Promise.all([get(whole, path, `sessionid=${a.sessionid}`), get(streamed, path, `sessionid=${b.sessionid}`)]);
    const before = await renders(whole);
    let pages = 0;
    for (const path of paths) {
      const [x, y] = [await get(whole, path, `sessionid=${a.sessionid}`), await get(streamed, path, `sessionid=${b.sessionid}`)];
      expect(x.status, path).toBe(y.status);
      expect(x.location, path).toBe(y.location);
      expect(x.body, path).toBe(y.body);
      if (x.status === 200) pages += 1;
    }
    expect(pages).toBeGreaterThan(40);
    const after = await renders(whole);
    expect(after.string - before.string).toBeGreaterThanOrEqual(pages);
    expect(after.stream - before.stream).toBe(0);
  });
});
