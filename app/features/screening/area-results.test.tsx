import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../common/i18n/locales.ts";
import { getInstrument } from "../../../common/instruments/registry.ts";
import type { AreaResult } from "../../../common/schemas/screening.ts";
import { I18nProvider } from "../../lib/i18n-react.tsx";
import { i18nFor, type I18n } from "../../lib/i18n.ts";
import { AreaResults } from "./area-results.tsx";

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];

function area(instrument: "phq2" | "phq9" | "gad2", score: number): AreaResult {
  const definition = getInstrument(instrument);
  const band = definition.bands.find((b) => score >= b.min && score <= b.max);
  if (!band) throw new Error("no band");
  return { area: definition.area, instrument, score, max: definition.maxScore, band: band.id, severity: band.severity };
}

async function render(locale: Locale, areas: AreaResult[], crisis: boolean): Promise<{ html: string; i18n: I18n }> {
  const i18n = await i18nFor(locale);
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <AreaResults areas={areas} locale={locale} crisis={crisis} />
    </I18nProvider>,
  );
  return { html, i18n };
}

/** Text as React writes it into HTML. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe.each(LOCALES)("AreaResults after PHQ-9 item 9 above 0 (%s)", (locale) => {
  it.each([
    ["light screening (PHQ-2 negative)", area("phq2", 0)],
    ["extended screening (PHQ-9 minimal)", area("phq9", 2)],
  ])("%s: the mood area never says its band's calm words, the other areas keep theirs", async (_name, mood) => {
    const worry = area("gad2", 0);
    const { html, i18n } = await render(locale, [mood, worry], true);
    const moodBand = getInstrument(mood.instrument).bands.find((b) => b.id === mood.band);
    const moodMeaning = moodBand?.meaning[locale] ?? "";
    const moodLabel = moodBand?.label[locale] ?? "";
    expect(moodLabel).not.toBe("");
    expect(html).not.toContain(escaped(moodMeaning));
    // Neither its label ("No or few signs of low mood"): the self-harm meaning replaces the band's words.
    expect(html).not.toContain(`>${escaped(moodLabel)}<`);
    expect(html).toContain(escaped(i18n.t("screening.selfHarmMeaning")));
    // The score stays.
    expect(html).toContain(escaped(i18n.t("screening.score", { score: mood.score, max: mood.max })));
    expect(html).toContain(escaped(getInstrument("gad2").bands[0]?.meaning[locale] ?? ""));
    expect(html).toContain(`>${escaped(getInstrument("gad2").bands[0]?.label[locale] ?? "")}<`);

    const calm = await render(locale, [mood, worry], false);
    expect(calm.html).toContain(escaped(moodMeaning));
    expect(calm.html).toContain(`>${escaped(moodLabel)}<`);
    expect(calm.html).not.toContain(escaped(i18n.t("screening.selfHarmMeaning")));
  });
});
