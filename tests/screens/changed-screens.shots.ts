import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseCard, CourseDetail } from "../../common/schemas/courses.ts";
import { baseUrl, launchBrowser, waitForHydration } from "../e2e/support/browser.ts";
import { expectNoViolations, overlay } from "../e2e/support/courses.ts";
import { message } from "../e2e/support/fixtures.ts";
import { UserApi, extendedScreening } from "../e2e/support/user-api.ts";

/**
 * Screenshots of the screens changed by the first-week issue (20) and the clinical-safety issue
 * (23), at 390 and 1280 px in the light (white) and dark (black) themes, written to
 * `.tmp/screens/` to be looked at by a person (`npm run screenshots`). Each is also checked by axe.
 * Not part of `npm test`: it is for looking, not for guarding.
 */

const OUT = path.resolve(".tmp/screens");
const WIDTHS = [390, 1280] as const;
const THEMES = ["white", "black"] as const;
let browser: Browser;
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function visitor(width: number, theme: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "sv-SE" });
  await context.addCookies([{ name: "theme", value: theme, domain: new URL(baseUrl()).hostname, path: "/" }]);
  return context;
}

/** A page is shot whole; a dialog or the module overlay as the viewport shows it (`view`). */
async function shoot(page: Page, name: string, width: number, theme: string, view = false): Promise<void> {
  // The picture first: the axe check walks the four themes on the page.
  await page.screenshot({ path: path.join(OUT, `${name}-${width}-${theme}.png`), fullPage: !view });
  await expectNoViolations(page, `${name} ${width} ${theme}`);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(`${baseUrl()}${url}`);
  await waitForHydration(page);
}

describe("screens of issues 20 and 23", () => {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      it(`${width} px, ${theme}`, async () => {
        // A visitor: the public course page, the contact page's crisis panel.
        const guest = await visitor(width, theme);
        const page = await guest.newPage();
        const publicCards = (await (await fetch(`${baseUrl()}/api/v1/public/courses/`, { headers: { "accept-language": "sv" } })).json()) as CourseCard[];
        await open(page, pathTo("course", "sv", { course: publicCards.find((c) => c.key === "depression")?.slug ?? "" }));
        await shoot(page, "public-course", width, theme);
        await open(page, pathTo("contact", "sv"));
        await shoot(page, "contact-crisis", width, theme);
        await guest.close();

        // A new user after the extended screening: dashboard, then the depression baseline carried.
        const api = await UserApi.create("sv");
        await extendedScreening(api, 1);
        // A user's theme is their profile's (the cookie is only a visitor's).
        await api.call("PATCH", "/me/profile/", { theme });
        const context = await api.context(browser, { width, theme });
        const user = await context.newPage();
        await open(user, pathTo("dashboard", "sv"));
        await shoot(user, "dashboard-new", width, theme);
        const course = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "depression" });
        const modules = course.course_parts[0]?.content_modules ?? [];
        const baseline = modules.findIndex((m) => m.type === "evaluation");
        for (const m of modules.slice(0, baseline)) await api.call("POST", m.progress_url, {});
        await open(user, `${pathTo("course", "sv", { course: course.slug })}?modul=${modules[baseline]?.key ?? ""}`);
        const carried = overlay(user).getByRole("heading", { name: message("sv", "course.carried.title") });
        await carried.waitFor();
        await carried.scrollIntoViewIfNeeded();
        await shoot(user, "course-carried-baseline", width, theme, true);

        // Starting another course asks first.
        const cards = await api.call<CourseCard[]>("GET", "/courses/");
        const sleep = cards.find((c) => c.key === "sleep")?.slug ?? "";
        await open(user, pathTo("course", "sv", { course: sleep }));
        await user.getByRole("button", { name: message("sv", "course.start") }).click();
        await user.getByRole("dialog", { name: message("sv", "course.switch.title") }).waitFor();
        await shoot(user, "course-switch-dialog", width, theme, true);
        await open(user, pathTo("profile", "sv"));
        await shoot(user, "profile", width, theme);
        expect(user.url()).toContain(pathTo("profile", "sv"));
        await context.close();
      }, 240_000);
    }
  }
});
