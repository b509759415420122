import path from "node:path";
import fc from "fast-check";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../../common/i18n/locales.ts";
import { lightScreening } from "../../common/instruments/registry.ts";
import { contentLanguage, responseLocale, withVary } from "../lib/response-language.ts";
import { importContent } from "../modules/content/import-content.ts";
import { loadContent } from "../modules/content/load-content.ts";
import { latestMailTo, randomIp, uniqueEmail } from "../testing/accounts.ts";
import { TestAgent } from "../testing/agent.ts";
import { concretePath, endpointKey, pathParamNames } from "../testing/endpoint-subjects.ts";
import { paramSamples } from "../testing/param-samples.ts";
import { unlockModule } from "../testing/courses.ts";
import { contentModules } from "../db/schema/content.ts";
import { desc } from "drizzle-orm";
import { createTestApp, createTestUser, csrfPair, json, sessionCookieFor } from "../testing/test-app.ts";
import type { Endpoint } from "./endpoint.ts";
import { endpoints } from "./endpoints.ts";

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await importContent(app.ctx.db, app.ctx.clock, loadContent(path.resolve("content")));
});
afterAll(async () => {
  await app.close();
});

/** What a browser in each of our languages may send, and Accept-Language headers of every kind. */
const HEADERS: Record<Locale, string> = { sv: "sv-SE,sv;q=0.9", en: "en-GB,en;q=0.8", no: "nb-NO,nb;q=0.9,no;q=0.8", da: "da-DK" };

function expectLanguage(response: LightMyRequestResponse, locale: Locale, what: string): void {
  expect(response.headers["content-language"], what).toBe(contentLanguage(locale));
  expect(String(response.headers.vary ?? ""), what).toMatch(/(^|,\s*)Accept-Language(\s*,|$)/i);
}

describe("the Accept-Language rule (one rule for every response)", () => {
  it.each([
    [undefined, "sv"],
    ["", "sv"],
    ["en", "en"],
    ["en-US", "en"],
    ["en-GB,en;q=0.9", "en"],
    ["da", "da"],
    ["da-DK", "da"],
    ["sv-FI", "sv"],
    ["nb", "no"],
    ["nb-NO", "no"],
    ["nn", "no"],
    ["nn-NO", "no"],
    ["no", "no"],
    ["no-NO", "no"],
    ["fr-FR,fr;q=0.9", "sv"],
    ["*", "sv"],
    ["de;q=1, da;q=0.5, en;q=0.7", "en"],
    ["en;q=0.2, da;q=0.9", "da"],
    ["en;q=0, da", "da"],
    ["EN-us", "en"],
    ["fi, nb;q=0.3", "no"],
    ["garbage;;;q=x, ,", "sv"],
    [["en", "da"], "en"],
  ] as const)("%j → %s", (header, locale) => {
    expect(responseLocale(header as string | string[] | undefined)).toBe(locale);
  });

  it("Vary keeps its other values and names Accept-Language once", () => {
    expect(withVary(undefined, "Accept-Language")).toBe("Accept-Language");
    expect(withVary("accept-encoding", "Accept-Language")).toBe("accept-encoding, Accept-Language");
    expect(withVary("Accept-Encoding, accept-language", "Accept-Language")).toBe("Accept-Encoding, accept-language");
    expect(withVary(["Origin", "Cookie"], "Accept-Language")).toBe("Origin, Cookie, Accept-Language");
    expect(withVary("*", "Accept-Language")).toBe("*");
  });
});

/**
 * A verified user with a started course (every course page and module answers) and a light
 * screening with some symptoms (so that courses are recommended).
 */
async function verifiedAgent(): Promise<TestAgent> {
  const user = await createTestUser(app);
  const agent = new TestAgent(app);
  agent.cookies.set("sessionid", (await sessionCookieFor(app, user, { verified: true })).split("=")[1] ?? "");
  const answers = { ...Object.fromEntries(lightScreening.map((q) => [q.id, 2])), phq9_9: 0 };
  expect((await agent.request("POST", "/api/v1/screening/", { answers })).statusCode).toBe(200);
  const started = await agent.request("POST", "/api/v1/course-progress/clear-unfinished/", { course: "stress" });
  expect(started.statusCode).toBe(200);
  return agent;
}

/** Response fields that carry text written for people: an endpoint answering them is in a language. */
const TEXT_FIELDS = ["title", "summary", "html", "text", "intro", "label", "description"];
function bearsText(endpoint: Endpoint): boolean {
  const schema = JSON.stringify(z.toJSONSchema(endpoint.response, { io: "output", unrepresentable: "any" }));
  return TEXT_FIELDS.some((field) => schema.includes(`"${field}":`));
}

/**
 * Text-bearing endpoints that change state answer with the same builders as a GET that is tested
 * here (the course detail, the extended screening), or are tested on their own below.
 */
const COVERED_ELSEWHERE = new Map([
  ["POST /content-modules/:module/progress/", "answers GET /courses/:slug/'s course detail, built by the same function"],
  ["POST /evaluations/:module/", "answers GET /courses/:slug/'s course detail, built by the same function"],
  ["POST /safety-checks/:module/", "answers GET /courses/:slug/'s course detail and GET …/modules/:module/'s check, built by the same functions"],
  ["POST /course-progress/clear-unfinished/", "tested on its own below"],
  ["POST /screening-extended/", "answers GET /screening-extended/'s groups, built by the same function"],
]);

describe("every text of the API in the language of Accept-Language alone", () => {
  const textEndpoints = endpoints.filter(bearsText);

  it("finds the text-bearing endpoints from the endpoint list (a new one is covered or named here)", () => {
    expect(textEndpoints.length).toBeGreaterThan(10);
    const untested = textEndpoints
      .filter((e) => e.method !== "GET" && !COVERED_ELSEWHERE.has(endpointKey(e)))
      .map(endpointKey);
    expect(untested).toEqual([]);
  });

  it.each(textEndpoints.filter((e) => e.method === "GET").map((e) => [endpointKey(e), e] as const))(
    "%s: four languages, four different answers; no header is Swedish",
    async (_key, endpoint) => {
      const agent = await verifiedAgent();
      const samples = await paramSamples(app);
      // Every course open to its last part, so that a sampled course slug and module key meet.
      const userId = ((await agent.get("/api/v1/me/")).json() as { user_data: { id: string } }).user_data.id;
      const lastModules = await app.ctx.db.selectDistinctOn([contentModules.courseId], { id: contentModules.id }).from(contentModules).orderBy(contentModules.courseId, desc(contentModules.position));
      for (const module of lastModules) await unlockModule(app, userId, module.id);
      // The first sample of each parameter that the endpoint answers with 200 (course or page slugs).
      const names = pathParamNames(endpoint);
      // A course slug and one of its modules' keys meet in about one pair of twenty: 400 pairs.
      const candidates = names.map((name) => (samples[name] ? fc.sample(samples[name], { numRuns: 400, seed: 7 }) : ["x"]));
      let url: string | null = null;
      for (let i = 0; i < 400 && url === null; i++) {
        const params = Object.fromEntries(names.map((name, n) => [name, candidates[n]?.[i % (candidates[n]?.length ?? 1)] ?? "x"]));
        const probe = await agent.request("GET", concretePath(endpoint, params));
        if (probe.statusCode === 200) url = concretePath(endpoint, params);
      }
      expect(url, `no sample answers ${endpointKey(endpoint)} with 200`).not.toBeNull();
      const bodies = new Map<Locale, string>();
      for (const locale of LOCALES) {
        const response = await agent.request("GET", url ?? "", undefined, { "accept-language": HEADERS[locale] });
        expect(response.statusCode).toBe(200);
        expectLanguage(response, locale, `${url} in ${locale}`);
        bodies.set(locale, response.body);
      }
      expect(new Set(bodies.values()).size).toBe(LOCALES.length);
      const unnamed = await agent.request("GET", url ?? "");
      expect(unnamed.body).toBe(bodies.get("sv"));
      expect(unnamed.headers["content-language"]).toBe("sv");
    },
  );

  it("POST /course-progress/clear-unfinished/ answers the course in the request's language", async () => {
    const agent = await verifiedAgent();
    const bodies = new Set<string>();
    for (const locale of LOCALES) {
      const response = await agent.request("POST", "/api/v1/course-progress/clear-unfinished/", { course: "sleep" }, { "accept-language": HEADERS[locale] });
      expect(response.statusCode).toBe(200);
      expectLanguage(response, locale, locale);
      bodies.add(JSON.stringify({ ...json(response), progress: null }));
    }
    expect(bodies.size).toBe(LOCALES.length);
  });

  it("a `?locale=` query no longer decides anything: Accept-Language does", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/public/courses/?locale=sv", headers: { "accept-language": "da" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-language"]).toBe("da");
    const danish = await app.inject({ method: "GET", url: "/api/v1/public/courses/", headers: { "accept-language": "da" } });
    expect(response.body).toBe(danish.body);
  });
});

describe("errors: detail in the request's language, code the same", () => {
  const cases: { name: string; send: (lang: string) => Promise<LightMyRequestResponse>; code: string; status: number }[] = [
    { name: "not logged in", code: "auth.not_authenticated", status: 401, send: (lang) => app.inject({ method: "GET", url: "/api/v1/me/profile/", headers: { "accept-language": lang } }) },
    { name: "not found", code: "request.not_found", status: 404, send: (lang) => app.inject({ method: "GET", url: "/api/v1/no-such-thing/", headers: { "accept-language": lang } }) },
    {
      name: "invalid body",
      code: "request.invalid",
      status: 400,
      send: (lang) => {
        const { cookie, token } = csrfPair();
        return app.inject({ method: "POST", url: "/api/v1/password/reset", headers: { cookie, "x-csrftoken": token, "content-type": "application/json", "accept-language": lang }, payload: { email: "not an address" } });
      },
    },
    {
      name: "malformed JSON",
      code: "request.malformed_json",
      status: 400,
      send: (lang) => {
        const { cookie, token } = csrfPair();
        return app.inject({ method: "POST", url: "/api/v1/password/reset", headers: { cookie, "x-csrftoken": token, "content-type": "application/json", "accept-language": lang }, payload: "{" });
      },
    },
    { name: "method not allowed", code: "request.method_not_allowed", status: 405, send: (lang) => app.inject({ method: "GET", url: "/api/v1/logout/remove", headers: { "accept-language": lang } }) },
    { name: "malformed URL", code: "request.invalid", status: 400, send: (lang) => app.inject({ method: "GET", url: "/api/v1/pages/%E0%A4%A/", headers: { "accept-language": lang } }) },
  ];

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const details = new Set<string>();
    for (const locale of LOCALES) {
      const response = await c.send(HEADERS[locale]);
      expect(response.statusCode).toBe(c.status);
      expectLanguage(response, locale, `${c.name} in ${locale}`);
      const body = json(response);
      expect(body.code).toBe(c.code);
      details.add(String(body.detail));
    }
    expect(details.size).toBe(LOCALES.length);
  });

  it("a CSRF refusal is localized and still names CSRF, so clients written to §7 fetch a new token", async () => {
    for (const locale of LOCALES) {
      const response = await app.inject({ method: "POST", url: "/api/v1/logout", headers: { "accept-language": HEADERS[locale] } });
      expect(response.statusCode).toBe(403);
      const body = json(response);
      expect(body.code).toBe("csrf.failed");
      expect(String(body.detail)).toMatch(/csrf/i);
    }
  });

  it("405 names the method to use, in the request's language", async () => {
    const english = await app.inject({ method: "GET", url: "/api/v1/logout/remove", headers: { "accept-language": "en" } });
    expect(english.headers.allow).toBe("POST");
    expect(json(english).detail).toBe("This address does not accept that method. Use POST.");
    const swedish = await app.inject({ method: "GET", url: "/api/v1/logout/remove" });
    expect(json(swedish).detail).toBe("Den här adressen tar inte emot den metoden. Använd POST.");
  });
});

describe("e-mails: a person's saved language, a visitor's request language", () => {
  const reset = (email: string, lang: string) => {
    const { cookie, token } = csrfPair();
    return app.inject({
      method: "POST",
      url: "/api/v1/password/reset",
      remoteAddress: randomIp(),
      headers: { cookie, "x-csrftoken": token, "content-type": "application/json", "accept-language": lang },
      payload: { email },
    });
  };

  it("an address without an account gets the mail in the language of the request", async () => {
    for (const locale of LOCALES) {
      const email = uniqueEmail(`visitor-${locale}`);
      expect((await reset(email, HEADERS[locale])).statusCode).toBe(202);
      expect((await latestMailTo(app, email)).html).toContain(`<html lang="${contentLanguage(locale)}">`);
    }
  });

  it("an account holder gets it in the language saved in the profile, whatever the request says", async () => {
    const user = await createTestUser(app, { locale: "da", passwordHash: "x" });
    expect((await reset(user.email, "en")).statusCode).toBe(202);
    expect((await latestMailTo(app, user.email)).html).toContain('<html lang="da">');
  });
});

describe("every response of the API says its language", () => {
  it("every endpoint, as a visitor, in Danish: Content-Language and Vary whatever the status", async () => {
    for (const endpoint of endpoints) {
      const response = await app.inject({
        method: endpoint.method,
        url: concretePath(endpoint, {}),
        headers: { "accept-language": "da" },
      });
      expectLanguage(response, "da", endpointKey(endpoint));
    }
  });

  it("the HTML pages are not marked: their language is their URL's", async () => {
    const response = await app.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["content-language"]).toBeUndefined();
  });
});

describe("the OpenAPI document says it", () => {
  it("every operation takes Accept-Language; every response names Content-Language and Vary; detail is localized", async () => {
    const doc = json(await app.inject({ method: "GET", url: "/api/v1/openapi.json" })) as {
      paths: Record<string, Record<string, { parameters: { $ref?: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      components: { parameters: Record<string, { in: string; name: string }>; schemas?: unknown };
    };
    expect(doc.components.parameters.AcceptLanguage).toMatchObject({ in: "header", name: "Accept-Language" });
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(endpoints.length);
    for (const operation of operations) {
      expect(operation.parameters).toContainEqual({ $ref: "#/components/parameters/AcceptLanguage" });
      for (const response of Object.values(operation.responses)) {
        expect(Object.keys(response.headers ?? {})).toEqual(["Content-Language", "Vary"]);
      }
    }
    expect(JSON.stringify(doc)).toContain("in the language of the request's Accept-Language");
  });
});

describe("GET /logout (spec §7) from the site itself only", () => {
  async function loggedIn() {
    const user = await createTestUser(app);
    return sessionCookieFor(app, user, { verified: true });
  }
  const stillLoggedIn = async (session: string) =>
    json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: session } })).logged_in;
  const origin = "http://localhost:3000";

  it.each([
    ["fetch metadata same-origin", { "sec-fetch-site": "same-origin" }],
    ["fetch metadata none (typed address)", { "sec-fetch-site": "none" }],
    ["a matching Origin", { origin }],
    ["a matching Referer", { referer: `${origin}/profil` }],
  ])("logs out with %s", async (_what, headers) => {
    const session = await loggedIn();
    const response = await app.inject({ method: "GET", url: "/api/v1/logout", headers: { cookie: session, host: "localhost:3000", ...headers } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["clear-site-data"]).toBe('"cache", "storage"');
    expect(await stillLoggedIn(session)).toBe(false);
  });

  it.each([
    ["fetch metadata cross-site", { "sec-fetch-site": "cross-site" }],
    ["fetch metadata same-site (another subdomain)", { "sec-fetch-site": "same-site" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a foreign Referer", { referer: "https://evil.example/page" }],
    ["no sign of where it comes from", {}],
  ])("is refused without effect with %s", async (_what, headers) => {
    const session = await loggedIn();
    const response = await app.inject({ method: "GET", url: "/api/v1/logout", headers: { cookie: session, host: "localhost:3000", ...headers } });
    expect(response.statusCode).toBe(403);
    expect(json(response).code).toBe("csrf.failed");
    expect(response.cookies.find((c) => c.name === "sessionid")).toBeUndefined();
    expect(await stillLoggedIn(session)).toBe(true);
  });
});
