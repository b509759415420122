import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { RecommendedCourses } from "../../../common/schemas/screening.ts";
import { I18nProvider } from "../../lib/i18n-react.tsx";
import { i18nFor } from "../../lib/i18n.ts";
import { RecommendedSection } from "../dashboard/dashboard-sections.tsx";
import { NoCourseNeeded, RecommendedCourseList } from "./recommended-courses.tsx";

const depression: RecommendedCourses["courses"][number] = {
  key: "depression",
  slug: "depression",
  title: "Lift low mood",
  summary: "…",
  category: "depression",
  rank: 1,
  reason: { area: "depression", instrument: "phq9", band: "mild", severity: 1, score: 6, max: 27, criterion: "self_harm" },
};

async function render(node: React.ReactNode): Promise<string> {
  const i18n = await i18nFor("en");
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nProvider>,
  );
}

describe("recommended courses on screen", () => {
  it("with no area at its threshold: no course is needed now, and every course can be browsed", async () => {
    const html = await render(<NoCourseNeeded locale="en" />);
    expect(html).toContain("Your answers do not suggest that you need one of the courses right now.");
    expect(html).toMatch(/href="\/en\/courses"[^>]*>See all courses</);
  });

  it("after a crisis answer it never calls having no course a good sign: only the way to the courses stays", async () => {
    const html = await render(<NoCourseNeeded locale="en" crisis />);
    expect(html).not.toContain("do not suggest that you need");
    expect(html).not.toContain("good sign");
    expect(html).toMatch(/href="\/en\/courses"[^>]*>See all courses</);
  });

  it("with healthcare advice (a reliable worsening, no area at its cut-off) it never calls having no course a good sign", async () => {
    const data: RecommendedCourses = { courses: [], healthcare_advice: true, crisis: false, based_on: "extended" };
    const html = await render(<NoCourseNeeded locale="en" crisis={data.crisis} advice={data.healthcare_advice} />);
    expect(html).not.toContain("good sign");
    expect(html).not.toContain("do not suggest that you need");
    expect(html).toContain("Your answers do not point to one particular course right now.");
    expect(html).toMatch(/href="\/en\/courses"[^>]*>See all courses</);
    // The whole section, as the dashboard shows it: the advice, and no "good sign" beside it.
    const section = await render(<RecommendedSection data={data} locale="en" />);
    expect(section).not.toContain("good sign");
    expect(section).toContain("Your answers do not point to one particular course right now.");
  });

  it("recommended for self-harm: the reason says so (not 'no or few signs'), and after a crisis no course is the main action", async () => {
    const html = await render(<RecommendedCourseList courses={[depression]} locale="en" crisis />);
    expect(html).toContain("Because you told us about thoughts of death or of harming yourself.");
    expect(html).not.toContain("No or few signs");
    expect(html).toContain("button--secondary");
    expect(html).not.toContain("button--primary");
    const calm = await render(<RecommendedCourseList courses={[{ ...depression, reason: { ...depression.reason, criterion: "score", band: "moderate" } }]} locale="en" />);
    expect(calm).toContain("button--primary");
    expect(calm).toContain("Moderate symptoms");
  });
});
