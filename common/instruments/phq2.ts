import { deepFreeze } from "./deep-freeze.ts";
import { phq9, phq9Intro, phqOptions } from "./phq9.ts";
import type { Band, Instrument, Item } from "./types.ts";

/**
 * PHQ-2: the first two PHQ-9 items, with the PHQ-9 ids, wording and answer scale.
 * Used for the depression area of the light screening.
 */

function phq9Item(id: string): Item {
  const item = phq9.items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`PHQ-9 has no item ${id}`);
  return item;
}

const bands: readonly Band[] = [
  {
    id: "negative",
    min: 0,
    max: 2,
    severity: 0,
    label: {
      sv: "Få tecken på nedstämdhet",
      en: "Few signs of low mood",
      no: "Få tegn på nedstemthet",
      da: "Få tegn på nedtrykthed",
    },
    meaning: {
      sv: "Dina svar på de två frågorna om nedstämdhet tyder inte på några större besvär just nu. Om du ändå känner dig nere kan den fördjupade screeningen ge en tydligare bild.",
      en: "Your answers to the two questions about mood do not suggest any major difficulties right now. If you still feel low, the extended screening can give a clearer picture.",
      no: "Svarene dine på de to spørsmålene om humør tyder ikke på større plager akkurat nå. Hvis du likevel kjenner deg nedfor, kan dybdescreeningen gi et tydeligere bilde.",
      da: "Dine svar på de to spørgsmål om humør tyder ikke på større vanskeligheder lige nu. Hvis du alligevel føler dig nedtrykt, kan den dybdegående screening give et klarere billede.",
    },
  },
  {
    id: "positive",
    min: 3,
    max: 6,
    severity: 2,
    label: {
      sv: "Tecken på nedstämdhet",
      en: "Signs of low mood",
      no: "Tegn på nedstemthet",
      da: "Tegn på nedtrykthed",
    },
    meaning: {
      sv: "Dina svar tyder på att nedstämdhet kan påverka dig just nu. Den fördjupade screeningen ger en tydligare bild och hjälper oss att föreslå rätt stöd för dig.",
      en: "Your answers suggest that low mood may be affecting you right now. The extended screening gives a clearer picture and helps us suggest the right support for you.",
      no: "Svarene dine tyder på at nedstemthet kan påvirke deg akkurat nå. Dybdescreeningen gir et tydeligere bilde og hjelper oss å foreslå riktig støtte for deg.",
      da: "Dine svar tyder på, at nedtrykthed kan påvirke dig lige nu. Den dybdegående screening giver et klarere billede og hjælper os med at foreslå den rette støtte til dig.",
    },
  },
];

export const phq2: Instrument = deepFreeze({
  id: "phq2",
  area: "depression",
  title: {
    sv: "Nedstämdhet (PHQ-2)",
    en: "Mood (PHQ-2)",
    no: "Nedstemthet (PHQ-2)",
    da: "Nedtrykthed (PHQ-2)",
  },
  intro: phq9Intro,
  items: [phq9Item("phq9_1"), phq9Item("phq9_2")],
  options: phqOptions,
  bands,
  maxScore: 6,
  source:
    "Kroenke K, Spitzer RL, Williams JBW. The Patient Health Questionnaire-2: validity of a " +
    "two-item depression screener. Med Care. 2003;41(11):1284-1292. Items 1 and 2 of the PHQ-9 " +
    "(same wording and translations); a score of 3 or more is a positive screen.",
  licence:
    "Free to use: no permission required to reproduce, translate, display or distribute (Pfizer).",
});
