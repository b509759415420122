import { deepFreeze } from "../instruments/deep-freeze.ts";
import type { Locale } from "../instruments/types.ts";

/**
 * Crisis information per language, shown in the crisis panel and behind every "need help now?"
 * link. Numbers and services follow the clinical design notes (clinical.md); verify opening
 * hours before launch. Swedish deliberately does not list Hjälplinjen (closed 2019).
 */

export interface CrisisLine {
  name: string;
  /** Displayed as written, e.g. "22 40 00 40". */
  number: string;
  description: string;
  /** Digits only, for `tel:` links. */
  tel: string;
}

export interface CrisisInfo {
  heading: string;
  /** Short and calm. */
  message: string;
  emergency: { label: string; number: string; tel: string };
  lines: CrisisLine[];
  healthcareAdvice: string;
  notEmergencyService: string;
}

export const crisisInfo: Readonly<Record<Locale, CrisisInfo>> = deepFreeze({
  sv: {
    heading: "Behöver du hjälp nu?",
    message:
      "Tack för att du berättar hur du har det. Du behöver inte bära det här ensam – prata med någon redan i dag. Här kan du få hjälp direkt.",
    emergency: {
      label: "Vid akut fara för liv eller hälsa: ring 112",
      number: "112",
      tel: "112",
    },
    lines: [
      {
        name: "1177 Vårdguiden",
        number: "1177",
        description: "Sjukvårdsrådgivning dygnet runt. De hjälper dig att hitta rätt vård.",
        tel: "1177",
      },
      {
        name: "Självmordslinjen (Mind)",
        number: "90101",
        description:
          "För dig som har tankar på att ta ditt liv. Ring eller chatta (mind.se) dygnet runt.",
        tel: "90101",
      },
    ],
    healthcareAdvice:
      "Kontakta också vården, till exempel din vårdcentral eller 1177, och berätta hur du mår.",
    notEmergencyService: "Den här tjänsten är inte en akuttjänst.",
  },
  en: {
    heading: "Need help now?",
    message:
      "Thank you for telling us how you feel. You don't have to carry this alone – please talk to someone today. Help is available right now.",
    emergency: {
      label:
        "If your life or health is in immediate danger, call your local emergency number (112 in the EU)",
      number: "112",
      tel: "112",
    },
    lines: [
      {
        name: "Samaritans (UK and Ireland)",
        number: "116 123",
        description: "Someone to talk to, whatever you are going through.",
        tel: "116123",
      },
      {
        name: "988 Suicide & Crisis Lifeline (US)",
        number: "988",
        description: "Call or text 988 to talk to a trained crisis counsellor.",
        tel: "988",
      },
    ],
    healthcareAdvice:
      "Please also contact your doctor or local health service and tell them how you are feeling.",
    notEmergencyService: "This service is not an emergency service.",
  },
  no: {
    heading: "Trenger du hjelp nå?",
    message:
      "Takk for at du forteller hvordan du har det. Du trenger ikke bære dette alene – snakk med noen allerede i dag. Her kan du få hjelp med en gang.",
    emergency: {
      label: "Ved akutt fare for liv eller helse: ring 113 (medisinsk nødhjelp)",
      number: "113",
      tel: "113",
    },
    lines: [
      {
        name: "Legevakten",
        number: "116 117",
        description: "Når du trenger legehjelp som ikke kan vente til fastlegen.",
        tel: "116117",
      },
      {
        name: "Mental Helse hjelpetelefonen",
        number: "116 123",
        description: "Noen å snakke med når livet er vanskelig. Åpen hele døgnet.",
        tel: "116123",
      },
      {
        name: "Kirkens SOS",
        number: "22 40 00 40",
        description: "Krisetelefon for deg som har det vanskelig. Åpen hele døgnet.",
        tel: "22400040",
      },
    ],
    healthcareAdvice:
      "Ta også kontakt med fastlegen eller legevakten og fortell hvordan du har det.",
    notEmergencyService: "Denne tjenesten er ikke en akuttjeneste.",
  },
  da: {
    heading: "Har du brug for hjælp nu?",
    message:
      "Tak, fordi du fortæller, hvordan du har det. Du behøver ikke at bære det alene – tal med nogen allerede i dag. Her kan du få hjælp med det samme.",
    emergency: {
      label: "Ved akut fare for liv eller helbred: ring 112",
      number: "112",
      tel: "112",
    },
    lines: [
      {
        name: "Lægevagten",
        number: "1813",
        description:
          "Når du har brug for en læge uden for din egen læges åbningstid. Nummeret afhænger af din region – i Region Hovedstaden ringer du 1813.",
        tel: "1813",
      },
      {
        name: "Livslinien",
        number: "70 201 201",
        description: "Anonym rådgivning til dig, der har tanker om selvmord.",
        tel: "70201201",
      },
    ],
    healthcareAdvice: "Kontakt også din egen læge eller lægevagten, og fortæl, hvordan du har det.",
    notEmergencyService: "Denne tjeneste er ikke en akuttjeneste.",
  },
});

export function getCrisisInfo(locale: Locale): CrisisInfo {
  return crisisInfo[locale];
}
