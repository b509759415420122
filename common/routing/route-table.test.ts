import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales.ts";
import { SCREENS, parseRouteId, pathTo, routeId, routePattern } from "./route-table.ts";

describe("route table", () => {
  it("has every screen in all four languages with the spec's prefixes", () => {
    for (const screen of SCREENS) {
      for (const locale of LOCALES) {
        const pattern = routePattern(screen.id, locale);
        expect(pattern.startsWith("/")).toBe(true);
        if (locale !== "sv") expect(pattern.startsWith(`/${locale}`)).toBe(true);
        expect(parseRouteId(routeId(screen.id, locale))).toEqual({ screen: screen.id, locale });
      }
    }
  });

  it("writes the paths exactly as spec §2 does", () => {
    expect(pathTo("courses", "sv")).toBe("/kurser");
    expect(pathTo("courses", "en")).toBe("/en/courses");
    expect(pathTo("courses", "no")).toBe("/no/kurs");
    expect(pathTo("courses", "da")).toBe("/da/kurser");
    expect(pathTo("extendedScreening", "sv")).toBe("/fordjupad-screening");
    expect(pathTo("extendedScreening", "en")).toBe("/en/extended-screening");
    expect(pathTo("extendedScreening", "no")).toBe("/no/dybdescreening");
    expect(pathTo("extendedScreening", "da")).toBe("/da/dybdegaende-screening");
    expect(pathTo("home", "sv")).toBe("/");
    expect(pathTo("home", "da")).toBe("/da");
    expect(pathTo("aboutUs", "da")).toBe("/da/omos");
    expect(pathTo("course", "en", { course: "sleep" })).toBe("/en/courses/sleep");
  });

  it("has no two routes with the same pattern", () => {
    const patterns = SCREENS.flatMap((s) => LOCALES.map((l) => routePattern(s.id, l)));
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it("refuses a missing path parameter", () => {
    expect(() => pathTo("course", "sv")).toThrow(/missing parameter course/);
  });
});
