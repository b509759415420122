import { renderToStaticMarkup } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { RecommendedCourses } from "../../common/schemas/screening.ts";
import { I18nProvider } from "../lib/i18n-react.tsx";
import { i18nFor } from "../lib/i18n.ts";
import DashboardScreen from "./dashboard.tsx";

type LoaderData = Parameters<typeof DashboardScreen>[0]["loaderData"];

const depression: RecommendedCourses["courses"][number] = {
  key: "depression",
  slug: "depression",
  title: "Lift low mood",
  summary: "…",
  category: "depression",
  rank: 1,
  reason: { area: "depression", instrument: "phq9", band: "moderately_severe", severity: 3, score: 17, max: 27, criterion: "score" },
};

function recommended(over: Partial<RecommendedCourses> = {}): RecommendedCourses {
  return { courses: [depression], healthcare_advice: false, crisis: false, based_on: "extended", ...over };
}

const activeCourse = {
  state: "ready" as const,
  course: { key: "stress", image: "stress.webp", slug: "stress", title: "Less stress", progress: 20, pause_until: null, active_module: "m2" },
};

/** The dashboard's HTML for the given data, in English, inside a data router (its cards revalidate). */
async function render(over: Partial<LoaderData>): Promise<string> {
  const loaderData: LoaderData = {
    active: { state: "none" },
    name: "Alex",
    returning: true,
    recommended: recommended(),
    featured: [],
    history: { series: [] },
    crisisInHistory: false,
    locale: "en",
    title: "Dashboard",
    ...over,
  };
  const router = createMemoryRouter([{ path: "/", element: <DashboardScreen loaderData={loaderData} params={{}} matches={[] as never} /> }]);
  return renderToStaticMarkup(
    <I18nProvider i18n={await i18nFor("en")}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** Where a text first appears in the page, failing when it is not there. */
function at(html: string, text: string): number {
  const index = html.indexOf(text);
  expect(index, `"${text}" on the dashboard`).toBeGreaterThanOrEqual(0);
  return index;
}

const HELP_NOW = 'id="help-now-dashboard"';
const ADVICE = "notice__title";
const START = 'id="start-heading"';
const ACTIVE = 'id="active-heading"';
const RECOMMENDED = 'id="recommended-heading"';

describe("dashboard: help before any course (clinical.md)", () => {
  it("after a crisis answer: 'get help now' and the healthcare advice come first, and no course is the main action", async () => {
    const html = await render({ recommended: recommended({ crisis: true, healthcare_advice: true }) });
    expect(at(html, HELP_NOW)).toBeLessThan(at(html, ADVICE));
    expect(at(html, ADVICE)).toBeLessThan(at(html, START));
    expect(at(html, START)).toBeLessThan(at(html, RECOMMENDED));
    // Shown once, above; the recommendations below do not repeat them.
    expect(html.split(ADVICE)).toHaveLength(2);
    expect(html.split("get-help-now")).toHaveLength(2);
    // The only primary button is the one to the crisis help.
    const primaries = html.match(/<a[^>]*button--primary[^>]*>/g) ?? [];
    expect(primaries).toHaveLength(1);
    expect(primaries[0]).toMatch(/href="\/en\/[^"]+"/);
    expect(html.slice(at(html, HELP_NOW), at(html, ADVICE))).toContain(primaries[0]);
  });

  it("with a course in progress after a crisis answer: help first, 'Continue' is not the main action", async () => {
    const html = await render({ active: activeCourse, recommended: recommended({ crisis: true, healthcare_advice: true }) });
    expect(at(html, HELP_NOW)).toBeLessThan(at(html, ACTIVE));
    expect(at(html, ADVICE)).toBeLessThan(at(html, ACTIVE));
    expect(html).toMatch(/<a[^>]*button--secondary[^>]*href="\/en\/[^"]*\?modul=m2"/);
    expect(html).not.toMatch(/<a[^>]*button--primary[^>]*\?modul=m2"/);
  });

  it("with healthcare advice and no crisis: the advice comes before the suggested course, which stays the main action", async () => {
    const html = await render({ recommended: recommended({ healthcare_advice: true }) });
    expect(html).not.toContain(HELP_NOW);
    expect(at(html, ADVICE)).toBeLessThan(at(html, START));
    expect(html.split(ADVICE)).toHaveLength(2);
    expect(html).toMatch(/<a[^>]*button--primary[^>]*href="\/en\/courses\/depression"/);
  });

  it("one primary action: the course card's, never a suggested course's as well (visual.md)", async () => {
    for (const active of [activeCourse, { state: "none" as const }]) {
      const html = await render({ active, recommended: recommended({ courses: [depression, { ...depression, key: "sleep", slug: "sleep", rank: 2 }] }) });
      const primaries = html.match(/<a[^>]*button--primary[^>]*>/g) ?? [];
      expect(primaries).toHaveLength(1);
      expect(html.slice(at(html, active.state === "ready" ? ACTIVE : START), at(html, RECOMMENDED))).toContain(primaries[0]);
    }
  });

  it("without advice or a crisis: no help block, the course card first", async () => {
    const html = await render({ active: activeCourse });
    expect(html).not.toContain(HELP_NOW);
    expect(html).not.toContain(ADVICE);
    expect(html).toMatch(/<a[^>]*button--primary[^>]*\?modul=m2"/);
  });

  it("a crisis answer before any completed screening: 'get help now' and the advice first, no course the main action", async () => {
    const html = await render({ recommended: recommended({ based_on: null, courses: [], crisis: true, healthcare_advice: true }) });
    expect(at(html, HELP_NOW)).toBeLessThan(at(html, START));
    expect(at(html, ADVICE)).toBeLessThan(at(html, START));
    const primaries = html.match(/<a[^>]*button--primary[^>]*>/g) ?? [];
    expect(primaries).toHaveLength(1);
    expect(html.slice(at(html, HELP_NOW), at(html, ADVICE))).toContain(primaries[0]);
  });

  it("a crisis answer after a calm screening (no course at its threshold): never 'a good sign'", async () => {
    const html = await render({ recommended: recommended({ courses: [], crisis: true, healthcare_advice: true }) });
    at(html, HELP_NOW);
    expect(html).not.toContain("good sign");
    const calm = await render({ recommended: recommended({ courses: [] }) });
    at(calm, "That is a good sign.");
  });

  it("when the recommendations failed but the history has a crisis answer of the last 14 days: 'get help now' and the advice first, no course the main action", async () => {
    for (const active of [activeCourse, { state: "none" as const }]) {
      const html = await render({ active, recommended: null, crisisInHistory: true });
      expect(at(html, HELP_NOW)).toBeLessThan(at(html, ADVICE));
      expect(at(html, ADVICE)).toBeLessThan(at(html, active.state === "ready" ? ACTIVE : START));
      const primaries = html.match(/<a[^>]*button--primary[^>]*>/g) ?? [];
      expect(primaries).toHaveLength(1);
      expect(html.slice(at(html, HELP_NOW), at(html, ADVICE))).toContain(primaries[0]);
    }
  });

  it("without a screening or when the recommendations failed to load: no help block, and the page still renders", async () => {
    for (const data of [recommended({ based_on: null, courses: [] }), null]) {
      const html = await render({ recommended: data });
      expect(html).not.toContain(HELP_NOW);
      expect(html).not.toContain(ADVICE);
      at(html, START);
    }
  });
});
