import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../common/i18n/locales.ts";
import { getInstrument } from "../../../common/instruments/registry.ts";
import { crisisInfo } from "../../../common/safety/crisis-lines.ts";
import { I18nProvider } from "../../lib/i18n-react.tsx";
import { i18nFor } from "../../lib/i18n.ts";
import { EvaluationResultView, type EvaluationResult } from "./evaluation-form.tsx";

const LOCALES: readonly Locale[] = ["sv", "en", "no", "da"];

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

async function render(locale: Locale, instrumentId: string, result: EvaluationResult, crisis: boolean) {
  const i18n = await i18nFor(locale);
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <EvaluationResultView instrumentId={instrumentId} result={result} crisis={crisis} locale={locale} onNext={() => undefined} />
      </MemoryRouter>
    </I18nProvider>,
  );
  return { html, t: i18n.t };
}

const phq9Minimal: EvaluationResult = { score: 2, max: 27, band: "minimal", crisis: true, healthcare_advice: true };
const gad7Minimal: EvaluationResult = { score: 1, max: 21, band: "minimal", crisis: true, healthcare_advice: true };

describe.each(LOCALES)("a course questionnaire's result (%s)", (locale) => {
  it("after item 9 above 0: the crisis information first, getting help the only main action, no calm words about mood", async () => {
    const { html, t } = await render(locale, "phq9", phq9Minimal, true);
    const primaries = html.match(/class="button button--primary[^"]*"/g) ?? [];
    expect(primaries).toHaveLength(1);
    expect(html).toContain(escaped(crisisInfo[locale].heading));
    expect(html.indexOf(escaped(crisisInfo[locale].heading))).toBeLessThan(html.indexOf(escaped(t("course.resultHeading"))));
    expect(html).toMatch(new RegExp(`class="button button--primary[^"]*" href="[^"]+"[^>]*>${escaped(t("crisis.now.action"))}<`));
    expect(html).toMatch(new RegExp(`class="button button--secondary[^"]*"[^>]*>${escaped(t("course.next"))}<`));
    expect(html).not.toContain(escaped(getInstrument("phq9").bands[0]?.meaning[locale] ?? ""));
    // Nor the "minimal" band's label: the self-harm meaning replaces the band's words; the score stays.
    expect(html).not.toContain(`>${escaped(getInstrument("phq9").bands[0]?.label[locale] ?? "")}<`);
    expect(html).toContain(escaped(t("course.resultScore", { score: 2, max: 27 })));
    expect(html).toContain(escaped(t("screening.selfHarmMeaning")));
  });

  it("after item 9 above 0 in another programme's check-in: its own band's words stay, 'Next' is not the main action", async () => {
    const { html, t } = await render(locale, "gad7", gad7Minimal, true);
    expect(html).toContain(escaped(getInstrument("gad7").bands[0]?.meaning[locale] ?? ""));
    expect(html).toContain(`>${escaped(getInstrument("gad7").bands[0]?.label[locale] ?? "")}<`);
    expect(html).toMatch(new RegExp(`class="button button--secondary[^"]*"[^>]*>${escaped(t("course.next"))}<`));
  });

  it("without a crisis answer: the band's words and 'Next' as the main action", async () => {
    const { html, t } = await render(locale, "phq9", { ...phq9Minimal, crisis: false, healthcare_advice: false }, false);
    expect(html).not.toContain(escaped(crisisInfo[locale].heading));
    expect(html).toContain(escaped(getInstrument("phq9").bands[0]?.meaning[locale] ?? ""));
    expect(html).toContain(`>${escaped(getInstrument("phq9").bands[0]?.label[locale] ?? "")}<`);
    expect(html).toMatch(new RegExp(`class="button button--primary[^"]*"[^>]*>${escaped(t("course.next"))}<`));
  });
});
