import { deepFreeze } from "../instruments/deep-freeze.ts";
import type { Locale } from "../instruments/types.ts";
import {
  CRISIS_NUMBERS,
  CRISIS_NUMBERS_VERIFIED,
  REGIONS_BY_LOCALE,
  telOf,
  type CrisisNumberId,
  type Region,
} from "./crisis-numbers.ts";
import { dateTimeFormat } from "../i18n/formatters.ts";

/**
 * Crisis information per language, shown in the crisis panel and behind every "need help now?"
 * link. The numbers come from crisis-numbers.ts (the one source of truth, with its "last
 * verified" date); here are only the words. Swedish deliberately does not list Hjälplinjen
 * (closed 2019).
 */

export interface CrisisLine {
  id: CrisisNumberId;
  name: string;
  /** Displayed as written, e.g. "22 40 00 40". */
  number: string;
  description: string;
  /** Digits only, for `tel:` links. */
  tel: string;
}

export interface CrisisGroup {
  region: Region;
  /** "In Sweden" …; null when the language lists one country only. */
  heading: string | null;
  emergency: { label: string; number: string; tel: string };
  lines: CrisisLine[];
}

export interface CrisisInfo {
  heading: string;
  /** Short and calm. */
  message: string;
  /** One group per country, in the order of REGIONS_BY_LOCALE. */
  groups: CrisisGroup[];
  healthcareAdvice: string;
  notEmergencyService: string;
  /** "Numbers checked on …", from CRISIS_NUMBERS_VERIFIED. */
  verified: string;
}

type LineText = { name: string; description: string };
type GroupText = { heading: string | null; emergency: string; lines: Partial<Record<CrisisNumberId, LineText>> };

interface LocaleText {
  heading: string;
  message: string;
  healthcareAdvice: string;
  notEmergencyService: string;
  verified: (date: string) => string;
  dateLocale: string;
  groups: Partial<Record<Region, GroupText>>;
}

const DANISH_REGIONS: Record<string, LineText> = {
  "dk-hovedstaden": { name: "Region Hovedstaden: Akuttelefonen", description: "Døgnet rundt, når du har brug for en læge og ikke kan vente til din egen læge." },
  "dk-sjaelland": { name: "Region Sjælland: Akuthjælp", description: "Døgnet rundt, når du har brug for lægevagten, skadestuen eller psykiatrisk akutmodtagelse." },
  "dk-syddanmark": { name: "Region Syddanmark: Lægevagten", description: "Når din egen læge har lukket: hverdage kl. 16–08, weekender og helligdage hele døgnet." },
  "dk-midtjylland": { name: "Region Midtjylland: Lægevagten", description: "Når din egen læge har lukket: hverdage kl. 16–08, weekender og helligdage hele døgnet." },
  "dk-nordjylland": { name: "Region Nordjylland: Lægevagten", description: "Når din egen læge har lukket: hverdage kl. 16–08, weekender og helligdage hele døgnet." },
};

const TEXTS: Record<Locale, LocaleText> = {
  sv: {
    heading: "Behöver du hjälp nu?",
    message:
      "Tack för att du berättar hur du har det. Du behöver inte bära det här ensam – prata med någon redan i dag. Här kan du få hjälp direkt.",
    healthcareAdvice: "Kontakta också vården, till exempel din vårdcentral eller 1177, och berätta hur du mår.",
    notEmergencyService: "Den här tjänsten är inte en akuttjänst.",
    verified: (date) => `Numren kontrollerades senast ${date}.`,
    dateLocale: "sv",
    groups: {
      SE: {
        heading: null,
        emergency: "Vid akut fara för liv eller hälsa: ring 112",
        lines: {
          "se-1177": { name: "1177 Vårdguiden", description: "Sjukvårdsrådgivning dygnet runt. De hjälper dig att hitta rätt vård." },
          "se-mind": { name: "Självmordslinjen (Mind)", description: "För dig som har tankar på att ta ditt liv. Ring eller chatta (mind.se) dygnet runt." },
        },
      },
    },
  },
  en: {
    heading: "Need help now?",
    message:
      "Thank you for telling us how you feel. You don't have to carry this alone – please talk to someone today. Help is available right now.",
    healthcareAdvice: "Please also contact your doctor or local health service and tell them how you are feeling.",
    notEmergencyService: "This service is not an emergency service.",
    verified: (date) => `Numbers last checked on ${date}.`,
    dateLocale: "en-GB",
    groups: {
      SE: {
        heading: "In Sweden",
        emergency: "If your life or health is in immediate danger: call 112",
        lines: {
          "se-1177": { name: "1177 Vårdguiden", description: "Healthcare advice day and night. They help you find the right care." },
          "se-mind": { name: "Självmordslinjen (Mind)", description: "For anyone with thoughts of ending their life. Call or chat (mind.se) day and night, in Swedish." },
        },
      },
      NO: {
        heading: "In Norway",
        emergency: "Medical emergency: call 113",
        lines: {
          "no-legevakt": { name: "Legevakten (out-of-hours doctor)", description: "When you need a doctor and cannot wait for your GP." },
          "no-mental-helse": { name: "Mental Helse helpline", description: "Someone to talk to when life is hard. Open day and night." },
          "no-kirkens-sos": { name: "Kirkens SOS", description: "Crisis line for anyone who is struggling. Open day and night." },
        },
      },
      DK: {
        heading: "In Denmark",
        emergency: "If your life or health is in immediate danger: call 112",
        lines: {
          "dk-hovedstaden": { name: "Capital Region: Akuttelefonen", description: "Out-of-hours doctor, day and night." },
          "dk-sjaelland": { name: "Region Zealand: Akuthjælp", description: "Out-of-hours doctor, A&E and psychiatric emergency, day and night." },
          "dk-syddanmark": { name: "Region of Southern Denmark: Lægevagten", description: "Out-of-hours doctor: weekdays 16–08, weekends and holidays." },
          "dk-midtjylland": { name: "Central Denmark Region: Lægevagten", description: "Out-of-hours doctor: weekdays 16–08, weekends and holidays." },
          "dk-nordjylland": { name: "North Denmark Region: Lægevagten", description: "Out-of-hours doctor: weekdays 16–08, weekends and holidays." },
          "dk-livslinien": { name: "Livslinien", description: "Anonymous support if you have thoughts of suicide, every day 11:00–05:00, in Danish." },
        },
      },
      UK_IE: {
        heading: "In the UK and Ireland",
        emergency: "Emergency: call 999 (or 112)",
        lines: { "uk-samaritans": { name: "Samaritans", description: "Someone to talk to, whatever you are going through. Free, day or night." } },
      },
      US: {
        heading: "In the US",
        emergency: "Emergency: call 911",
        lines: { "us-988": { name: "988 Suicide & Crisis Lifeline", description: "Call or text 988 to talk to a trained crisis counsellor." } },
      },
    },
  },
  no: {
    heading: "Trenger du hjelp nå?",
    message:
      "Takk for at du forteller hvordan du har det. Du trenger ikke bære dette alene – snakk med noen allerede i dag. Her kan du få hjelp med en gang.",
    healthcareAdvice: "Ta også kontakt med fastlegen eller legevakten og fortell hvordan du har det.",
    notEmergencyService: "Denne tjenesten er ikke en akuttjeneste.",
    verified: (date) => `Numrene ble sist kontrollert ${date}.`,
    dateLocale: "nb",
    groups: {
      NO: {
        heading: null,
        emergency: "Ved akutt fare for liv eller helse: ring 113 (medisinsk nødhjelp)",
        lines: {
          "no-legevakt": { name: "Legevakten", description: "Når du trenger legehjelp som ikke kan vente til fastlegen." },
          "no-mental-helse": { name: "Mental Helse hjelpetelefonen", description: "Noen å snakke med når livet er vanskelig. Åpen hele døgnet." },
          "no-kirkens-sos": { name: "Kirkens SOS", description: "Krisetelefon for deg som har det vanskelig. Åpen hele døgnet." },
        },
      },
    },
  },
  da: {
    heading: "Har du brug for hjælp nu?",
    message:
      "Tak, fordi du fortæller, hvordan du har det. Du behøver ikke at bære det alene – tal med nogen allerede i dag. Her kan du få hjælp med det samme.",
    healthcareAdvice: "Kontakt også din egen læge eller lægevagten i din region, og fortæl, hvordan du har det.",
    notEmergencyService: "Denne tjeneste er ikke en akuttjeneste.",
    verified: (date) => `Numrene blev sidst kontrolleret ${date}.`,
    dateLocale: "da",
    groups: {
      DK: {
        heading: null,
        emergency: "Ved akut fare for liv eller helbred: ring 112",
        lines: {
          ...DANISH_REGIONS,
          "dk-livslinien": { name: "Livslinien", description: "Anonym rådgivning til dig, der har tanker om selvmord. Åben alle dage kl. 11–05." },
        },
      },
    },
  },
};

function build(locale: Locale): CrisisInfo {
  const text = TEXTS[locale];
  const groups = REGIONS_BY_LOCALE[locale].map((region): CrisisGroup => {
    const group = text.groups[region];
    if (!group) throw new Error(`${locale}: no texts for ${region}`);
    const ids = (Object.keys(CRISIS_NUMBERS) as CrisisNumberId[]).filter((id) => CRISIS_NUMBERS[id].region === region);
    const emergencyId = ids.find((id) => CRISIS_NUMBERS[id].kind === "emergency");
    if (!emergencyId) throw new Error(`${region}: no emergency number`);
    const emergency = CRISIS_NUMBERS[emergencyId].number;
    const lines = ids
      .filter((id) => id !== emergencyId)
      .map((id): CrisisLine => {
        const words = group.lines[id];
        if (!words) throw new Error(`${locale}: no texts for ${id}`);
        const number = CRISIS_NUMBERS[id].number;
        return { id, name: words.name, description: words.description, number, tel: telOf(number) };
      });
    return { region, heading: group.heading, emergency: { label: group.emergency, number: emergency, tel: telOf(emergency) }, lines };
  });
  const date = dateTimeFormat(text.dateLocale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${CRISIS_NUMBERS_VERIFIED}T12:00:00Z`));
  return {
    heading: text.heading,
    message: text.message,
    groups,
    healthcareAdvice: text.healthcareAdvice,
    notEmergencyService: text.notEmergencyService,
    verified: text.verified(date),
  };
}

export const crisisInfo: Readonly<Record<Locale, CrisisInfo>> = deepFreeze({
  sv: build("sv"),
  en: build("en"),
  no: build("no"),
  da: build("da"),
});

export function getCrisisInfo(locale: Locale): CrisisInfo {
  return crisisInfo[locale];
}

/** The slug of the crisis-help page (content/pages/crisis-help/<lang>.md) in each language. */
export const CRISIS_PAGE_SLUG: Readonly<Record<Locale, string>> = Object.freeze({
  sv: "krisstod",
  en: "crisis-help",
  no: "krisehjelp",
  da: "krisehjaelp",
});

/** Every number the panel shows in a language: emergency numbers and lines, in order. */
export function crisisNumbers(locale: Locale): string[] {
  return crisisInfo[locale].groups.flatMap((group) => [group.emergency.number, ...group.lines.map((line) => line.number)]);
}
