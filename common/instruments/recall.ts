import type { Instrument, Locale, Localized } from "./types.ts";

/**
 * The in-course check-ins come every two weeks, so a questionnaire whose published recall window
 * is a month (PSS-10, and this product's MISS stem) is asked there about "the last two weeks".
 * The change is made by replacing the time phrase in each language; `course-questionnaire.test.ts`
 * checks that every text that named the month names two weeks instead. The baseline and final course
 * evaluations and the screenings keep the published window (docs/clinical/instruments.md).
 */
const MONTH_TO_TWO_WEEKS: Readonly<Record<Locale, readonly (readonly [RegExp, string])[]>> = {
  sv: [[/den senaste månaden/g, "de senaste två veckorna"]],
  en: [[/the last month/g, "the last two weeks"]],
  no: [[/den siste måneden/g, "de siste to ukene"]],
  da: [[/den sidste måned/g, "de sidste to uger"]],
};

/** Whether a text names the one-month recall window in its language. */
export function namesMonth(text: string, locale: Locale): boolean {
  return MONTH_TO_TWO_WEEKS[locale].some(([pattern]) => new RegExp(pattern.source).test(text));
}

function twoWeeks(texts: Localized): Localized {
  const result = { ...texts };
  for (const locale of Object.keys(MONTH_TO_TWO_WEEKS) as Locale[]) {
    let text = texts[locale];
    for (const [pattern, replacement] of MONTH_TO_TWO_WEEKS[locale]) text = text.replace(pattern, replacement);
    result[locale] = text;
  }
  return result;
}

/** The instrument as asked in a check-in: a one-month recall window becomes two weeks. */
export function checkInVersion(instrument: Instrument): Instrument {
  return {
    ...instrument,
    intro: twoWeeks(instrument.intro),
    items: instrument.items.map((item) => ({ ...item, text: twoWeeks(item.text) })),
  };
}
