import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "./endpoints.ts";
import { randomIp } from "../testing/accounts.ts";
import { concretePath, endpointKey } from "../testing/endpoint-subjects.ts";
import { createTestApp, createTestUser, csrfPair, json, sessionCookieFor } from "../testing/test-app.ts";

/**
 * An endpoint that changes something and takes no body refuses a body with content (400
 * `request.invalid`, each key `unknown_field`) before it does anything: an option a client sends
 * is never silently ignored. No body and `{}` (what the app's own client sends) pass.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const PARAMS = { module: "00000000-0000-4000-8000-000000000000", row: "00000000-0000-4000-8000-000000000000" };
const bodyless = endpoints.filter((e) => e.method !== "GET" && !e.body);

async function send(endpoint: (typeof endpoints)[number], payload: string | undefined, session?: string) {
  const pair = csrfPair();
  const cookie = session ?? (await sessionCookieFor(app, await createTestUser(app)));
  return app.inject({
    method: endpoint.method,
    url: concretePath(endpoint, PARAMS),
    remoteAddress: randomIp(),
    headers: { cookie: `${cookie}; ${pair.cookie}`, "x-csrftoken": pair.token, ...(payload === undefined ? {} : { "content-type": "application/json" }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

it("the endpoints that change something without a body are these", () => {
  expect(bodyless.map(endpointKey).sort()).toEqual(["DELETE /worksheets/rows/:row/", "POST /content-modules/:module/progress/", "POST /logout", "POST /me/sessions/logout-others/"]);
});

describe.each(bodyless.map((e) => [endpointKey(e), e] as const))("%s", (_key, endpoint) => {
  it("refuses a body with content: 400, the keys named", async () => {
    const response = await send(endpoint, JSON.stringify({ everyone: true, force: 1 }));
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toMatchObject({ code: "request.invalid", fields: { "body.everyone": "unknown_field", "body.force": "unknown_field" } });
    const list = await send(endpoint, "[1]");
    expect(list.statusCode).toBe(400);
    expect(json(list)).toMatchObject({ code: "request.invalid", fields: { body: "invalid_type" } });
  });

  it("takes no body and {} as it always did (no 400)", async () => {
    for (const payload of [undefined, "{}"]) {
      const response = await send(endpoint, payload);
      expect(response.statusCode, response.body).not.toBe(400);
    }
  });
});

it("POST /logout with an option refused leaves the session as it was", async () => {
  const session = await sessionCookieFor(app, await createTestUser(app));
  const logout = bodyless.find((e) => endpointKey(e) === "POST /logout");
  if (!logout) throw new Error("POST /logout is not in the endpoint list");
  expect((await send(logout, JSON.stringify({ everyone: true }), session)).statusCode).toBe(400);
  const me = await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: session } });
  expect(json(me)).toMatchObject({ logged_in: true });
  expect((await send(logout, undefined, session)).statusCode).toBe(200);
  expect(json(await app.inject({ method: "GET", url: "/api/v1/me/", headers: { cookie: session } }))).toMatchObject({ logged_in: false });
});
