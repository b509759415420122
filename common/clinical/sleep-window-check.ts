import { deepFreeze } from "../instruments/deep-freeze.ts";
import type { Localized } from "../instruments/types.ts";

/**
 * The yes/no check before the sleep window (sleep restriction), rule G1 of
 * docs/clinical/recommendations.md: any "yes" withholds the window, and so does the newest
 * screening with item 9 above 0 (or a crisis answer in the last 14 days) or PHQ-9 ≥ 20 (G2).
 * Served with the safety-check module in the question shape of the screenings.
 */

export const SLEEP_WINDOW_CHECK = "sleep-window";

export interface CheckQuestion {
  id: string;
  text: Localized;
}

const NO: Localized = { sv: "Nej", en: "No", no: "Nei", da: "Nej" };
const YES: Localized = { sv: "Ja", en: "Yes", no: "Ja", da: "Ja" };

/** The answer scale: 0 = no, 1 = yes. */
export const CHECK_OPTIONS = deepFreeze([
  { value: 0, label: NO },
  { value: 1, label: YES },
]);

export const CHECK_INTRO: Localized = {
  sv: "Svara ja eller nej. Gäller något av det här dig?",
  en: "Answer yes or no. Does any of this apply to you?",
  no: "Svar ja eller nei. Gjelder noe av dette deg?",
  da: "Svar ja eller nej. Gælder noget af dette for dig?",
};

export const sleepWindowQuestions: readonly CheckQuestion[] = deepFreeze([
  {
    id: "bipolar",
    text: {
      sv: "Har du bipolär sjukdom, eller har du någon gång haft en period av mani eller hypomani?",
      en: "Do you have bipolar disorder, or have you ever had a period of mania or hypomania?",
      no: "Har du bipolar lidelse, eller har du noen gang hatt en periode med mani eller hypomani?",
      da: "Har du bipolar lidelse, eller har du nogensinde haft en periode med mani eller hypomani?",
    },
  },
  {
    id: "epilepsy",
    text: {
      sv: "Har du epilepsi eller har du haft krampanfall?",
      en: "Do you have epilepsy, or have you had seizures?",
      no: "Har du epilepsi, eller har du hatt krampeanfall?",
      da: "Har du epilepsi, eller har du haft krampeanfald?",
    },
  },
  {
    id: "sleep_apnoea",
    text: {
      sv: "Har du sömnapné som inte är behandlad, eller misstänker du det? Tecken kan vara högljudd snarkning, andningsuppehåll i sömnen och att du somnar ofrivilligt på dagen.",
      en: "Do you have sleep apnoea that is not treated, or do you suspect it? Signs can be loud snoring, pauses in breathing during sleep and falling asleep during the day without meaning to.",
      no: "Har du søvnapné som ikke er behandlet, eller mistenker du det? Tegn kan være høylytt snorking, pustestopp i søvne og at du sovner ufrivillig på dagtid.",
      da: "Har du søvnapnø, som ikke er behandlet, eller har du mistanke om det? Tegn kan være høj snorken, vejrtrækningspauser i søvne og at du falder i søvn om dagen uden at ville det.",
    },
  },
  {
    id: "pregnancy",
    text: {
      sv: "Är du gravid?",
      en: "Are you pregnant?",
      no: "Er du gravid?",
      da: "Er du gravid?",
    },
  },
  {
    id: "shift_work",
    text: {
      sv: "Arbetar du natt eller skift?",
      en: "Do you work nights or shifts?",
      no: "Jobber du natt eller skift?",
      da: "Arbejder du om natten eller i skiftende vagter?",
    },
  },
  {
    id: "alertness",
    text: {
      sv: "Kör du bil eller annat fordon i arbetet, eller har du ett arbete där trötthet kan vara farligt, till exempel med maskiner eller inom vården?",
      en: "Do you drive a car or another vehicle for work, or do you have work where sleepiness could be dangerous, for example with machinery or in healthcare?",
      no: "Kjører du bil eller annet kjøretøy i jobben, eller har du en jobb der tretthet kan være farlig, for eksempel med maskiner eller i helsevesenet?",
      da: "Kører du bil eller et andet køretøj i dit arbejde, eller har du et arbejde, hvor træthed kan være farligt, for eksempel med maskiner eller i sundhedsvæsenet?",
    },
  },
]);

/** Any "yes" (1) withholds the window. */
export function anyYes(answers: Readonly<Record<string, number>>): boolean {
  return sleepWindowQuestions.some((question) => answers[question.id] === 1);
}
