import { deepFreeze } from "../instruments/deep-freeze.ts";
import type { Locale } from "../instruments/types.ts";

/**
 * The one source of truth for crisis and healthcare numbers: every number the crisis panel shows
 * comes from here, and `crisis-content.test.ts` checks that every content page, course text and
 * message that names one of them agrees (only the numbers of its language's countries; Danish
 * texts name every region's out-of-hours number; English texts put Sweden, Norway and Denmark
 * before the UK and US lines).
 *
 * Verify every number and opening hour against the services' own pages before a release and
 * move `CRISIS_NUMBERS_VERIFIED` on; the crisis-help pages state the date.
 */

/** When the numbers and hours were last checked against the services' own information. */
export const CRISIS_NUMBERS_VERIFIED = "2026-11-25";

/** Where the numbers were checked. */
export const CRISIS_NUMBER_SOURCES: readonly string[] = [
  "https://www.1177.se/ (1177, 112)",
  "https://mind.se/hitta-hjalp/sjalvmordslinjen/ (90101, chat, around the clock)",
  "https://www.helsenorge.no/ (113, legevakt 116 117)",
  "https://mentalhelse.no/fa-hjelp/hjelpetelefonen (116 123, around the clock)",
  "https://www.kirkens-sos.no/ (22 40 00 40, around the clock)",
  "https://www.sundhed.dk/ and each region's site (1813, 1818, 70 11 07 07, 70 11 31 31, 70 15 03 00)",
  "https://www.livslinien.dk/ (70 201 201, opening hours)",
  "https://www.samaritans.org/ (116 123), https://988lifeline.org/ (988)",
];

/** A country (or group of countries) whose lines are listed together. */
export type Region = "SE" | "NO" | "DK" | "UK_IE" | "US";

export interface CrisisNumber {
  region: Region;
  /** Displayed as written, e.g. "22 40 00 40". */
  number: string;
  kind: "emergency" | "healthcare" | "crisis_line";
  /**
   * 24/7; `out-of-hours` when the GP is closed (weekdays 16–08, weekends and holidays all day: the
   * Danish regions' lægevagt); or the opening hours as `HH–HH` every day (local time).
   */
  hours: "24/7" | "out-of-hours" | `${number}–${number}`;
}

/** Every number by a stable id; texts per language are in crisis-lines.ts. */
export const CRISIS_NUMBERS = deepFreeze({
  "se-emergency": { region: "SE", number: "112", kind: "emergency", hours: "24/7" },
  "se-1177": { region: "SE", number: "1177", kind: "healthcare", hours: "24/7" },
  "se-mind": { region: "SE", number: "90101", kind: "crisis_line", hours: "24/7" },
  "no-emergency": { region: "NO", number: "113", kind: "emergency", hours: "24/7" },
  "no-legevakt": { region: "NO", number: "116 117", kind: "healthcare", hours: "24/7" },
  "no-mental-helse": { region: "NO", number: "116 123", kind: "crisis_line", hours: "24/7" },
  "no-kirkens-sos": { region: "NO", number: "22 40 00 40", kind: "crisis_line", hours: "24/7" },
  "dk-emergency": { region: "DK", number: "112", kind: "emergency", hours: "24/7" },
  "dk-hovedstaden": { region: "DK", number: "1813", kind: "healthcare", hours: "24/7" },
  "dk-sjaelland": { region: "DK", number: "1818", kind: "healthcare", hours: "24/7" },
  "dk-syddanmark": { region: "DK", number: "70 11 07 07", kind: "healthcare", hours: "out-of-hours" },
  "dk-midtjylland": { region: "DK", number: "70 11 31 31", kind: "healthcare", hours: "out-of-hours" },
  "dk-nordjylland": { region: "DK", number: "70 15 03 00", kind: "healthcare", hours: "out-of-hours" },
  "dk-livslinien": { region: "DK", number: "70 201 201", kind: "crisis_line", hours: "11–05" },
  "uk-emergency": { region: "UK_IE", number: "999", kind: "emergency", hours: "24/7" },
  "uk-samaritans": { region: "UK_IE", number: "116 123", kind: "crisis_line", hours: "24/7" },
  "us-emergency": { region: "US", number: "911", kind: "emergency", hours: "24/7" },
  "us-988": { region: "US", number: "988", kind: "crisis_line", hours: "24/7" },
} as const satisfies Record<string, CrisisNumber>);

export type CrisisNumberId = keyof typeof CRISIS_NUMBERS;

/** The Danish regions' out-of-hours numbers (lægevagt / akuttelefon), every one always named. */
export const DANISH_REGION_NUMBERS: readonly CrisisNumberId[] = [
  "dk-hovedstaden",
  "dk-sjaelland",
  "dk-syddanmark",
  "dk-midtjylland",
  "dk-nordjylland",
];

/**
 * Whose lines each language lists, in order. Most English readers live in Sweden, Norway or
 * Denmark (the service is Swedish), so those come first; the UK, Ireland and the US are extras.
 */
export const REGIONS_BY_LOCALE: Readonly<Record<Locale, readonly Region[]>> = deepFreeze({
  sv: ["SE"],
  no: ["NO"],
  da: ["DK"],
  en: ["SE", "NO", "DK", "UK_IE", "US"],
});

/** Digits only, for `tel:` links. */
export function telOf(number: string): string {
  return number.replace(/\D/g, "");
}

/** The ids of the numbers a language may name, in its regions' order. */
export function numberIdsFor(locale: Locale): CrisisNumberId[] {
  const regions = REGIONS_BY_LOCALE[locale];
  return (Object.keys(CRISIS_NUMBERS) as CrisisNumberId[])
    .filter((id) => regions.includes(CRISIS_NUMBERS[id].region))
    .sort((a, b) => regions.indexOf(CRISIS_NUMBERS[a].region) - regions.indexOf(CRISIS_NUMBERS[b].region));
}
