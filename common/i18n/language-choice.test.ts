import { describe, expect, it } from "vitest";
import { chooseLocale, localeFromAcceptLanguage, localeFromCookieHeader } from "./language-choice.ts";

describe("language choice (§4)", () => {
  it("reads Accept-Language by quality, mapping Norwegian variants to no", () => {
    expect(localeFromAcceptLanguage("da")).toBe("da");
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.5")).toBe("en");
    expect(localeFromAcceptLanguage("nb-NO,nb;q=0.9")).toBe("no");
    expect(localeFromAcceptLanguage("nn")).toBe("no");
    expect(localeFromAcceptLanguage("en;q=0.2, sv;q=0.8")).toBe("sv");
    expect(localeFromAcceptLanguage("fr, de")).toBeNull();
    expect(localeFromAcceptLanguage("sv;q=0")).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
  });

  it("reads the pref_lang cookie", () => {
    expect(localeFromCookieHeader("a=b; pref_lang=en; theme=black")).toBe("en");
    expect(localeFromCookieHeader("pref_lang=xx")).toBeNull();
  });

  it("uses the prefix everywhere but the home page", () => {
    expect(chooseLocale({ pathname: "/en/courses", isHome: false, cookie: "da", acceptLanguage: "sv" })).toBe("en");
    expect(chooseLocale({ pathname: "/kurser", isHome: false, cookie: "da", acceptLanguage: "en" })).toBe("sv");
  });

  it("on the home page: cookie, then prefix, then browser language, then Swedish", () => {
    expect(chooseLocale({ pathname: "/", isHome: true, cookie: "en", acceptLanguage: "da" })).toBe("en");
    expect(chooseLocale({ pathname: "/no", isHome: true, cookie: "en", acceptLanguage: null })).toBe("en");
    expect(chooseLocale({ pathname: "/no", isHome: true, cookie: null, acceptLanguage: "da" })).toBe("no");
    expect(chooseLocale({ pathname: "/", isHome: true, cookie: null, acceptLanguage: "da" })).toBe("da");
    expect(chooseLocale({ pathname: "/", isHome: true, cookie: null, acceptLanguage: null })).toBe("sv");
  });
});
