import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../common/i18n/locales.ts";
import { countQueries } from "../db/client.ts";
import { courseProgress } from "../db/schema/content.ts";
import { sessions } from "../db/schema/sessions.ts";
import { AppError } from "../lib/app-error.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { activeCourse, completeModule, courseDetail, startCourse } from "../modules/courses/course-service.ts";
import { evaluationHistory } from "../modules/screening/evaluation-history.ts";
import { giveScreening } from "../modules/screening/fixture-screening.ts";
import { hashSessionId } from "../modules/sessions/session-service.ts";
import { FakeClock, createTestApp, createTestUser, json, sessionCookieFor, type TestUser } from "../testing/test-app.ts";
import { defineEndpoint, registerEndpoints } from "./endpoint.ts";
import { getCourse } from "./v1/courses/get-course.ts";
import { z } from "zod";

/**
 * Issue 19: GET /courses/{slug}/, /active-course/ and /me/evaluation-history/ read the session in
 * their own statement over HTTP (api/endpoint.ts `sessionJoined`). Their answers must be exactly
 * the ordinary path's (the session looked up first, then the module's own reads, as a server
 * render calls them) for every state of a person's courses and history, and the session rules
 * (expiry, idle, last seen, second factor, cookie cleared) must be loadSession's.
 */

let app: FastifyInstance;
const clock = new FakeClock(Date.UTC(2026, 10, 2, 8, 0, 0));

beforeAll(async () => {
  app = await createTestApp({ clock });
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

const JOINED = ["/api/v1/courses/stress/", "/api/v1/courses/somn/", "/api/v1/active-course/", "/api/v1/me/evaluation-history/", "/api/v1/courses/finns-inte/"];

/** Async, so that the request runs inside countQueries' context (inject starts on `then`). */
async function get(url: string, cookie: string | null, locale: Locale = "sv"): Promise<LightMyRequestResponse> {
  return await app.inject({ method: "GET", url, headers: { "accept-language": locale, ...(cookie ? { cookie } : {}) } });
}

/** The ordinary path's answer for a user: the module's own reads, as an in-process call makes them. */
async function ordinary(url: string, userId: string, locale: Locale): Promise<{ status: number; body: unknown }> {
  const ctx = app.ctx;
  try {
    const slug = /^\/api\/v1\/courses\/([^/]+)\/$/.exec(url)?.[1];
    if (slug !== undefined) return { status: 200, body: await courseDetail(ctx, userId, slug, locale) };
    if (url === "/api/v1/active-course/") return { status: 200, body: await activeCourse(ctx, userId, locale) };
    return { status: 200, body: await evaluationHistory(ctx, userId) };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, body: null };
    throw error;
  }
}

/** The hash a test cookie's session is stored under. */
const hashOf = (cookie: string): string => hashSessionId(cookie.split("=")[1] ?? "");

/** The rows of a session (none once it is deleted). */
const sessionRows = (idHash: string) => app.ctx.db.select().from(sessions).where(eq(sessions.idHash, idHash));

/**
 * Refused as anonymous, the session cookie left as it is (a request answered late must not clear
 * a cookie a login has replaced since: plugins/session.ts resolveSession).
 */
function expectRefused(response: LightMyRequestResponse, what = ""): void {
  expect(response.statusCode, what).toBe(401);
  expect(json(response).code, what).toBe("auth.not_authenticated");
  expect(response.cookies.filter((c) => c.name === "sessionid"), `${what}: the cookie is left alone`).toEqual([]);
}

/** Every joined call of `user`'s session answers as the ordinary path does, in sv and en. */
async function expectSameAsOrdinary(user: TestUser, what: string): Promise<Record<string, number>> {
  const cookie = await sessionCookieFor(app, user, { verified: true });
  const statuses: Record<string, number> = {};
  for (const locale of ["sv", "en"] as const) {
    for (const url of JOINED) {
      const expected = await ordinary(url, user.id, locale);
      const response = await get(url, cookie, locale);
      expect(response.statusCode, `${what}: ${url} ${locale}`).toBe(expected.status);
      if (expected.status === 200) expect(JSON.parse(response.body), `${what}: ${url} ${locale}`).toEqual(JSON.parse(JSON.stringify(expected.body)));
      else expect(json(response).code, `${what}: ${url}`).toBe("request.not_found");
      statuses[url] = response.statusCode;
    }
  }
  return statuses;
}

/** Starts the course and completes up to `count` modules in order, as far as it is open (a pause stops it). */
async function firstModules(user: TestUser, slug: string, count: number): Promise<void> {
  await startCourse(app.ctx, user.id, slug, "sv");
  for (let done = 0; done < count; done++) {
    const course = await courseDetail(app.ctx, user.id, slug, "sv");
    const next = course.course_parts.flatMap((p) => p.content_modules).find((m) => !m.completed);
    if (!next) return;
    try {
      await completeModule(app.ctx, user.id, next.id, "sv");
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return;
      throw error;
    }
  }
}

describe("a call that reads its session in its own statement", () => {
  it("answers as the ordinary path does, through a person's course and history, never with another's", async () => {
    const a = await createTestUser(app);
    const b = await createTestUser(app);
    // Nothing yet: the courses unstarted, no active course (404), an empty history.
    expect(await expectSameAsOrdinary(a, "new")).toMatchObject({ "/api/v1/active-course/": 404, "/api/v1/courses/stress/": 200, "/api/v1/courses/finns-inte/": 404 });
    // Another person's progress and screenings change nothing of a's.
    await giveScreening(app, b.id, { value: 2, daysAgo: 3 });
    await firstModules(b, "stress", 3);
    expect(await expectSameAsOrdinary(a, "another's progress")).toMatchObject({ "/api/v1/active-course/": 404 });
    const aHistory = JSON.parse((await get("/api/v1/me/evaluation-history/", await sessionCookieFor(app, a))).body) as { series: unknown[] };
    expect(aHistory.series).toEqual([]);
    // a is screened, starts the stress course and goes part-way through it; then time passes.
    await giveScreening(app, a.id, { value: 1, daysAgo: 10 });
    await firstModules(a, "stress", 1);
    expect(await expectSameAsOrdinary(a, "started")).toMatchObject({ "/api/v1/active-course/": 200 });
    await firstModules(a, "stress", 4);
    await giveScreening(app, a.id, { value: 3, item9: 1, daysAgo: 1 });
    await expectSameAsOrdinary(a, "part-way, two screenings");
    clock.advance(3 * 86_400_000);
    await expectSameAsOrdinary(a, "three days later");
    await expectSameAsOrdinary(b, "the other person");
    // The course finished: no active course again.
    await app.ctx.db.update(courseProgress).set({ completedAt: clock.now() }).where(eq(courseProgress.userId, a.id));
    expect(await expectSameAsOrdinary(a, "finished")).toMatchObject({ "/api/v1/active-course/": 404 });
  });

  it("makes one statement for a live session, the session's own lookup included", async () => {
    const user = await createTestUser(app);
    await giveScreening(app, user.id, { value: 1, daysAgo: 2 });
    await firstModules(user, "stress", 2);
    const cookie = await sessionCookieFor(app, user);
    for (const url of ["/api/v1/courses/stress/", "/api/v1/active-course/", "/api/v1/me/evaluation-history/"]) {
      await get(url, cookie); // the course structure's cache warm
      const { result, queries } = await countQueries(() => get(url, cookie));
      expect(result.statusCode, url).toBe(200);
      expect(queries, url).toBe(1);
    }
  });

  it("keeps the session rules: no session, unknown or malformed cookie, second factor, idle and absolute expiry", async () => {
    const user = await createTestUser(app);
    const unverified = await sessionCookieFor(app, user, { verified: false });
    for (const url of JOINED) {
      const anonymous = await get(url, null);
      expect(anonymous.statusCode, url).toBe(401);
      expect(json(anonymous).code).toBe("auth.not_authenticated");
      for (const cookie of ["sessionid=not-a-session", `sessionid=${"A".repeat(43)}`]) {
        expectRefused(await get(url, cookie), `${url} ${cookie}`);
      }
      const halfway = await get(url, unverified, "en");
      expect(halfway.statusCode, url).toBe(403);
      expect(json(halfway)).toMatchObject({ code: "auth.forbidden" });
      // The very answer of an endpoint that reads its session first (same level, "verified").
      expect(halfway.body).toBe((await get("/api/v1/me/profile/", unverified, "en")).body);
    }

    const idle = await sessionCookieFor(app, user);
    const absolute = await sessionCookieFor(app, user);
    const idleHash = hashOf(idle);
    const absoluteHash = hashOf(absolute);
    await app.ctx.db.update(sessions).set({ expiresAt: clock.now() }).where(eq(sessions.idHash, absoluteHash));
    expectRefused(await get("/api/v1/me/evaluation-history/", absolute), "absolute expiry");
    expect(await sessionRows(absoluteHash)).toEqual([]);

    clock.advance(app.ctx.env.SESSION_IDLE_MINUTES * 60_000);
    expectRefused(await get("/api/v1/courses/stress/", idle), "idle expiry");
    expect(await sessionRows(idleHash)).toEqual([]);
  });

  it("writes last seen at most once a minute, as every other request does", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user);
    const idHash = hashOf(cookie);
    const lastSeen = async () => (await sessionRows(idHash))[0]?.lastSeenAt.getTime();
    const created = clock.now().getTime();
    clock.advance(59_000);
    const early = await countQueries(() => get("/api/v1/me/evaluation-history/", cookie));
    expect(early.result.statusCode).toBe(200);
    expect(early.queries).toBe(1);
    expect(await lastSeen()).toBe(created);
    clock.advance(1_000);
    const due = await countQueries(() => get("/api/v1/me/evaluation-history/", cookie));
    expect(due.result.statusCode).toBe(200);
    expect(due.queries).toBe(2);
    expect(await lastSeen()).toBe(clock.now().getTime());
    // Idle time counts from that write: 29 minutes later the session still lives.
    clock.advance((app.ctx.env.SESSION_IDLE_MINUTES - 1) * 60_000);
    expect((await get("/api/v1/active-course/", cookie)).statusCode).toBe(404);
  });

  it("holds under simultaneous calls: every one answered, last seen written, an expired session refused by all", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user);
    const idHash = hashOf(cookie);
    // Last seen due for every call at once: all answer, none fails on the others' writes.
    clock.advance(61_000);
    const urls = Array.from({ length: 30 }, (_, i) => JOINED[i % JOINED.length] ?? "");
    const due = await Promise.all(urls.map((url) => get(url, cookie)));
    // No course in progress and no such course: 404; every other call answers.
    const expected = urls.map((url) => (url.endsWith("/active-course/") || url.endsWith("/finns-inte/") ? 404 : 200));
    expect(due.map((r) => r.statusCode)).toEqual(expected);
    const [row] = await sessionRows(idHash);
    expect(row?.lastSeenAt.getTime()).toBe(clock.now().getTime());
    // Idle-expired for every call at once: all refused with the cookie cleared, the row gone.
    clock.advance(app.ctx.env.SESSION_IDLE_MINUTES * 60_000);
    const expired = await Promise.all(urls.map((url) => get(url, cookie)));
    for (const response of expired) expectRefused(response, "idle expiry, simultaneous");
    expect(await sessionRows(idHash)).toEqual([]);
  });

  it("validates its parameters after authentication, as every endpoint does", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user);
    for (const slug of ["Stress", "a--b", "x".repeat(81), "%C3%A5"]) {
      expect((await get(`/api/v1/courses/${slug}/`, null)).statusCode, slug).toBe(401);
      const invalid = await get(`/api/v1/courses/${slug}/`, cookie);
      expect(invalid.statusCode, slug).toBe(400);
      expect(json(invalid)).toMatchObject({ code: "request.invalid" });
      expect(JSON.stringify(json(invalid).fields)).toContain("slug");
    }
  });

  it("is refused at registration for anything but a GET for logged-in sessions without query or body", async () => {
    const read = getCourse.sessionJoined;
    expect(read).toBeDefined();
    const post = defineEndpoint({ ...getCourse, method: "POST", url: "/probe-joined/" });
    const open = defineEndpoint({ ...getCourse, auth: "public", url: "/probe-joined-open/" });
    const withQuery = defineEndpoint({ ...getCourse, query: z.object({ q: z.string() }), url: "/probe-joined-query/" });
    for (const endpoint of [post, open, withQuery]) {
      expect(() => registerEndpoints(app, [endpoint as never])).toThrow(/only a GET endpoint for logged-in sessions/);
    }
  });
});
