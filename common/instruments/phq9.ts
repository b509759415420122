import { deepFreeze } from "./deep-freeze.ts";
import type { Band, Instrument, Item, Localized, Option } from "./types.ts";

/**
 * PHQ-9. Wording: en is the original (Pfizer); sv and da follow the Pfizer translations
 * distributed via phqscreeners.com; no follows the Norwegian translation by Johnson, Hoffart,
 * Ulvenes, Sexton and Wampold distributed by Norsk Forening for Kognitiv Terapi.
 */

export const phq9Intro: Localized = {
  sv: "Under de senaste 2 veckorna, hur ofta har du besvärats av något av följande problem?",
  en: "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
  no: "Hvor ofte har du vært plaget av ett eller flere av de følgende problemene i løpet av de siste to ukene?",
  da: "Inden for de seneste 2 uger, hvor ofte har du været generet af følgende problemer?",
};

/** PHQ answer scale, also used by GAD-7 (identical wording in each language's PHQ family). */
export const phqOptions: readonly Option[] = [
  {
    value: 0,
    label: { sv: "Inte alls", en: "Not at all", no: "Ikke i det hele tatt", da: "Slet ikke" },
  },
  {
    value: 1,
    label: { sv: "Flera dagar", en: "Several days", no: "Noen dager", da: "Flere dage" },
  },
  {
    value: 2,
    label: {
      sv: "Mer än hälften av dagarna",
      en: "More than half the days",
      no: "Mer enn halvparten av dagene",
      da: "Mere end halvdelen af dagene",
    },
  },
  {
    value: 3,
    label: {
      sv: "Nästan varje dag",
      en: "Nearly every day",
      no: "Nesten hver dag",
      da: "Næsten hver dag",
    },
  },
];

const items: readonly Item[] = [
  {
    id: "phq9_1",
    text: {
      sv: "Lite intresse eller glädje av att göra saker",
      en: "Little interest or pleasure in doing things",
      no: "Liten interesse for eller glede av å gjøre ting",
      da: "Lille interesse i eller glæde ved at gøre ting",
    },
  },
  {
    id: "phq9_2",
    text: {
      sv: "Känt dig nedstämd, deprimerad eller upplevt känsla av hopplöshet",
      en: "Feeling down, depressed, or hopeless",
      no: "Følt deg nedfor, deprimert eller fylt av håpløshet",
      da: "Følt dig nedtrykt, håbløs eller været deprimeret",
    },
  },
  {
    id: "phq9_3",
    text: {
      sv: "Svårigheter att somna eller få en sammanhängande sömn, eller sovit för mycket",
      en: "Trouble falling or staying asleep, or sleeping too much",
      no: "Vansker med å sovne, sove uten avbrudd eller sovet for mye",
      da: "Problemer med at falde i søvn eller sove, eller med at sove for meget",
    },
  },
  {
    id: "phq9_4",
    text: {
      sv: "Känt dig trött eller haft för lite energi",
      en: "Feeling tired or having little energy",
      no: "Følt deg trett eller energiløs",
      da: "Følt dig træt eller har kun haft lidt energi",
    },
  },
  {
    id: "phq9_5",
    text: {
      sv: "Dålig aptit eller ätit för mycket",
      en: "Poor appetite or overeating",
      no: "Dårlig matlyst eller å spise for mye",
      da: "Ringe appetit eller spist for meget",
    },
  },
  {
    id: "phq9_6",
    text: {
      sv: "Tycker illa om dig själv – eller att du känt dig misslyckad eller att du svikit dig själv eller din familj",
      en: "Feeling bad about yourself — or that you are a failure or have let yourself or your family down",
      no: "Vært misfornøyd med deg selv eller følt deg mislykket, eller følt at du har sviktet deg selv eller familien din",
      da: "Haft det dårligt med dig selv – eller følt, at du er en fiasko eller har skuffet dig selv eller din familie",
    },
  },
  {
    id: "phq9_7",
    text: {
      sv: "Svårigheter att koncentrera dig på saker, till exempel att läsa tidningen eller att titta på TV",
      en: "Trouble concentrating on things, such as reading the newspaper or watching television",
      no: "Vansker med å konsentrere deg om ting, slik som å lese avisen eller se på tv",
      da: "Problemer med at koncentrere dig om ting, såsom at læse avisen eller se TV",
    },
  },
  {
    id: "phq9_8",
    text: {
      sv: "Att du rört dig eller talat så långsamt att andra människor märkt det? Eller motsatsen – att du varit så nervös eller rastlös att du rört dig mer än vanligt",
      en: "Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual",
      no: "Beveget deg eller snakket så langsomt at andre kan ha merket det? Eller motsatt – følt deg så urolig eller rastløs at du har beveget deg mye mer enn vanlig",
      da: "Har bevæget dig eller talt så langsomt, at andre kunne have bemærket det? Eller det modsatte – været så rastløs eller hvileløs, at du har bevæget dig mere omkring end sædvanligt",
    },
  },
  {
    // The safety item: any answer above 0 shows the crisis panel (see scoring.ts `isCrisis`).
    id: "phq9_9",
    text: {
      sv: "Tankar att det skulle vara bättre om du var död eller att du skulle skada dig på något sätt",
      en: "Thoughts that you would be better off dead or of hurting yourself in some way",
      no: "Tanker om at det ville vært bedre om du var død eller om å skade deg selv",
      da: "Tanker om, at det ville være bedre, hvis du var død eller om at gøre skade på dig selv på en eller anden måde",
    },
  },
  {
    // The unscored difficulty question that closes the published PHQ-9 (sometimes "item 10"): a
    // measure of how much the problems get in the way, not part of the total or the bands.
    id: "phq9_10",
    unscored: true,
    text: {
      sv: "Om du kryssat för att du haft något av dessa problem, hur stora svårigheter har dessa problem förorsakat dig på arbetet, eller för att ta hand om sysslor hemma, eller i kontakten med andra människor?",
      en: "If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?",
      no: "Hvis du har krysset av for noen av problemene, hvor vanskelig har disse problemene gjort det for deg å utføre arbeidet ditt, ta deg av ting hjemme eller komme overens med andre mennesker?",
      da: "Hvis du har sat kryds ved nogen af problemerne, hvor svært har disse problemer så gjort det for dig at udføre dit arbejde, tage dig af ting derhjemme eller være sammen med andre mennesker?",
    },
    options: [
      {
        value: 0,
        label: { sv: "Inga svårigheter", en: "Not difficult at all", no: "Ikke vanskelig i det hele tatt", da: "Slet ikke svært" },
      },
      {
        value: 1,
        label: { sv: "Vissa svårigheter", en: "Somewhat difficult", no: "Litt vanskelig", da: "Noget svært" },
      },
      {
        value: 2,
        label: { sv: "Stora svårigheter", en: "Very difficult", no: "Svært vanskelig", da: "Meget svært" },
      },
      {
        value: 3,
        label: { sv: "Extrema svårigheter", en: "Extremely difficult", no: "Ekstremt vanskelig", da: "Ekstremt svært" },
      },
    ],
  },
];

const bands: readonly Band[] = [
  {
    id: "minimal",
    min: 0,
    max: 4,
    severity: 0,
    label: {
      sv: "Inga eller få tecken på nedstämdhet",
      en: "No or few signs of low mood",
      no: "Ingen eller få tegn på nedstemthet",
      da: "Ingen eller få tegn på nedtrykthed",
    },
    meaning: {
      sv: "Dina svar tyder på att nedstämdhet inte påverkar dig särskilt mycket just nu. Fortsätt gärna med det som ger dig energi och glädje i vardagen.",
      en: "Your answers suggest that low mood is not affecting you much right now. Keep doing the things that give you energy and joy in everyday life.",
      no: "Svarene dine tyder på at nedstemthet ikke påvirker deg særlig mye akkurat nå. Fortsett gjerne med det som gir deg energi og glede i hverdagen.",
      da: "Dine svar tyder på, at nedtrykthed ikke påvirker dig ret meget lige nu. Bliv gerne ved med det, der giver dig energi og glæde i hverdagen.",
    },
  },
  {
    id: "mild",
    min: 5,
    max: 9,
    severity: 1,
    label: {
      sv: "Lindriga besvär",
      en: "Mild symptoms",
      no: "Milde plager",
      da: "Lette symptomer",
    },
    meaning: {
      sv: "Du har en del tecken på nedstämdhet, vilket är vanligt under perioder när mycket händer. Små steg, som att planera in saker du tycker om och hålla en regelbunden dygnsrytm, kan göra skillnad.",
      en: "You have some signs of low mood, which is common during periods when a lot is going on. Small steps, such as planning things you enjoy and keeping a regular daily rhythm, can make a difference.",
      no: "Du har noen tegn på nedstemthet, noe som er vanlig i perioder der det skjer mye. Små steg, som å planlegge ting du liker og holde en jevn døgnrytme, kan gjøre en forskjell.",
      da: "Du har nogle tegn på nedtrykthed, hvilket er almindeligt i perioder, hvor der sker meget. Små skridt, som at planlægge ting, du holder af, og holde en regelmæssig døgnrytme, kan gøre en forskel.",
    },
  },
  {
    id: "moderate",
    min: 10,
    max: 14,
    severity: 2,
    label: {
      sv: "Måttliga besvär",
      en: "Moderate symptoms",
      no: "Moderate plager",
      da: "Moderate symptomer",
    },
    meaning: {
      sv: "Nedstämdheten verkar påverka din vardag en hel del. Ett självhjälpsprogram i KBT kan hjälpa dig, och det kan också vara bra att prata med din vårdcentral om hur du mår.",
      en: "Low mood seems to be affecting your everyday life quite a lot. A CBT self-help programme can help, and it may also be good to talk to your doctor about how you feel.",
      no: "Nedstemtheten ser ut til å påvirke hverdagen din ganske mye. Et selvhjelpsprogram i kognitiv atferdsterapi kan hjelpe, og det kan også være lurt å snakke med fastlegen om hvordan du har det.",
      da: "Nedtryktheden ser ud til at påvirke din hverdag en del. Et selvhjælpsforløb i kognitiv adfærdsterapi kan hjælpe, og det kan også være en god idé at tale med din læge om, hvordan du har det.",
    },
  },
  {
    id: "moderately_severe",
    min: 15,
    max: 19,
    severity: 3,
    label: {
      sv: "Medelsvåra besvär",
      en: "Moderately severe symptoms",
      no: "Moderat alvorlige plager",
      da: "Moderat svære symptomer",
    },
    meaning: {
      sv: "Du bär på mycket nedstämdhet just nu, och det är inte ditt fel. Vi rekommenderar att du kontaktar vården, till exempel din vårdcentral, så att du får stöd – gärna tillsammans med ett självhjälpsprogram.",
      en: "You are carrying a lot of low mood right now, and it is not your fault. We recommend that you contact healthcare, for example your doctor, so that you get support – alongside a self-help programme if you like.",
      no: "Du bærer på mye nedstemthet akkurat nå, og det er ikke din feil. Vi anbefaler at du tar kontakt med helsetjenesten, for eksempel fastlegen, slik at du får støtte – gjerne sammen med et selvhjelpsprogram.",
      da: "Du bærer på meget nedtrykthed lige nu, og det er ikke din skyld. Vi anbefaler, at du kontakter sundhedsvæsenet, for eksempel din egen læge, så du kan få støtte – gerne sammen med et selvhjælpsforløb.",
    },
  },
  {
    id: "severe",
    min: 20,
    max: 27,
    severity: 4,
    label: {
      sv: "Svåra besvär",
      en: "Severe symptoms",
      no: "Alvorlige plager",
      da: "Svære symptomer",
    },
    meaning: {
      sv: "Dina svar visar att du har det tungt just nu. Du förtjänar stöd – kontakta vården, till exempel din vårdcentral, så snart du kan.",
      en: "Your answers show that things feel very heavy right now. You deserve support – please contact healthcare, for example your doctor, as soon as you can.",
      no: "Svarene dine viser at du har det tungt akkurat nå. Du fortjener støtte – ta kontakt med helsetjenesten, for eksempel fastlegen, så snart du kan.",
      da: "Dine svar viser, at du har det tungt lige nu. Du fortjener støtte – kontakt sundhedsvæsenet, for eksempel din egen læge, så snart du kan.",
    },
  },
];

export const phq9: Instrument = deepFreeze({
  id: "phq9",
  area: "depression",
  title: {
    sv: "Nedstämdhet (PHQ-9)",
    en: "Mood (PHQ-9)",
    no: "Nedstemthet (PHQ-9)",
    da: "Nedtrykthed (PHQ-9)",
  },
  intro: phq9Intro,
  items,
  options: phqOptions,
  bands,
  maxScore: 27,
  source:
    "Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. " +
    "J Gen Intern Med. 2001;16(9):606-613. Developed by Drs Robert L. Spitzer, Janet B.W. Williams, " +
    "Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. Bands 0-4, 5-9, 10-14, " +
    "15-19, 20-27 as published. Translations: sv and da from the Pfizer translations " +
    "(phqscreeners.com); no from the translation by Johnson, Hoffart, Ulvenes, Sexton and Wampold " +
    "(Norsk Forening for Kognitiv Terapi).",
  licence:
    "Free to use: no permission required to reproduce, translate, display or distribute (Pfizer).",
});
