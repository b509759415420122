import { deepFreeze } from "./deep-freeze.ts";
import type { Band, Instrument, Item, Localized, Option } from "./types.ts";

/**
 * Perceived Stress Scale, 10 items. Items 4, 5, 7 and 8 are positively worded and reverse-scored.
 * Wording: en is Cohen's original; sv follows the Swedish translation by Eskin and Parr; da
 * follows the Danish translation (Eskildsen et al.); no follows a Norwegian version in public use.
 * PSS has no official cut-offs; the bands here are common use (see `source`).
 */

export const pssIntro: Localized = {
  sv: "Frågorna handlar om dina känslor och tankar under den senaste månaden. För varje fråga anger du hur ofta du har känt eller tänkt på ett visst sätt.",
  en: "The questions in this scale ask you about your feelings and thoughts during the last month. In each case, you will be asked to indicate how often you felt or thought a certain way.",
  no: "Spørsmålene handler om følelsene og tankene dine i løpet av den siste måneden. For hvert spørsmål svarer du hvor ofte du har følt eller tenkt på en bestemt måte.",
  da: "Spørgsmålene handler om dine følelser og tanker inden for den sidste måned. Angiv ved hvert spørgsmål, hvor ofte du har haft den pågældende følelse eller tanke.",
};

export const pssOptions: readonly Option[] = [
  { value: 0, label: { sv: "Aldrig", en: "Never", no: "Aldri", da: "Aldrig" } },
  {
    value: 1,
    label: { sv: "Nästan aldrig", en: "Almost never", no: "Nesten aldri", da: "Næsten aldrig" },
  },
  { value: 2, label: { sv: "Ibland", en: "Sometimes", no: "Av og til", da: "Ind imellem" } },
  {
    value: 3,
    label: { sv: "Ganska ofta", en: "Fairly often", no: "Ganske ofte", da: "Ret ofte" },
  },
  { value: 4, label: { sv: "Mycket ofta", en: "Very often", no: "Svært ofte", da: "Meget ofte" } },
];

const items: readonly Item[] = [
  {
    id: "pss10_1",
    text: {
      sv: "Hur ofta har du under den senaste månaden känt dig upprörd på grund av att något oväntat har inträffat?",
      en: "In the last month, how often have you been upset because of something that happened unexpectedly?",
      no: "I løpet av den siste måneden, hvor ofte har du blitt opprørt på grunn av uventede hendelser?",
      da: "Hvor ofte inden for den sidste måned er du blevet oprevet over noget, der skete uventet?",
    },
  },
  {
    id: "pss10_2",
    text: {
      sv: "Hur ofta har du under den senaste månaden känt att du inte kunnat kontrollera viktiga saker i ditt liv?",
      en: "In the last month, how often have you felt that you were unable to control the important things in your life?",
      no: "I løpet av den siste måneden, hvor ofte har du følt at du ikke var i stand til å kontrollere viktige ting i livet ditt?",
      da: "Hvor ofte inden for den sidste måned har du følt, at du ikke kunne kontrollere de betydningsfulde ting i dit liv?",
    },
  },
  {
    id: "pss10_3",
    text: {
      sv: "Hur ofta har du under den senaste månaden känt dig nervös och stressad?",
      en: "In the last month, how often have you felt nervous and “stressed”?",
      no: "I løpet av den siste måneden, hvor ofte har du følt deg nervøs og «stresset»?",
      da: "Hvor ofte inden for den sidste måned har du følt dig nervøs og »stresset«?",
    },
  },
  {
    id: "pss10_4",
    reverse: true,
    text: {
      sv: "Hur ofta har du under den senaste månaden känt tilltro till din egen förmåga att hantera personliga problem?",
      en: "In the last month, how often have you felt confident about your ability to handle your personal problems?",
      no: "I løpet av den siste måneden, hvor ofte har du følt deg trygg på din evne til å håndtere personlige problemer?",
      da: "Hvor ofte inden for den sidste måned har du følt dig sikker på din evne til at klare dine personlige problemer?",
    },
  },
  {
    id: "pss10_5",
    reverse: true,
    text: {
      sv: "Hur ofta har du under den senaste månaden känt att saker och ting gått din väg?",
      en: "In the last month, how often have you felt that things were going your way?",
      no: "I løpet av den siste måneden, hvor ofte har du følt at ting har gått din vei?",
      da: "Hvor ofte inden for den sidste måned har du følt, at tingene gik, som du gerne ville have det?",
    },
  },
  {
    id: "pss10_6",
    text: {
      sv: "Hur ofta har du under den senaste månaden tyckt att du inte kunnat klara av allt du skulle ha gjort?",
      en: "In the last month, how often have you found that you could not cope with all the things that you had to do?",
      no: "I løpet av den siste måneden, hvor ofte har du opplevd at du ikke har mestret alle de tingene du måtte gjøre?",
      da: "Hvor ofte inden for den sidste måned har du oplevet, at du ikke kunne overkomme alle de ting, du skulle?",
    },
  },
  {
    id: "pss10_7",
    reverse: true,
    text: {
      sv: "Hur ofta har du under den senaste månaden kunnat kontrollera irritationsmoment i ditt liv?",
      en: "In the last month, how often have you been able to control irritations in your life?",
      no: "I løpet av den siste måneden, hvor ofte har du vært i stand til å kontrollere irritasjonsmomenter i livet ditt?",
      da: "Hvor ofte inden for den sidste måned har du været i stand til at håndtere dagligdags irritationsmomenter?",
    },
  },
  {
    id: "pss10_8",
    reverse: true,
    text: {
      sv: "Hur ofta har du under den senaste månaden känt att du har haft kontroll på saker och ting?",
      en: "In the last month, how often have you felt that you were on top of things?",
      no: "I løpet av den siste måneden, hvor ofte har du følt at du hadde ting under kontroll?",
      da: "Hvor ofte inden for den sidste måned har du følt, at du havde styr på tingene?",
    },
  },
  {
    id: "pss10_9",
    text: {
      sv: "Hur ofta har du under den senaste månaden blivit arg på saker som har hänt och som du inte kunnat kontrollera?",
      en: "In the last month, how often have you been angered because of things that were outside of your control?",
      no: "I løpet av den siste måneden, hvor ofte har du vært sint på grunn av hendelser som har vært utenfor din kontroll?",
      da: "Hvor ofte inden for den sidste måned er du blevet vred over ting, du ikke har indflydelse på?",
    },
  },
  {
    id: "pss10_10",
    text: {
      sv: "Hur ofta har du under den senaste månaden känt att svårigheterna har hopat sig så mycket att du inte kunnat övervinna dem?",
      en: "In the last month, how often have you felt difficulties were piling up so high that you could not overcome them?",
      no: "I løpet av den siste måneden, hvor ofte har du følt at vanskeligheter har hopet seg opp så mye at du ikke kunne håndtere dem?",
      da: "Hvor ofte inden for den sidste måned har du følt, at dine problemer hobede sig så meget op, at du ikke kunne klare dem?",
    },
  },
];

type PssBandText = Pick<Band, "id" | "label" | "meaning" | "severity">;

/** Band wording shared by PSS-10 and PSS-4 (only the score ranges differ). */
export const pssBandText: readonly [PssBandText, PssBandText, PssBandText] = [
  {
    id: "low",
    severity: 0,
    label: {
      sv: "Låg upplevd stress",
      en: "Low perceived stress",
      no: "Lavt opplevd stress",
      da: "Lav oplevet stress",
    },
    meaning: {
      sv: "Du upplever just nu ganska lite stress och verkar ha en god balans mellan krav och återhämtning. Ta vara på det som hjälper dig att hålla den balansen.",
      en: "You are experiencing fairly little stress at the moment and seem to have a good balance between demands and recovery. Hold on to what helps you keep that balance.",
      no: "Du opplever ganske lite stress akkurat nå og ser ut til å ha en god balanse mellom krav og hvile. Ta vare på det som hjelper deg å holde den balansen.",
      da: "Du oplever ret lidt stress lige nu og ser ud til at have en god balance mellem krav og restitution. Hold fast i det, der hjælper dig med at bevare den balance.",
    },
  },
  {
    id: "moderate",
    // PSS has no clinical cut-offs: its bands never weigh more than "mild" (clinical.md).
    severity: 1,
    label: {
      sv: "Måttlig upplevd stress",
      en: "Moderate perceived stress",
      no: "Moderat opplevd stress",
      da: "Moderat oplevet stress",
    },
    meaning: {
      sv: "Du upplever en del stress, något många känner igen från perioder med höga krav. Att se över balansen mellan krav och återhämtning och hitta små pauser i vardagen kan hjälpa.",
      en: "You are experiencing some stress, which many people recognise from periods with high demands. Looking at the balance between demands and recovery and finding small breaks in your day can help.",
      no: "Du opplever en del stress, noe mange kjenner igjen fra perioder med høye krav. Å se på balansen mellom krav og hvile og finne små pauser i hverdagen kan hjelpe.",
      da: "Du oplever en del stress, som mange kender fra perioder med store krav. Det kan hjælpe at se på balancen mellem krav og restitution og finde små pauser i hverdagen.",
    },
  },
  {
    id: "high",
    severity: 1,
    label: {
      sv: "Hög upplevd stress",
      en: "High perceived stress",
      no: "Høyt opplevd stress",
      da: "Høj oplevet stress",
    },
    meaning: {
      sv: "Du upplever mycket stress just nu, och det är tungt att bära. Ett självhjälpsprogram om stress kan ge dig verktyg, och om stressen påverkar sömn, hälsa eller arbete kan det vara bra att prata med vården.",
      en: "You are experiencing a lot of stress right now, and that is a heavy load to carry. A self-help programme on stress can give you tools, and if stress affects your sleep, health or work, it may be good to talk to healthcare.",
      no: "Du opplever mye stress akkurat nå, og det er tungt å bære. Et selvhjelpsprogram om stress kan gi deg verktøy, og hvis stresset påvirker søvn, helse eller arbeid, kan det være lurt å snakke med helsetjenesten.",
      da: "Du oplever meget stress lige nu, og det er tungt at bære. Et selvhjælpsforløb om stress kan give dig redskaber, og hvis stressen påvirker din søvn, dit helbred eller dit arbejde, kan det være en god idé at tale med din læge.",
    },
  },
];

const [low, moderate, high] = pssBandText;

export const pss10: Instrument = deepFreeze({
  id: "pss10",
  area: "stress",
  title: {
    sv: "Upplevd stress (PSS-10)",
    en: "Perceived stress (PSS-10)",
    no: "Opplevd stress (PSS-10)",
    da: "Oplevet stress (PSS-10)",
  },
  intro: pssIntro,
  items,
  options: pssOptions,
  bands: [
    { ...low, min: 0, max: 13 },
    { ...moderate, min: 14, max: 26 },
    { ...high, min: 27, max: 40 },
  ],
  maxScore: 40,
  source:
    "Cohen S, Kamarck T, Mermelstein R. A global measure of perceived stress. J Health Soc Behav. " +
    "1983;24(4):385-396; Cohen S, Williamson G. Perceived stress in a probability sample of the " +
    "United States. In: Spacapan S, Oskamp S, eds. The Social Psychology of Health. Sage; 1988. " +
    "Items 4, 5, 7 and 8 reverse-scored. The PSS has no official cut-offs: the bands 0-13 low, " +
    "14-26 moderate, 27-40 high are common use, not official. Translations: sv after Eskin and " +
    "Parr (1996); da after Eskildsen et al. (2015); no after a Norwegian version in public use " +
    "(verify against Alfheim et al.).",
  licence:
    "Free for non-profit academic and educational use without permission; commercial use needs " +
    "permission from the rights holder.",
});
