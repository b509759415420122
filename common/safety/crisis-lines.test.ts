import { describe, expect, it } from "vitest";
import type { Locale } from "../instruments/types.ts";
import { crisisInfo, getCrisisInfo } from "./crisis-lines.ts";

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];

function numbers(locale: Locale): string[] {
  const info = crisisInfo[locale];
  return [info.emergency.number, ...info.lines.map((line) => line.number)];
}

describe("crisisInfo", () => {
  it("covers exactly the four locales", () => {
    expect(Object.keys(crisisInfo).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("%s: every text is non-empty", (locale) => {
    const info = getCrisisInfo(locale);
    const texts = [
      info.heading,
      info.message,
      info.emergency.label,
      info.emergency.number,
      info.healthcareAdvice,
      info.notEmergencyService,
      ...info.lines.flatMap((line) => [line.name, line.number, line.description, line.tel]),
    ];
    for (const text of texts) expect(text.trim()).not.toBe("");
    expect(info.lines.length).toBeGreaterThan(0);
  });

  it.each(LOCALES)("%s: tel links are the displayed numbers as digits", (locale) => {
    const info = crisisInfo[locale];
    for (const entry of [info.emergency, ...info.lines]) {
      expect(entry.tel).toMatch(/^\d+$/);
      expect(entry.number.replace(/\s/g, "")).toBe(entry.tel);
    }
  });

  it("Swedish: 112, 1177 Vårdguiden and Självmordslinjen 90101, never Hjälplinjen", () => {
    expect(numbers("sv")).toEqual(["112", "1177", "90101"]);
    const names = crisisInfo.sv.lines.map((line) => line.name).join(" ");
    expect(names).toContain("1177 Vårdguiden");
    expect(names).toContain("Självmordslinjen");
    expect(names).toContain("Mind");
    expect(JSON.stringify(crisisInfo)).not.toMatch(/Hjälplinjen/i);
    expect(crisisInfo.sv.lines[1]?.description).toMatch(/chatt/);
    expect(crisisInfo.sv.lines[1]?.description).toMatch(/dygnet runt/);
  });

  it("Norwegian: 113, legevakt 116 117, Mental Helse 116 123 and Kirkens SOS 22 40 00 40", () => {
    expect(numbers("no")).toEqual(["113", "116 117", "116 123", "22 40 00 40"]);
    const names = crisisInfo.no.lines.map((line) => line.name);
    expect(names).toEqual(["Legevakten", "Mental Helse hjelpetelefonen", "Kirkens SOS"]);
  });

  it("Danish: 112, lægevagten (1813 in the Capital Region) and Livslinien 70 201 201", () => {
    expect(numbers("da")).toEqual(["112", "1813", "70 201 201"]);
    expect(crisisInfo.da.lines[0]?.description).toMatch(/Region Hovedstaden/);
    expect(crisisInfo.da.lines[1]?.name).toBe("Livslinien");
  });

  it("English: local emergency number (112 in the EU), Samaritans 116 123 and 988 in the US", () => {
    expect(numbers("en")).toEqual(["112", "116 123", "988"]);
    expect(crisisInfo.en.emergency.label).toMatch(/local emergency number/);
    expect(crisisInfo.en.emergency.label).toMatch(/112 in the EU/);
    expect(crisisInfo.en.lines[0]?.name).toMatch(/Samaritans.*UK and Ireland/);
    expect(crisisInfo.en.lines[1]?.name).toMatch(/US/);
  });

  it("says plainly that the service is not an emergency service", () => {
    expect(crisisInfo.en.notEmergencyService).toBe("This service is not an emergency service.");
    expect(crisisInfo.sv.notEmergencyService).toBe("Den här tjänsten är inte en akuttjänst.");
  });

  it("is frozen", () => {
    expect(Object.isFrozen(crisisInfo.sv.lines)).toBe(true);
  });
});
