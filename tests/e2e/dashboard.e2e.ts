/**
 * The dashboard (issue 9, item 1) in all four languages: the greeting, the empty states, the
 * active course with "Continue" and, after part 1, the pause countdown (COURSE_DAY_SECONDS=1 on
 * the e2e server: a 7-second pause), recommended courses after a screening, featured content, the
 * evaluation-history charts with their tables, and axe in every theme at 375 and 1280 px.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALE_SETTINGS } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseCard, CourseDetail } from "../../common/schemas/courses.ts";
import type { FeaturedItem } from "../../common/schemas/featured-content.ts";
import type { RecommendedCourses } from "../../common/schemas/screening.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { advance, errorsBesideMissingMedia, expectNoViolations, wayIn } from "./support/courses.ts";
import { message, sessionCookie } from "./support/fixtures.ts";
import { UserApi, answers } from "./support/user-api.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Axe in all four themes at the current width, then at the other one. */
async function expectCleanAtBothWidths(page: Page, where: string, width: number): Promise<void> {
  await expectNoViolations(page, `${where} at ${width} px`);
  const other = width === 375 ? 1280 : 375;
  await page.setViewportSize({ width: other, height: 900 });
  await expectNoViolations(page, `${where} at ${other} px`);
  await page.setViewportSize({ width, height: 900 });
}

describe("dashboard", () => {
  it.each([
    { locale: "sv" as const, width: 375 },
    { locale: "en" as const, width: 1280 },
    { locale: "no" as const, width: 375 },
    { locale: "da" as const, width: 1280 },
  ])(
    "$locale at $width px: greeting, empty states, recommended courses after a screening, featured content, history, the active course and its pause",
    async ({ locale, width }) => {
      const m = (key: string) => message(locale, key);
      const api = await UserApi.create(locale);
      const sessionid = api.sessionid;
      await api.call("PATCH", "/me/profile/", { name: "Alex" });
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([sessionCookie(sessionid)]);
      const page = await context.newPage();
      const errors = errorsBesideMissingMedia(page, collectErrors(page));
      const dashboard = `${baseUrl()}${pathTo("dashboard", locale)}`;
      const main = page.locator("main");

      // A new user: "Welcome" by name (not "welcome back"), an invitation to choose a course or to do the screening.
      await page.goto(dashboard);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1, name: m("dashboard.welcomeNamed").replace("{{name}}", "Alex"), exact: true }).waitFor();
      await main.getByRole("link", { name: m("dashboard.chooseCourse") }).waitFor();
      await main.getByText(m("dashboard.noScreeningText")).waitFor();
      expect(await main.getByRole("link", { name: m("dashboard.doScreening") }).count()).toBe(1);
      await main.getByText(m("dashboard.historyEmpty")).waitFor();
      // The need-help link is the layout's: in the side menu or the phone's bar (in view however long the page, ADR 035), and the footer.
      expect(await page.getByRole("button", { name: message(locale, "crisis.link") }).count()).toBe(2);

      // Featured content: every item, each a link to its course, module or page.
      const featured = await api.call<FeaturedItem[]>("GET", `/featured-content/`, undefined, locale);
      expect(featured.length).toBeGreaterThan(0);
      const featuredList = page.getByRole("list", { name: m("dashboard.featuredHeading") });
      expect(await featuredList.getByRole("listitem").count()).toBe(featured.length);
      for (const item of featured) {
        const link = featuredList.getByRole("link", { name: item.title, exact: true });
        const href = await link.getAttribute("href");
        if (item.kind === "module") expect(href).toBe(`${pathTo("course", locale, { course: item.course?.slug ?? "" })}?modul=${item.module?.key}`);
        if (item.kind === "course") expect(href).toBe(pathTo("course", locale, { course: item.course?.slug ?? "" }));
        if (item.kind === "page") expect(href).toBe(pathTo("contentPage", locale, { slug: item.page?.slug ?? "" }));
      }
      await expectCleanAtBothWidths(page, `${locale} new user's dashboard`, width);

      // The extended screening through the API (a severe PHQ-9: healthcare advice), and a course.
      await api.call("POST", "/screening-extended/", {
        groups: {
          phq9: { answers: { ...answers("phq9", 9, 3), phq9_9: 0 } },
          gad7: { answers: answers("gad7", 7, 1) },
          pss10: { answers: answers("pss10", 10, 2) },
          miss: { answers: answers("miss", 3, 1) },
        },
      });
      // The next step after the extended screening: the course it suggests first, not the screening again.
      const suggested = await api.call<RecommendedCourses>("GET", `/recommended-courses/`, undefined, locale);
      const first = suggested.courses[0]?.title ?? "";
      await page.goto(dashboard);
      await waitForHydration(page);
      const start = main.getByRole("region", { name: m("dashboard.startHeading") });
      await start.getByText(m("dashboard.startSuggested").replace("{{title}}", first)).waitFor();
      await start.getByRole("link", { name: m("dashboard.startWith").replace("{{title}}", first) }).waitFor();
      expect(await main.getByRole("link", { name: m("dashboard.doScreening") }).count()).toBe(0);

      const courses = await api.call<CourseCard[]>("GET", `/courses/`, undefined, locale);
      const stress = courses.find((c) => c.key === "stress");
      if (!stress) throw new Error("no stress course");
      await page.goto(`${baseUrl()}${pathTo("course", locale, { course: stress.slug })}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: m("course.start") }).click();
      const proceed = wayIn(main, locale);
      await proceed.waitFor();

      // The dashboard now shows the course with "Continue", the recommendations and the history.
      await page.goto(dashboard);
      await waitForHydration(page);
      await main.getByRole("heading", { level: 2, name: stress.title }).waitFor();
      await proceed.waitFor();
      expect(await main.getByRole("progressbar").count()).toBeGreaterThan(0);
      const recommended = main.locator("ol.recommended-list > li");
      // PHQ-9 24 and PSS-10 20 are at their thresholds; GAD-7 7 and MISS 3 are not.
      expect(await recommended.count()).toBe(2);
      await main.getByText(m("dashboard.recommendedIntro")).waitFor();
      await main.getByText(m("screening.healthcare.title")).waitFor();
      // The reason names the area's band in words (the depression course is first after a severe PHQ-9).
      const reason = m("screening.recommended.reason.depression").split("{{band")[0] ?? "";
      expect(await recommended.first().textContent()).toContain(reason.trim());
      // One answer per questionnaire: no single-point charts, one sentence instead (issue 20, point 8).
      const charts = main.locator("figure");
      expect(await charts.count()).toBe(0);
      await main.getByText(m("dashboard.historyOnce")).waitFor();
      await expectCleanAtBothWidths(page, `${locale} dashboard with a course, recommendations and history`, width);
      // The page's data for the browser holds what the course's card shows, not its parts and modules.
      const html = await (await page.request.get(dashboard)).text();
      expect(html).toContain(stress.title);
      expect(html).not.toContain("course_parts");

      // Finish part 1 through the course (the e2e server's course day is one second).
      await proceed.click();
      await page.locator("dialog.module-overlay[open] #module-title").waitFor();
      for (let step = 0; step < 15 && (await page.locator(".pause-notice").count()) === 0; step++) {
        if (!(await advance(page, locale))) break;
      }
      await page.locator(".pause-notice").waitFor();
      await page.goto(dashboard);
      await waitForHydration(page);
      const pause = main.locator(".pause-notice");
      await pause.waitFor();
      // Part 1's stress questionnaire gave PSS-10 a second point: its chart, with its table; the rest in a sentence.
      expect(await charts.count()).toBe(1);
      await main.getByText(m("dashboard.historyMore")).waitFor();
      await charts.first().getByText(m("screening.chart.showTable")).click();
      const table = charts.first().getByRole("table");
      await table.waitFor();
      expect(await table.locator("tbody tr").count()).toBe(2);
      expect(await charts.first().locator("svg[role=img] circle").count()).toBe(2);
      const active = await api.call<CourseDetail>("GET", `/active-course/`, undefined, locale);
      if (!active.pause_until) throw new Error("the course is not paused");
      const when = new Intl.DateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, {
        weekday: "long",
        day: "numeric",
        month: "long",
        hour: "2-digit",
        minute: "2-digit",
      }).format(new Date(active.pause_until * 1000));
      await pause.getByText(m("course.pausedUntil").replace("{{when}}", when)).waitFor();
      expect(await pause.textContent()).toContain(m("course.pausedTitle"));
      // When the pause ends the dashboard loads again by itself and offers the next part.
      await proceed.waitFor({ timeout: 20_000 });
      expect(await main.locator(".pause-notice").count()).toBe(0);
      expect(errors()).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
