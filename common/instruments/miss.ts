import { deepFreeze } from "./deep-freeze.ts";
import type { Band, Instrument, Item, Option } from "./types.ts";

/**
 * Minimal Insomnia Symptom Scale (MISS), Swedish origin. Three items scored 0–4, total 0–12;
 * a total of 6 or more suggests clinical insomnia in adults aged 20–64 (verify, see `source`).
 * The sv item wording follows the original; the stem with its time frame and the en, no and da
 * wording are this product's own translations.
 */

const options: readonly Option[] = [
  {
    value: 0,
    label: { sv: "Inga problem", en: "No problems", no: "Ingen problemer", da: "Ingen problemer" },
  },
  {
    value: 1,
    label: { sv: "Små problem", en: "Minor problems", no: "Små problemer", da: "Små problemer" },
  },
  {
    value: 2,
    label: {
      sv: "Måttliga problem",
      en: "Moderate problems",
      no: "Moderate problemer",
      da: "Moderate problemer",
    },
  },
  {
    value: 3,
    label: {
      sv: "Stora problem",
      en: "Severe problems",
      no: "Store problemer",
      da: "Store problemer",
    },
  },
  {
    value: 4,
    label: {
      sv: "Mycket stora problem",
      en: "Very severe problems",
      no: "Svært store problemer",
      da: "Meget store problemer",
    },
  },
];

const items: readonly Item[] = [
  {
    id: "miss_1",
    text: {
      sv: "Insomningssvårigheter",
      en: "Difficulties falling asleep",
      no: "Vansker med å sovne",
      da: "Besvær med at falde i søvn",
    },
  },
  {
    id: "miss_2",
    text: {
      sv: "Nattliga uppvaknanden",
      en: "Waking up during the night",
      no: "Oppvåkninger om natten",
      da: "Opvågninger om natten",
    },
  },
  {
    id: "miss_3",
    text: {
      sv: "Att inte känna dig utvilad av sömnen",
      en: "Not feeling rested by your sleep",
      no: "Å ikke føle deg uthvilt av søvnen",
      da: "At du ikke føler dig udhvilet efter søvnen",
    },
  },
];

const bands: readonly Band[] = [
  {
    id: "no_insomnia_likely",
    min: 0,
    max: 5,
    severity: 0,
    label: {
      sv: "Inga tydliga sömnbesvär",
      en: "No clear sleep problems",
      no: "Ingen tydelige søvnplager",
      da: "Ingen tydelige søvnproblemer",
    },
    meaning: {
      sv: "Dina svar tyder inte på sömnbesvär av det slag som kallas insomni. Enstaka dåliga nätter är vanliga och brukar gå över av sig själva.",
      en: "Your answers do not suggest the kind of sleep problems known as insomnia. The occasional bad night is common and usually passes on its own.",
      no: "Svarene dine tyder ikke på søvnplager av den typen som kalles insomni. Enkelte dårlige netter er vanlige og går som regel over av seg selv.",
      da: "Dine svar tyder ikke på søvnproblemer af den slags, der kaldes insomni. Enkelte dårlige nætter er almindelige og går som regel over af sig selv.",
    },
  },
  {
    id: "insomnia_likely",
    min: 6,
    max: 12,
    severity: 2,
    label: {
      sv: "Tecken på sömnbesvär (insomni)",
      en: "Signs of sleep problems (insomnia)",
      no: "Tegn på søvnvansker (insomni)",
      da: "Tegn på søvnproblemer (insomni)",
    },
    meaning: {
      sv: "Dina svar tyder på sömnbesvär som kan påverka hur du mår och orkar under dagen. KBT för sömnbesvär är en väl beprövad hjälp, och om besvären har hållit i sig länge kan det vara bra att prata med vården.",
      en: "Your answers suggest sleep problems that may affect how you feel and cope during the day. CBT for insomnia is a well-tested way to help, and if the problems have lasted a long time it may be good to talk to healthcare.",
      no: "Svarene dine tyder på søvnvansker som kan påvirke hvordan du har det og orker på dagtid. Kognitiv atferdsterapi for søvnvansker er en godt utprøvd hjelp, og hvis plagene har vart lenge, kan det være lurt å snakke med fastlegen.",
      da: "Dine svar tyder på søvnproblemer, som kan påvirke, hvordan du har det og orker i løbet af dagen. Kognitiv adfærdsterapi for søvnproblemer er en velafprøvet hjælp, og hvis problemerne har varet længe, kan det være en god idé at tale med din læge.",
    },
  },
];

export const miss: Instrument = deepFreeze({
  id: "miss",
  area: "sleep",
  title: { sv: "Sömn (MISS)", en: "Sleep (MISS)", no: "Søvn (MISS)", da: "Søvn (MISS)" },
  intro: {
    sv: "Tänk på hur du har sovit under den senaste månaden. Hur stora problem har du haft med följande?",
    en: "Think about how you have slept during the last month. How much of a problem have you had with the following?",
    no: "Tenk på hvordan du har sovet den siste måneden. Hvor store problemer har du hatt med følgende?",
    da: "Tænk på, hvordan du har sovet inden for den sidste måned. Hvor store problemer har du haft med følgende?",
  },
  items,
  options,
  bands,
  maxScore: 12,
  source:
    "Broman J-E, Smedje H, Mallon L, Hetta J. The Minimal Insomnia Symptom Scale (MISS): a brief " +
    "measure of sleeping difficulties. Ups J Med Sci. 2008;113(2):131-142. Cut-off >= 6 suggested " +
    "for clinical insomnia in adults aged 20-64; >= 7 was found optimal for people aged 65+ " +
    "(Hellström et al., BMC Geriatr. 2010;10:84). The cut-off should be verified before launch. " +
    "The stem and its one-month time frame are this product's wording; en, no and da are this " +
    "product's translations, not validated versions.",
  licence: "To be checked with the authors (Uppsala University) before launch.",
});
