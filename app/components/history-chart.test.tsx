import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "../lib/i18n-react.tsx";
import { describe, expect, it } from "vitest";
import { i18nFor } from "../lib/i18n.ts";
import { MemoryRouter } from "react-router";
import { HistoryChart } from "./history-chart.tsx";

const series = {
  instrument: "phq9" as const,
  area: "depression" as const,
  max: 27,
  points: [
    { at: Date.parse("2026-10-01T12:00:00Z") / 1000, score: 21, band: "severe", source: "screening" as const, crisis: false },
    { at: Date.parse("2026-11-01T12:00:00Z") / 1000, score: 8, band: "mild", source: "course" as const, crisis: false },
  ],
};

type Series = Parameters<typeof HistoryChart>[0]["series"];

async function render(chart: Series, locale: "en" | "sv" = "en") {
  const i18n = await i18nFor(locale);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider i18n={i18n}>
        <HistoryChart series={chart} locale={locale} />
      </I18nProvider>
    </MemoryRouter>,
  );
  return { html, t: i18n.t.bind(i18n) };
}

describe("HistoryChart", () => {
  it("draws the line with band shading and gives every number in a table", async () => {
    const { html } = await render(series);
    expect(html).toContain('role="img"');
    expect(html).toContain("<h3>Mood (PHQ-9)</h3>");
    expect(html).toMatch(/aria-label="[^"]*2 results\. Latest: 8 of 27 points, Mild symptoms\./);
    expect(html.match(/class="history-chart__band/g)).toHaveLength(5);
    expect(html).toContain("<polyline");
    expect(html).toContain("<td>21 of 27 points</td>");
    expect(html).toContain("<td>Course questionnaire</td>");
    expect(html).toContain("Oct 1, 2026");
    expect(html).not.toContain("history-chart__crisis");
  });

  it("a mood point with item 9 above 0: marked, no band label, the words and the way to help instead", async () => {
    const crisis = { ...series, points: [series.points[0]!, { ...series.points[1]!, crisis: true }] };
    const { html, t } = await render(crisis);
    expect(html).toMatch(/aria-label="[^"]*2 results\. Latest: 8 of 27 points; you told us about thoughts of death or of harming yourself\."/);
    expect(html).not.toContain("Mild symptoms");
    expect(html.match(/class="history-chart__crisis"/g)).toHaveLength(1);
    expect(html).toContain(t("screening.chart.crisisNote"));
    expect(html).toMatch(/<a href="\/en\/crisis-help"[^>]*>Get help now<\/a>/);
    // The calm point keeps its band; the marked one says what was told.
    expect(html).toContain("<td>Severe symptoms</td>");
    expect(html).toContain(`<td>${t("screening.chart.selfHarm")}</td>`);
  });

  it("another area's point with item 9 above 0 keeps its band, with the words beside it", async () => {
    const anxiety = {
      instrument: "gad7" as const,
      area: "anxiety" as const,
      max: 21,
      points: [{ at: Date.parse("2026-11-01T12:00:00Z") / 1000, score: 4, band: "minimal", source: "course" as const, crisis: true }],
    };
    const { html, t } = await render(anxiety, "sv");
    expect(html).toContain(`<br/>${t("screening.chart.selfHarm")}</td>`);
    expect(html).toContain(t("screening.chart.crisisNote"));
    expect(html).toMatch(/aria-label="[^"]*Senast: 4 av 21 poäng, [^"]+\."/);
  });
});
