import { deepFreeze } from "./deep-freeze.ts";
import { pss10, pssBandText, pssIntro, pssOptions } from "./pss10.ts";
import type { Instrument, Item } from "./types.ts";

/**
 * PSS-4: PSS-10 items 2, 4, 5 and 10 (same wording), with their own ids pss4_1…pss4_4.
 * PSS-4 items 2 and 3 (PSS-10 items 4 and 5) are reverse-scored. Used for the stress area of
 * the light screening. No official bands: see `source`.
 */

function fromPss10(pss10Id: string, id: string, reverse: boolean): Item {
  const item = pss10.items.find((candidate) => candidate.id === pss10Id);
  if (!item) throw new Error(`PSS-10 has no item ${pss10Id}`);
  return reverse ? { id, text: item.text, reverse: true } : { id, text: item.text };
}

const [low, moderate, high] = pssBandText;

export const pss4: Instrument = deepFreeze({
  id: "pss4",
  area: "stress",
  title: {
    sv: "Upplevd stress (PSS-4)",
    en: "Perceived stress (PSS-4)",
    no: "Opplevd stress (PSS-4)",
    da: "Oplevet stress (PSS-4)",
  },
  intro: pssIntro,
  items: [
    fromPss10("pss10_2", "pss4_1", false),
    fromPss10("pss10_4", "pss4_2", true),
    fromPss10("pss10_5", "pss4_3", true),
    fromPss10("pss10_10", "pss4_4", false),
  ],
  options: pssOptions,
  bands: [
    { ...low, min: 0, max: 5 },
    { ...moderate, min: 6, max: 10 },
    { ...high, min: 11, max: 16 },
  ],
  maxScore: 16,
  source:
    "Cohen S, Williamson G. Perceived stress in a probability sample of the United States. In: " +
    "Spacapan S, Oskamp S, eds. The Social Psychology of Health. Sage; 1988. PSS-4 = PSS-10 items " +
    "2, 4, 5 and 10 (same wording and translations as pss10); PSS-4 items 2 and 3 reverse-scored. " +
    "The PSS-4 has no official cut-offs: the bands 0-5 low, 6-10 moderate, 11-16 high are common " +
    "use defined for this product, not official.",
  licence:
    "Free for non-profit academic and educational use without permission; commercial use needs " +
    "permission from the rights holder.",
});
