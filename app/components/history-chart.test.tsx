import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "../lib/i18n-react.tsx";
import { describe, expect, it } from "vitest";
import { i18nFor } from "../lib/i18n.ts";
import { HistoryChart } from "./history-chart.tsx";

const series = {
  instrument: "phq9" as const,
  area: "depression" as const,
  max: 27,
  points: [
    { at: Date.parse("2026-10-01T12:00:00Z") / 1000, score: 21, band: "severe", source: "screening" as const },
    { at: Date.parse("2026-11-01T12:00:00Z") / 1000, score: 8, band: "mild", source: "course" as const },
  ],
};

describe("HistoryChart", () => {
  it("draws the line with band shading and gives every number in a table", async () => {
    const i18n = await i18nFor("en");
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <HistoryChart series={series} locale="en" />
      </I18nProvider>,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain("<h3>Mood (PHQ-9)</h3>");
    expect(html).toMatch(/aria-label="[^"]*2 results\. Latest: 8 of 27 points, Mild symptoms\./);
    expect(html.match(/class="history-chart__band/g)).toHaveLength(5);
    expect(html).toContain("<polyline");
    expect(html).toContain("<td>21 of 27 points</td>");
    expect(html).toContain("<td>Course questionnaire</td>");
    expect(html).toContain("Oct 1, 2026");
  });
});
