import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getInstrument, isInstrumentId } from "../../common/instruments/registry.ts";
import { LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import type { CourseDetail, ModuleContent } from "../../common/schemas/courses.ts";
import { baseUrl, collectErrors, launchBrowser, waitForHydration } from "./support/browser.ts";
import { errorsBesideMissingMedia, overlay } from "./support/courses.ts";
import { createSession, csrf, sessionCookie } from "./support/fixtures.ts";

/**
 * Every real course (content/courses) in every language (issue 8): a user goes through each course
 * over the API (answering questionnaires, waiting out the pauses of this server's one-second
 * days), then every module is read in all four languages through the API and opened in the
 * overlay. Audio and video files are produced separately, so the test checks that the players
 * render, not that the recordings play.
 */
const COURSES = ["stress", "sleep", "anxiety", "depression"] as const;
/** The overlay is checked for every module in one language per course, so all four are covered. */
const OVERLAY_LOCALE: Record<(typeof COURSES)[number], Locale> = { stress: "sv", sleep: "en", anxiety: "no", depression: "da" };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

class Client {
  private readonly cookie: string;
  private readonly token: string;
  constructor(cookie: string, token: string) {
    this.cookie = cookie;
    this.token = token;
  }
  /** `locale`: sent as Accept-Language, the one thing that decides the language of the answer. */
  async call<T>(method: string, path: string, body?: unknown, locale?: Locale): Promise<{ status: number; json: T }> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        "x-csrftoken": this.token,
        ...(locale ? { "accept-language": locale } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as T };
  }
}

async function userClient(): Promise<{ client: Client; sessionid: string }> {
  const { sessionid } = await createSession({ screening: {} });
  const { cookie, token } = await csrf();
  return { client: new Client(`${cookie}; sessionid=${sessionid}`, token), sessionid };
}

function lowestAnswers(instrumentId: string): Record<string, number> {
  if (!isInstrumentId(instrumentId)) throw new Error(`unknown instrument ${instrumentId}`);
  const instrument = getInstrument(instrumentId);
  // Every programme's questionnaires ask PHQ-9 item 9 too (answered 0 here).
  return { phq9_9: 0, ...Object.fromEntries(instrument.items.map((item) => [item.id, Math.min(...(item.options ?? instrument.options).map((o) => o.value))])) };
}

/** Completes every module of a course through the API, waiting out each pause. */
async function completeCourse(client: Client, key: string): Promise<CourseDetail> {
  let course = (await client.call<CourseDetail>("POST", "/api/v1/course-progress/clear-unfinished/", { course: key })).json;
  for (let guard = 0; guard < 400 && !course.completed; guard++) {
    if (course.pause_until) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, course.pause_until! * 1000 - Date.now()) + 300));
    }
    const module = course.course_parts.flatMap((p) => p.content_modules).find((m) => !m.completed);
    if (!module) break;
    if (module.type === "evaluation" || module.type === "post_part_screening") {
      const content = (await client.call<ModuleContent>("GET", `/api/v1/courses/${course.slug}/modules/${module.key}/`)).json;
      const result = await client.call("POST", `/api/v1/evaluations/${module.id}/`, { answers: lowestAnswers(String(content.settings.instrument)) });
      expect(result.status, `${key}/${module.key}`).toBe(200);
    } else if (module.type === "safety_check") {
      // The sleep window's safety check, answered "no" throughout (the window's own modules follow).
      const content = (await client.call<ModuleContent>("GET", `/api/v1/courses/${course.slug}/modules/${module.key}/`)).json;
      const answers = Object.fromEntries((content.check?.questions ?? []).map((q) => [q.id, 0]));
      const result = await client.call("POST", `/api/v1/safety-checks/${module.id}/`, { answers });
      expect(result.status, `${key}/${module.key}`).toBe(200);
    } else {
      const result = await client.call("POST", module.progress_url);
      expect([200, 409], `${key}/${module.key}`).toContain(result.status);
    }
    course = (await client.call<CourseDetail>("GET", `/api/v1/courses/${course.slug}/`)).json;
  }
  expect(course.completed, key).toBe(true);
  return course;
}

describe("every real course in every language", () => {
  it("renders every module of the four courses, over the API in four languages and in the overlay", async () => {
    const users = await Promise.all(COURSES.map(async (key) => ({ key, ...(await userClient()) })));
    const done = await Promise.all(users.map(async (user) => ({ ...user, course: await completeCourse(user.client, user.key) })));

    for (const { key, client, sessionid, course } of done) {
      const modules = course.course_parts.flatMap((p) => p.content_modules);
      // Every module reads in every language: a title, text, and media for audio and video.
      await Promise.all(
        LOCALES.map(async (locale) => {
          const detail = (await client.call<CourseDetail>("GET", `/api/v1/courses/${course.slug}/`, undefined, locale)).json;
          for (const module of detail.course_parts.flatMap((p) => p.content_modules)) {
            const { status, json } = await client.call<ModuleContent>("GET", `/api/v1/courses/${detail.slug}/modules/${module.key}/`, undefined, locale);
            const where = `${key}/${module.key}/${locale}`;
            expect(status, where).toBe(200);
            expect(json.title.length, where).toBeGreaterThan(1);
            expect(json.html.length, where).toBeGreaterThan(20);
            if (json.type === "audio" || json.type === "video") {
              expect(json.media?.src, where).toMatch(new RegExp(`^/media/[a-z0-9-]+/${locale}\\.webm$`));
              if (json.type === "video") expect(json.media?.captions, where).toMatch(new RegExp(`/${locale}\\.vtt$`));
            }
          }
        }),
      );

      // Every module opens in the overlay and shows its content or player.
      const locale = OVERLAY_LOCALE[key];
      const slug = (await client.call<CourseDetail>("GET", `/api/v1/courses/${course.slug}/`, undefined, locale)).json.slug;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([sessionCookie(sessionid)]);
      const page = await context.newPage();
      const errors = errorsBesideMissingMedia(page, collectErrors(page));
      const coursePath = pathTo("course", locale, { course: slug });
      await page.goto(`${baseUrl()}${coursePath}`);
      await waitForHydration(page);
      for (const module of modules) {
        await page.locator(`a[data-opener="${module.key}"]`).click();
        await overlay(page).locator("#module-title").waitFor();
        expect(page.url(), module.key).toContain(`?modul=${module.key}`);
        const view = overlay(page).locator(".module-view");
        if (module.type === "audio") {
          expect(await view.getByRole("timer").textContent(), module.key).toBe("00:00");
          expect(await view.locator("details.transcript .prose").innerHTML(), module.key).not.toBe("");
        } else if (module.type === "video") {
          expect(await view.locator("video track[kind=captions]").count(), module.key).toBe(1);
        } else if (module.type === "evaluation" || module.type === "post_part_screening") {
          expect(await view.locator("form.evaluation-form fieldset").count(), module.key).toBeGreaterThan(1);
        } else if (module.type === "worksheet") {
          await view.locator("section.worksheet").waitFor();
        } else if (module.type === "list") {
          expect(await view.locator(".module-list li").count(), module.key).toBeGreaterThan(1);
        } else {
          expect((await view.locator(".prose").textContent())?.length ?? 0, module.key).toBeGreaterThan(20);
        }
        await page.keyboard.press("Escape");
        await page.waitForFunction(() => !document.querySelector("dialog.module-overlay"));
      }
      // Recordings not produced yet answer 404; nothing else may fail.
      expect(errors(), key).toEqual([]);
      await context.close();
    }
  }, 600_000);
});
