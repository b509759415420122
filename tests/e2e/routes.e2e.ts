import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES, LOCALE_SETTINGS, type Locale } from "../../common/i18n/locales.ts";
import { decideScreen } from "../../common/routing/guards.ts";
import { SCREENS, pathTo, type Screen } from "../../common/routing/route-table.ts";
import { crisisNumbers } from "../../common/safety/crisis-lines.ts";
import { baseUrl } from "./support/browser.ts";
import { message } from "./support/fixtures.ts";

const VISITOR = { logged_in: false, verified: false, requires2fa: false, terms_accepted: false };
const SAMPLE_PARAMS: Record<string, Record<string, string>> = { course: { course: "stress" } };

function h1(html: string): string | null {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? (match[1] ?? "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'").replace(/&amp;/g, "&") : null;
}

function langOf(html: string): string | null {
  return /<html lang="([^"]+)"/.exec(html)?.[1] ?? null;
}

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}${path}`, { redirect: "manual", headers });
}

/** The information screens show a content page (content/pages/<key>/<lang>.md): its title. */
const PAGE_KEYS: Record<string, string> = { aboutUs: "about-us", privacy: "privacy", terms: "terms", cookies: "cookies" };

function pageTitle(id: string, locale: Locale): string | null {
  const key = PAGE_KEYS[id];
  if (!key) return null;
  const text = readFileSync(path.resolve("content/pages", key, `${locale}.md`), "utf8");
  return /^title: (.+)$/m.exec(text)?.[1]?.trim().replace(/^"|"$/g, "") ?? null;
}

const pageScreens: Screen[] = SCREENS.filter((s) => !s.servedByServer && s.id !== "contentPage" && s.id !== "home");

describe("every screen in every language, as a visitor", () => {
  for (const screen of pageScreens) {
    for (const locale of LOCALES) {
      it(`${screen.id} (${locale})`, async () => {
        const path = pathTo(screen.id, locale, SAMPLE_PARAMS[screen.id] ?? {});
        const response = await get(path);
        const outcome = decideScreen(screen.id, {
          status: VISITOR,
          search: new URLSearchParams(),
          onboarding: "unknown",
          devPages: true,
        });
        if (outcome.kind === "redirect") {
          expect(response.status).toBe(302);
          const query = outcome.query ? `?${new URLSearchParams(outcome.query).toString()}` : "";
          expect(response.headers.get("location")).toBe(`${pathTo(outcome.to, locale)}${query}`);
          return;
        }
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(langOf(html)).toBe(LOCALE_SETTINGS[locale].htmlLang);
        if (screen.id === "course") {
          // A visitor sees the public course with "create an account to start" (issue 20, point 2).
          const course = (await (await get(`/api/v1/public/courses/${SAMPLE_PARAMS.course?.course ?? ""}/`, { "accept-language": locale })).json()) as { title: string };
          expect(h1(html)).toBe(course.title);
          expect(html).toContain(message(locale, "course.visitor.register"));
          return;
        }
        const title = pageTitle(screen.id, locale);
        expect(h1(html)).toBe(title ?? message(locale, `screens.${screen.id}.heading`));
        expect(html).toContain(`<title>${title ?? message(locale, `screens.${screen.id}.title`)} – ${message(locale, "app.name")}</title>`);
      });
    }
  }
});

describe("the crisis-help page through the catch-all /{slug}", () => {
  it.each(LOCALES)("in %s, with every number of the crisis panel", async (locale) => {
    const text = readFileSync(path.resolve("content/pages/crisis-help", `${locale}.md`), "utf8");
    const slug = /^slug: (.+)$/m.exec(text)?.[1]?.trim() ?? "";
    const response = await get(pathTo("contentPage", locale, { slug }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1(html)).toBe(/^title: (.+)$/m.exec(text)?.[1]?.trim());
    for (const number of crisisNumbers(locale)) expect(html).toContain(number);
  });
});

describe("home and language choice", () => {
  it.each(LOCALES)("home in %s", async (locale) => {
    const response = await get(pathTo("home", locale), { cookie: `pref_lang=${locale}` });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(langOf(html)).toBe(LOCALE_SETTINGS[locale].htmlLang);
    expect(h1(html)).toBe(message(locale, "home.heading"));
  });

  it("redirects / to the browser's language", async () => {
    const response = await get("/", { "accept-language": "da" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/da");
  });

  it("redirects / to the saved language, which wins over the browser's", async () => {
    const response = await get("/", { cookie: "pref_lang=en", "accept-language": "da" });
    expect(response.headers.get("location")).toBe("/en");
  });

  it("keeps Swedish for / without a preference and a prefixed home without a cookie", async () => {
    expect((await get("/")).status).toBe(200);
    expect((await get("/no", { "accept-language": "da" })).status).toBe(200);
  });

  it("keeps /en/courses English whatever the cookie says", async () => {
    const response = await get("/en/courses", { cookie: "pref_lang=da", "accept-language": "sv" });
    expect(response.status).toBe(200);
    expect(langOf(await response.text())).toBe("en");
  });

  it("offers the four language versions of a public page as alternates", async () => {
    const html = await (await get("/kurser")).text();
    for (const [lang, path] of [["sv", "/kurser"], ["en", "/en/courses"], ["nb", "/no/kurs"], ["da", "/da/kurser"]]) {
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="[^"]*${path}"`));
    }
  });
});

/** A GET with the path exactly as given (fetch would resolve backslashes and dots first). */
function rawGet(rawPath: string): Promise<{ status: number; location: string | undefined; body: string }> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a page path with doubled slashes or backslashes", () => {
  // Once a 500 ("//", "/\\": the path was read as a URL with a host) or another page under a
  // foreign host ("//evil.example/kurser" rendered /kurser).
  const cases: [string, string][] = [
    ["//", "/"],
    ["///", "/"],
    ["/\\", "/"],
    ["//evil.example/", "/evil.example/"],
    ["//evil.example/kurser", "/evil.example/kurser"],
    ["/\\evil.example/kurser", "/evil.example/kurser"],
    ["/\\/evil.example/", "/evil.example/"],
    ["/kurser//stress", "/kurser/stress"],
    ["/kurser\\stress?modul=1", "/kurser/stress?modul=1"],
    ["/en//courses/", "/en/courses/"],
  ];
  it.each(cases)("%s is sent to %s on this site", async (path, to) => {
    const response = await rawGet(path);
    expect(response.status).toBe(301);
    expect(response.location).toBe(to);
  });

  it("arrives where the redirect points: the page, or not found", async () => {
    expect((await get("/kurser/stress")).status).toBe(200);
    const foreign = await get("/evil.example/kurser");
    expect(foreign.status).toBe(404);
    expect(h1(await foreign.text())).toBe(message("sv", "errors.pageNotFound"));
  });
});

describe("not found", () => {
  const cases: [string, Locale][] = [
    ["/finns-inte", "sv"],
    ["/en/does-not-exist/at/all", "en"],
    ["/no/finnes-ikke", "no"],
    ["/da/findes-ikke", "da"],
    ["/stylelint.config", "sv"],
    ["/en/stylelint.config", "en"],
    ["/kurser/stress/extra/deep", "sv"],
  ];
  it.each(cases)("%s answers 404 in its language", async (path, locale) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(langOf(html)).toBe(LOCALE_SETTINGS[locale].htmlLang);
    expect(h1(html)).toBe(message(locale, "errors.pageNotFound"));
  });

  it("says 'This page could not be found' in English", () => {
    expect(message("en", "errors.pageNotFound")).toBe("This page could not be found");
  });

  it("serves no /vfkey without a configured key", async () => {
    expect((await get("/vfkey")).status).toBe(404);
  });
});

