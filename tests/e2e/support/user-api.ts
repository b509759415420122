import type { Browser, BrowserContext } from "playwright-core";
import { LOCALE_SETTINGS, type Locale } from "../../../common/i18n/locales.ts";
import { baseUrl } from "./browser.ts";
import { csrf, sessionCookie } from "./fixtures.ts";
import type { CourseDetail } from "../../../common/schemas/courses.ts";

/** The API as a logged-in fixture user (CSRF cookie and header as the browser sends them). */
export class UserApi {
  readonly sessionid: string;
  private readonly cookie: string;
  private readonly token: string;
  private constructor(sessionid: string, cookie: string, token: string) {
    this.sessionid = sessionid;
    this.cookie = `${cookie}; sessionid=${sessionid}`;
    this.token = token;
  }

  /** A new user (terms accepted; 2FA set up unless `twofa: false`) and a session for them. */
  static async create(locale: Locale, options: { verified?: boolean; twofa?: boolean } = {}): Promise<UserApi> {
    const { cookie, token } = await csrf();
    const response = await fetch(`${baseUrl()}/dev/fixtures/session`, {
      method: "POST",
      headers: { cookie, "x-csrftoken": token, "content-type": "application/json" },
      body: JSON.stringify({ locale, verified: options.verified ?? true, ...(options.twofa === false ? { twofa: false } : {}) }),
    });
    if (!response.ok) throw new Error(`fixture: ${response.status} ${await response.text()}`);
    const { sessionid } = (await response.json()) as { sessionid: string };
    return new UserApi(sessionid, cookie, token);
  }

  /** `locale`: sent as Accept-Language, the one thing that decides the language of the answer. */
  async call<T>(method: string, path: string, body?: unknown, locale?: Locale): Promise<T> {
    const response = await fetch(`${baseUrl()}${path.startsWith("/api/") ? "" : "/api/v1"}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        "x-csrftoken": this.token,
        ...(locale ? { "accept-language": locale } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * A browser context with this user's session cookie; `locale`: the browser's language (the home
   * page follows it, §4).
   */
  async context(browser: Browser, options: { width: number; locale?: Locale; timezoneId?: string; theme?: string; bypassCSP?: boolean }): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: { width: options.width, height: 900 },
      ...(options.bypassCSP ? { bypassCSP: true } : {}),
      ...(options.locale ? { locale: LOCALE_SETTINGS[options.locale].htmlLang } : {}),
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    const { hostname } = new URL(baseUrl());
    await context.addCookies([
      sessionCookie(this.sessionid),
      ...(options.theme ? [{ name: "theme", value: options.theme, domain: hostname, path: "/" }] : []),
    ]);
    return context;
  }
}

/** `{prefix_1: value, …}` for a questionnaire of `items` questions. */
export const answers = (prefix: string, items: number, value: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: items }, (_, i) => [`${prefix}_${i + 1}`, value]));

/** A completed extended screening (item 9 "not at all"). */
export async function extendedScreening(api: UserApi, value = 1): Promise<void> {
  await api.call("POST", "/screening-extended/", {
    groups: {
      phq9: { answers: { ...answers("phq9", 9, value), phq9_9: 0 } },
      gad7: { answers: answers("gad7", 7, value) },
      pss10: { answers: answers("pss10", 10, value) },
      miss: { answers: answers("miss", 3, value) },
    },
  });
}

/**
 * A user with a history and a course: two extended screenings (the dashboard draws its charts, with
 * their "show as a table", from two results on) and the anxiety course started.
 */
export async function userWithCourseAndHistory(locale: Locale): Promise<{ api: UserApi; course: CourseDetail }> {
  const api = await UserApi.create(locale);
  await extendedScreening(api, 1);
  await extendedScreening(api, 2);
  const course = await api.call<CourseDetail>("POST", "/course-progress/clear-unfinished/", { course: "anxiety" }, locale);
  return { api, course };
}
