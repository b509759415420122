import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { crisisInfo } from "../../../common/safety/crisis-lines.ts";
import { I18nProvider } from "../../lib/i18n-react.tsx";
import { i18nFor } from "../../lib/i18n.ts";
import { LightResults } from "./light-results.tsx";

async function render(result: { crisis: boolean; healthcare_advice: boolean }, course: string | null = null): Promise<string> {
  const i18n = await i18nFor("sv");
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <LightResults result={result} course={course} locale="sv" areas={<p>AREAS</p>} stats={<p>STATS</p>} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe("LightResults", () => {
  it("without a crisis answer: the extended screening is the main action, how others answered comes last", async () => {
    const html = await render({ crisis: false, healthcare_advice: false });
    expect(html).not.toContain(crisisInfo.sv.heading);
    expect(html).toMatch(/class="button button--primary button--lg" href="\/fordjupad-screening"/);
    expect(html.indexOf("STATS")).toBeGreaterThan(html.indexOf("fordjupad-screening"));
    expect(html).not.toContain("Prata också med vården");
  });

  it("after item 9 above 0: the crisis panel and 'get help now' first and primary, no statistics, healthcare advice", async () => {
    const html = await render({ crisis: true, healthcare_advice: true });
    expect(html.indexOf(crisisInfo.sv.heading)).toBeLessThan(html.indexOf("AREAS"));
    expect(html).toMatch(/class="button button--primary button--lg" href="\/krisstod"[^>]*>Få hjälp nu</);
    expect(html).toMatch(/class="button button--secondary button--lg" href="\/fordjupad-screening"/);
    expect(html).not.toContain("STATS");
    expect(html).toContain("Prata också med vården");
  });

  it("sent from a course: back to the course is the next step", async () => {
    const html = await render({ crisis: false, healthcare_advice: false }, "somn");
    expect(html).toMatch(/class="button button--primary button--lg" href="\/kurser\/somn"[^>]*>Tillbaka till kursen</);
    expect(html).toMatch(/class="button button--secondary button--md" href="\/fordjupad-screening"/);
  });
});
