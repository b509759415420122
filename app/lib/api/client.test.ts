import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userStatusSchema } from "../../../common/schemas/me.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../../../server/testing/test-app.ts";
import { ApiClient, ApiError, memoryTokenStore, movesLoadingBar, readCsrfToken } from "./client.ts";
import type { ApiRequest, ApiTransport } from "../../../common/contract/api-transport.ts";

let app: FastifyInstance;
let hits = 0;

beforeAll(async () => {
  app = await createTestApp({
    extend: (instance) => {
      instance.post("/api/v1/test-echo", async (req) => ({ ok: true, body: req.body }));
      instance.get("/api/v1/test-forbidden", async (_req, reply) =>
        reply.code(403).send({ detail: "You do not have permission.", code: "auth.forbidden" }),
      );
      instance.get("/api/v1/test-count", async () => ({ hits: ++hits }));
    },
  });
});
afterAll(async () => {
  await app.close();
});

/** A transport over inject that keeps cookies the way a browser does. */
function browserLikeTransport(jar: Map<string, string>, seen: ApiRequest[] = []): ApiTransport {
  return async (request) => {
    seen.push(request);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await app.inject({
      method: request.method,
      url: request.path,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === "") jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(response.headers)) headers[k] = String(v);
    return { status: response.statusCode, headers, body: response.body };
  };
}

function tracker() {
  const events: string[] = [];
  return {
    events,
    loading: {
      start: () => events.push("start"),
      done: (failed: boolean) => events.push(failed ? "failed" : "done"),
    },
  };
}

describe("API client", () => {
  it("sends §7's headers and parses the answer with its schema", async () => {
    const seen: ApiRequest[] = [];
    const client = new ApiClient({
      transport: browserLikeTransport(new Map(), seen),
      locale: () => "da",
      csrf: memoryTokenStore(),
      checkResponses: true,
    });
    const me = await client.get("/me/", { schema: userStatusSchema });
    expect(me.logged_in).toBe(false);
    expect(seen[0]?.headers).toMatchObject({ Accept: "application/json", "Accept-Language": "da" });
    expect(seen[0]?.headers["X-CSRFToken"]).toBeUndefined();
  });

  it("fetches a CSRF token before the first non-GET and sends it as X-CSRFToken", async () => {
    const seen: ApiRequest[] = [];
    const csrf = memoryTokenStore();
    const client = new ApiClient({ transport: browserLikeTransport(new Map(), seen), locale: () => "sv", csrf });
    const result = await client.post<{ ok: boolean }>("/test-echo", { a: 1 });
    expect(result).toEqual({ ok: true, body: { a: 1 } });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/v1/csrftoken/",
      "POST /api/v1/test-echo",
    ]);
    expect(seen[1]?.headers["X-CSRFToken"]).toBe(csrf.get());
  });

  it("on a CSRF 403 fetches the token again and repeats the request once", async () => {
    const seen: ApiRequest[] = [];
    const jar = new Map<string, string>();
    // A stale token from an earlier cookie: the server refuses it as incorrect.
    const csrf = memoryTokenStore("a".repeat(64));
    jar.set("csrftoken", "b".repeat(32));
    const client = new ApiClient({ transport: browserLikeTransport(jar, seen), locale: () => "sv", csrf });
    const result = await client.post<{ ok: boolean }>("/test-echo", { a: 2 });
    expect(result.ok).toBe(true);
    expect(seen.map((r) => r.method)).toEqual(["POST", "GET", "POST"]);
    expect(csrf.get()).not.toBe("a".repeat(64));
  });

  it("repeats only once: a second CSRF failure is an error", async () => {
    let logouts = 0;
    const seen: ApiRequest[] = [];
    // A transport whose cookie never sticks: every POST fails the CSRF check.
    const forgetful: ApiTransport = async (request) => {
      seen.push(request);
      return browserLikeTransport(new Map())(request);
    };
    const client = new ApiClient({
      transport: forgetful,
      locale: () => "sv",
      csrf: memoryTokenStore("c".repeat(64)),
      onLogout: () => logouts++,
    });
    await expect(client.post("/test-echo", {})).rejects.toMatchObject({ status: 403, code: "csrf.failed" });
    expect(seen.filter((r) => r.method === "POST")).toHaveLength(2);
    // §8: a 403 with detail after the retry logs the user out.
    expect(logouts).toBe(1);
  });

  it.each([
    ["logs out on a 401/403 with detail that is not about CSRF", false, 1],
    ["leaves the logout to the caller when asked to keep the page (answers that show the crisis panel)", true, 0],
  ] as const)("%s", async (_name, keepPageOnLogout, expectedLogouts) => {
    let logouts = 0;
    const csrf = memoryTokenStore("x".repeat(64));
    const client = new ApiClient({
      transport: browserLikeTransport(new Map()),
      locale: () => "sv",
      csrf,
      onLogout: () => logouts++,
    });
    const error = await client.get("/test-forbidden", { keepPageOnLogout }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("auth.forbidden");
    expect(logouts).toBe(expectedLogouts);
    expect(csrf.get()).toBeNull();
  });

  it("does not repeat a GET after a 403", async () => {
    const seen: ApiRequest[] = [];
    const client = new ApiClient({ transport: browserLikeTransport(new Map(), seen), locale: () => "sv", csrf: memoryTokenStore() });
    await expect(client.get("/test-forbidden")).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  it("uses the session cookie and reads the logged-in status", async () => {
    const user = await createTestUser(app);
    const [name, value] = (await sessionCookieFor(app, user)).split("=") as [string, string];
    const client = new ApiClient({
      transport: browserLikeTransport(new Map([[name, value]])),
      locale: () => "sv",
      csrf: memoryTokenStore(),
      checkResponses: true,
    });
    const me = await client.get("/me/", { schema: userStatusSchema });
    expect(me.logged_in).toBe(true);
    expect(me.user_data?.id).toBe(user.id);
  });

  it("moves the loading bar except for me and active-course", async () => {
    const { events, loading } = tracker();
    const client = new ApiClient({ transport: browserLikeTransport(new Map()), locale: () => "sv", csrf: memoryTokenStore(), loading });
    await client.get("/me/");
    expect(events).toEqual([]);
    await client.get("/test-count");
    expect(events).toEqual(["start", "done"]);
    await client.get("/nope").catch(() => undefined);
    expect(events).toEqual(["start", "done", "start", "failed"]);
    expect(movesLoadingBar("/active-course/")).toBe(false);
    expect(movesLoadingBar("/me/evaluation-history/")).toBe(false);
    expect(movesLoadingBar("/recommended-courses/")).toBe(true);
  });

  it("reports a response that breaks its schema when checking is on", async () => {
    const client = new ApiClient({ transport: browserLikeTransport(new Map()), locale: () => "sv", csrf: memoryTokenStore(), checkResponses: true });
    await expect(client.get("/test-count", { schema: z.object({ hits: z.string() }) })).rejects.toThrow();
  });

  it("loads a lazily given schema only when checking is on", async () => {
    let loads = 0;
    const schema = () => {
      loads += 1;
      return Promise.resolve(z.object({ hits: z.string() }));
    };
    const unchecked = new ApiClient({ transport: browserLikeTransport(new Map()), locale: () => "sv", csrf: memoryTokenStore() });
    await expect(unchecked.get("/test-count", { schema })).resolves.toMatchObject({ hits: expect.any(Number) });
    expect(loads).toBe(0);
    const checked = new ApiClient({ transport: browserLikeTransport(new Map()), locale: () => "sv", csrf: memoryTokenStore(), checkResponses: true });
    await expect(checked.get("/test-count", { schema })).rejects.toThrow();
    expect(loads).toBe(1);
  });

  it("checks the CSRF token answer by hand", () => {
    const token = "f".repeat(64);
    expect(readCsrfToken({ csrfToken: token })).toBe(token);
    for (const bad of [null, "x", {}, { csrfToken: "short" }, { csrfToken: 42 }]) {
      expect(() => readCsrfToken(bad)).toThrow(ApiError);
    }
  });
});
