import { deepFreeze } from "./deep-freeze.ts";
import { phqOptions } from "./phq9.ts";
import type { Band, Instrument, Item } from "./types.ts";

/**
 * GAD-7. Wording: en is the original (Pfizer); sv and da follow the Pfizer translations
 * distributed via phqscreeners.com; the no wording follows Norwegian versions in clinical use
 * and has not been checked against an authorised Norwegian original (see `source`).
 */

const items: readonly Item[] = [
  {
    id: "gad7_1",
    text: {
      sv: "Känt dig nervös, ängslig eller väldigt stressad",
      en: "Feeling nervous, anxious, or on edge",
      no: "Følt deg nervøs, engstelig eller veldig stresset",
      da: "Følt dig nervøs, ængstelig eller anspændt",
    },
  },
  {
    id: "gad7_2",
    text: {
      sv: "Inte kunnat sluta oroa dig eller kontrollera din oro",
      en: "Not being able to stop or control worrying",
      no: "Ikke klart å slutte å bekymre deg eller kontrollere bekymringene dine",
      da: "Ikke kunnet holde op med at bekymre dig eller ikke kunnet styre din bekymring",
    },
  },
  {
    id: "gad7_3",
    text: {
      sv: "Oroat dig för mycket för olika saker",
      en: "Worrying too much about different things",
      no: "Bekymret deg for mye om forskjellige ting",
      da: "Bekymret dig for meget om alt muligt",
    },
  },
  {
    id: "gad7_4",
    text: {
      sv: "Haft svårt att slappna av",
      en: "Trouble relaxing",
      no: "Hatt vanskelig for å slappe av",
      da: "Haft svært ved at slappe af",
    },
  },
  {
    id: "gad7_5",
    text: {
      sv: "Varit så rastlös att du har haft svårt att sitta still",
      en: "Being so restless that it is hard to sit still",
      no: "Vært så rastløs at du har hatt vanskelig for å sitte stille",
      da: "Været så rastløs, at du har haft svært ved at sidde stille",
    },
  },
  {
    id: "gad7_6",
    text: {
      sv: "Blivit lätt irriterad eller retlig",
      en: "Becoming easily annoyed or irritable",
      no: "Blitt lett irritert eller fort sint",
      da: "Haft let ved at blive sur eller irritabel",
    },
  },
  {
    id: "gad7_7",
    text: {
      sv: "Känt dig rädd för att något hemskt skulle hända",
      en: "Feeling afraid, as if something awful might happen",
      no: "Følt deg redd, som om noe forferdelig kunne komme til å skje",
      da: "Været bange, som om noget frygteligt kunne ske",
    },
  },
];

const bands: readonly Band[] = [
  {
    id: "minimal",
    min: 0,
    max: 4,
    severity: 0,
    label: {
      sv: "Inga eller få tecken på ångest",
      en: "No or few signs of anxiety",
      no: "Ingen eller få tegn på angst",
      da: "Ingen eller få tegn på angst",
    },
    meaning: {
      sv: "Oro och ängslan verkar inte påverka dig särskilt mycket just nu. Lite oro då och då är en naturlig del av livet.",
      en: "Worry and anxiety do not seem to affect you much right now. A little worry now and then is a natural part of life.",
      no: "Bekymring og uro ser ikke ut til å påvirke deg særlig mye akkurat nå. Litt bekymring innimellom er en naturlig del av livet.",
      da: "Bekymring og uro ser ikke ud til at påvirke dig ret meget lige nu. Lidt bekymring en gang imellem er en naturlig del af livet.",
    },
  },
  {
    id: "mild",
    min: 5,
    max: 9,
    severity: 1,
    label: { sv: "Lindrig ångest", en: "Mild anxiety", no: "Mild angst", da: "Let angst" },
    meaning: {
      sv: "Du har en del oro som ibland kan kännas jobbig. Att lära dig sätta gränser för oron, till exempel med en bestämd orostid, och att öva avslappning kan hjälpa.",
      en: "You have some worry that can feel tough at times. Learning to set limits on worry, for example with a set worry time, and practising relaxation can help.",
      no: "Du har en del bekymringer som tidvis kan kjennes tunge. Å lære å sette grenser for bekymringene, for eksempel med en fast bekymringstid, og å øve på avspenning kan hjelpe.",
      da: "Du har en del bekymringer, som til tider kan føles svære. Det kan hjælpe at lære at sætte grænser for bekymringerne, for eksempel med en fast bekymringstid, og at øve afspænding.",
    },
  },
  {
    id: "moderate",
    min: 10,
    max: 14,
    severity: 2,
    label: {
      sv: "Måttlig ångest",
      en: "Moderate anxiety",
      no: "Moderat angst",
      da: "Moderat angst",
    },
    meaning: {
      sv: "Oro och ångest verkar ta mycket plats i din vardag. Ett självhjälpsprogram i KBT kan hjälpa dig att bryta mönstret, och det kan också vara bra att prata med din vårdcentral.",
      en: "Worry and anxiety seem to take up a lot of room in your everyday life. A CBT self-help programme can help you break the pattern, and it may also be good to talk to your doctor.",
      no: "Bekymringer og angst ser ut til å ta mye plass i hverdagen din. Et selvhjelpsprogram i kognitiv atferdsterapi kan hjelpe deg å bryte mønsteret, og det kan også være lurt å snakke med fastlegen.",
      da: "Bekymringer og angst ser ud til at fylde meget i din hverdag. Et selvhjælpsforløb i kognitiv adfærdsterapi kan hjælpe dig med at bryde mønsteret, og det kan også være en god idé at tale med din læge.",
    },
  },
  {
    id: "severe",
    min: 15,
    max: 21,
    severity: 4,
    label: { sv: "Svår ångest", en: "Severe anxiety", no: "Alvorlig angst", da: "Svær angst" },
    meaning: {
      sv: "Dina svar visar att ångesten är mycket påfrestande just nu. Du förtjänar stöd – kontakta vården, till exempel din vårdcentral, så snart du kan, gärna vid sidan av ett självhjälpsprogram.",
      en: "Your answers show that anxiety is very hard on you right now. You deserve support – please contact healthcare, for example your doctor, as soon as you can, alongside a self-help programme if you like.",
      no: "Svarene dine viser at angsten er svært belastende akkurat nå. Du fortjener støtte – ta kontakt med helsetjenesten, for eksempel fastlegen, så snart du kan, gjerne ved siden av et selvhjelpsprogram.",
      da: "Dine svar viser, at angsten er meget belastende lige nu. Du fortjener støtte – kontakt sundhedsvæsenet, for eksempel din egen læge, så snart du kan, gerne sideløbende med et selvhjælpsforløb.",
    },
  },
];

export const gad7: Instrument = deepFreeze({
  id: "gad7",
  area: "anxiety",
  title: {
    sv: "Oro och ångest (GAD-7)",
    en: "Worry and anxiety (GAD-7)",
    no: "Bekymring og angst (GAD-7)",
    da: "Bekymring og angst (GAD-7)",
  },
  intro: {
    sv: "Under de senaste 2 veckorna, hur ofta har du besvärats av följande problem?",
    en: "Over the last 2 weeks, how often have you been bothered by the following problems?",
    no: "Hvor ofte har du vært plaget av følgende problemer i løpet av de siste to ukene?",
    da: "Hvor ofte i de sidste 14 dage har du været generet af følgende problemer?",
  },
  items,
  options: phqOptions,
  bands,
  maxScore: 21,
  source:
    "Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety " +
    "disorder: the GAD-7. Arch Intern Med. 2006;166(10):1092-1097. Developed with an educational " +
    "grant from Pfizer Inc. Bands 0-4, 5-9, 10-14, 15-21 as published. Translations: sv and da from " +
    "the Pfizer translations (phqscreeners.com); no wording to be checked against the authorised " +
    "Norwegian version before launch.",
  licence:
    "Free to use: no permission required to reproduce, translate, display or distribute (Pfizer).",
});
