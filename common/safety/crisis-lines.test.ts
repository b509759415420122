import { describe, expect, it } from "vitest";
import type { Locale } from "../instruments/types.ts";
import { crisisInfo, crisisNumbers, getCrisisInfo } from "./crisis-lines.ts";
import { CRISIS_NUMBERS, CRISIS_NUMBERS_VERIFIED, DANISH_REGION_NUMBERS, numberIdsFor } from "./crisis-numbers.ts";

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];

describe("crisisInfo", () => {
  it("covers exactly the four locales", () => {
    expect(Object.keys(crisisInfo).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)("%s: every text is non-empty", (locale) => {
    const info = getCrisisInfo(locale);
    const texts = [
      info.heading,
      info.message,
      info.healthcareAdvice,
      info.notEmergencyService,
      info.verified,
      ...info.groups.flatMap((group) => [
        group.emergency.label,
        group.emergency.number,
        ...group.lines.flatMap((line) => [line.name, line.number, line.description, line.tel]),
      ]),
    ];
    for (const text of texts) expect(text.trim()).not.toBe("");
    for (const group of info.groups) expect(group.lines.length).toBeGreaterThan(0);
  });

  it.each(LOCALES)("%s: shows exactly the source's numbers for its countries, as tel links of their digits", (locale) => {
    expect(crisisNumbers(locale)).toEqual(numberIdsFor(locale).map((id) => CRISIS_NUMBERS[id].number));
    for (const group of crisisInfo[locale].groups) {
      for (const entry of [group.emergency, ...group.lines]) {
        expect(entry.tel).toMatch(/^\d+$/);
        expect(entry.number.replace(/\s/g, "")).toBe(entry.tel);
      }
    }
  });

  it("Swedish: 112, 1177 Vårdguiden and Självmordslinjen 90101, never Hjälplinjen", () => {
    expect(crisisNumbers("sv")).toEqual(["112", "1177", "90101"]);
    const names = crisisInfo.sv.groups[0]?.lines.map((line) => line.name).join(" ");
    expect(names).toContain("1177 Vårdguiden");
    expect(names).toContain("Självmordslinjen (Mind)");
    expect(JSON.stringify(crisisInfo)).not.toMatch(/Hjälplinjen/i);
    expect(crisisInfo.sv.groups[0]?.lines[1]?.description).toMatch(/chatt.*dygnet runt/);
  });

  it("Norwegian: 113, legevakt 116 117, Mental Helse 116 123 and Kirkens SOS 22 40 00 40", () => {
    expect(crisisNumbers("no")).toEqual(["113", "116 117", "116 123", "22 40 00 40"]);
    expect(crisisInfo.no.groups[0]?.lines.map((line) => line.name)).toEqual(["Legevakten", "Mental Helse hjelpetelefonen", "Kirkens SOS"]);
  });

  it("Danish: 112, every region's out-of-hours number, and Livslinien with its opening hours", () => {
    expect(crisisNumbers("da")).toEqual(["112", "1813", "1818", "70 11 07 07", "70 11 31 31", "70 15 03 00", "70 201 201"]);
    const lines = crisisInfo.da.groups[0]?.lines ?? [];
    expect(lines.filter((line) => DANISH_REGION_NUMBERS.includes(line.id)).map((line) => line.name.split(":")[0])).toEqual([
      "Region Hovedstaden",
      "Region Sjælland",
      "Region Syddanmark",
      "Region Midtjylland",
      "Region Nordjylland",
    ]);
    expect(lines.at(-1)).toMatchObject({ name: "Livslinien", number: "70 201 201" });
    expect(lines.at(-1)?.description).toMatch(/kl\. 11–05/);
  });

  it("the source's opening hours are what every language's texts say (lægevagt: weekdays 16–08; Livslinien 11–05)", () => {
    const lines = LOCALES.flatMap((locale) => crisisInfo[locale].groups.flatMap((group) => group.lines.map((line) => ({ locale, ...line }))));
    expect(lines.filter((line) => CRISIS_NUMBERS[line.id].hours === "out-of-hours").length).toBeGreaterThan(0);
    for (const line of lines) {
      const { hours } = CRISIS_NUMBERS[line.id];
      const where = `${line.locale} ${line.name}`;
      if (hours === "out-of-hours") expect(line.description, where).toMatch(/16[–-]08/);
      else if (hours === "24/7") expect(line.description, where).not.toMatch(/16[–-]08/);
      else expect(line.description, where).toMatch(new RegExp(hours.replace("–", "[:.0-9]*[–-]")));
    }
  });

  it("English: Sweden's, Norway's and Denmark's lines first, then the UK and Ireland (116 123) and the US (988)", () => {
    expect(crisisInfo.en.groups.map((group) => group.heading)).toEqual(["In Sweden", "In Norway", "In Denmark", "In the UK and Ireland", "In the US"]);
    const numbers = crisisNumbers("en");
    expect(numbers.slice(0, 3)).toEqual(["112", "1177", "90101"]);
    expect(numbers).toContain("70 201 201");
    expect(numbers.slice(-4)).toEqual(["999", "116 123", "911", "988"]);
  });

  it("says plainly that the service is not an emergency service, and when the numbers were checked", () => {
    expect(crisisInfo.en.notEmergencyService).toBe("This service is not an emergency service.");
    expect(crisisInfo.sv.notEmergencyService).toBe("Den här tjänsten är inte en akuttjänst.");
    expect(CRISIS_NUMBERS_VERIFIED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [year, month, day] = CRISIS_NUMBERS_VERIFIED.split("-").map(Number);
    expect(crisisInfo.sv.verified).toBe(`Numren kontrollerades senast ${day} ${new Intl.DateTimeFormat("sv", { month: "long" }).format(new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 15)))} ${year}.`);
    expect(crisisInfo.en.verified).toMatch(new RegExp(`^Numbers last checked on ${day} \\w+ ${year}\\.$`));
  });

  it("is frozen", () => {
    expect(Object.isFrozen(crisisInfo.sv.groups[0]?.lines)).toBe(true);
  });
});
