import type { ContentLanguage } from "../../common/content/schema.ts";

/**
 * Spellings used only in the speech input (never in the displayed transcript or captions) for
 * words espeak-ng reads badly. Keys are whole words, matched case-sensitively.
 */
export const PRONUNCIATION: Readonly<Record<ContentLanguage, Readonly<Record<string, string>>>> = {
  sv: { KBT: "kå be te", sms: "ess emm ess", "t.ex.": "till exempel" },
  en: { CBT: "C B T", "e.g.": "for example" },
  no: { KBT: "kå be te", "f.eks.": "for eksempel", sms: "ess emm ess" },
  da: { KBT: "kå be te", "f.eks.": "for eksempel", sms: "ess emm ess" },
};
