import { deepFreeze } from "./deep-freeze.ts";
import { gad7 } from "./gad7.ts";
import type { Band, Instrument, Item } from "./types.ts";

/**
 * GAD-2: the first two GAD-7 items, with the GAD-7 ids, wording and answer scale.
 * Used for the anxiety area of the light screening.
 */

function gad7Item(id: string): Item {
  const item = gad7.items.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`GAD-7 has no item ${id}`);
  return item;
}

const bands: readonly Band[] = [
  {
    id: "negative",
    min: 0,
    max: 2,
    severity: 0,
    label: {
      sv: "Få tecken på ångest",
      en: "Few signs of anxiety",
      no: "Få tegn på angst",
      da: "Få tegn på angst",
    },
    meaning: {
      sv: "Dina svar på de två frågorna om oro tyder inte på några större besvär just nu. Om oron ändå tar mycket plats kan den fördjupade screeningen ge en tydligare bild.",
      en: "Your answers to the two questions about worry do not suggest any major difficulties right now. If worry still takes up a lot of room, the extended screening can give a clearer picture.",
      no: "Svarene dine på de to spørsmålene om bekymring tyder ikke på større plager akkurat nå. Hvis bekymringene likevel tar mye plass, kan dybdescreeningen gi et tydeligere bilde.",
      da: "Dine svar på de to spørgsmål om bekymring tyder ikke på større vanskeligheder lige nu. Hvis bekymringerne alligevel fylder meget, kan den dybdegående screening give et klarere billede.",
    },
  },
  {
    id: "positive",
    min: 3,
    max: 6,
    severity: 2,
    label: {
      sv: "Tecken på ångest",
      en: "Signs of anxiety",
      no: "Tegn på angst",
      da: "Tegn på angst",
    },
    meaning: {
      sv: "Dina svar tyder på att oro och ångest kan påverka dig just nu. Den fördjupade screeningen ger en tydligare bild och hjälper oss att föreslå rätt stöd för dig.",
      en: "Your answers suggest that worry and anxiety may be affecting you right now. The extended screening gives a clearer picture and helps us suggest the right support for you.",
      no: "Svarene dine tyder på at bekymring og angst kan påvirke deg akkurat nå. Dybdescreeningen gir et tydeligere bilde og hjelper oss å foreslå riktig støtte for deg.",
      da: "Dine svar tyder på, at bekymring og angst kan påvirke dig lige nu. Den dybdegående screening giver et klarere billede og hjælper os med at foreslå den rette støtte til dig.",
    },
  },
];

export const gad2: Instrument = deepFreeze({
  id: "gad2",
  area: "anxiety",
  title: {
    sv: "Oro och ångest (GAD-2)",
    en: "Worry and anxiety (GAD-2)",
    no: "Bekymring og angst (GAD-2)",
    da: "Bekymring og angst (GAD-2)",
  },
  intro: gad7.intro,
  items: [gad7Item("gad7_1"), gad7Item("gad7_2")],
  options: gad7.options,
  bands,
  maxScore: 6,
  source:
    "Kroenke K, Spitzer RL, Williams JBW, Monahan PO, Löwe B. Anxiety disorders in primary care: " +
    "prevalence, impairment, comorbidity, and detection. Ann Intern Med. 2007;146(5):317-325. " +
    "Items 1 and 2 of the GAD-7 (same wording and translations); a score of 3 or more is a " +
    "positive screen.",
  licence:
    "Free to use: no permission required to reproduce, translate, display or distribute (Pfizer).",
});
