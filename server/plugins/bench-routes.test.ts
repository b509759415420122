import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../db/client.ts";
import { hashSessionId } from "../modules/sessions/session-service.ts";
import { createTestApp, createTestUser, sessionCookieFor } from "../testing/test-app.ts";

let app: FastifyInstance;
let plain: FastifyInstance;
const dir = mkdtempSync(path.join(os.tmpdir(), "kbt-bench-routes-"));
beforeAll(async () => {
  writeFileSync(path.join(dir, "page.html"), "<!doctype html><html><body>static</body></html>");
  app = await createTestApp({ env: { BENCH_STATIC_DIR: dir } });
  plain = await createTestApp();
});
afterAll(async () => {
  await app.close();
  await plain.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the benchmark's baselines (npm run bench)", () => {
  it("serve the static file and hello-world only when BENCH_STATIC_DIR is set", async () => {
    expect((await app.inject("/__bench/static/page.html")).body).toContain("static");
    expect((await app.inject("/__bench/hello")).json()).toEqual({ hello: "world" });
    expect((await plain.inject("/__bench/hello")).statusCode).toBe(404);
    expect((await plain.inject(`/__bench/statements/1?hash=${"a".repeat(64)}`)).statusCode).toBe(404);
  });

  it("the floor of an API call: hello-world after exactly n session lookups", async () => {
    const user = await createTestUser(app);
    const cookie = await sessionCookieFor(app, user, { verified: true });
    const hash = hashSessionId(cookie.split("=")[1] ?? "");
    for (const n of [1, 2, 3]) {
      // Awaited inside: light-my-request starts a request only when it is awaited.
      const { result, queries } = await countQueries(async () => await app.inject(`/__bench/statements/${n}?hash=${hash}`));
      expect(result.json()).toEqual({ hello: "world", found: n });
      expect(queries).toBe(n);
    }
    // A body of the size asked for (a call's answer), the same statements.
    const { result: sized, queries } = await countQueries(async () => await app.inject(`/__bench/statements/2?hash=${hash}&bytes=12000`));
    expect(Buffer.byteLength(sized.body)).toBe(12000);
    expect(sized.json()).toMatchObject({ hello: "world", found: 2 });
    expect(queries).toBe(2);
    // An unknown session costs the same statement and finds nothing.
    expect((await app.inject(`/__bench/statements/2?hash=${"0".repeat(64)}`)).json()).toEqual({ hello: "world", found: 0 });
  });

  it("refuses a count out of range or a malformed hash with 400 and the field", async () => {
    for (const url of [`/__bench/statements/0?hash=${"a".repeat(64)}`, `/__bench/statements/9?hash=${"a".repeat(64)}`, "/__bench/statements/1?hash=xyz", "/__bench/statements/1", `/__bench/statements/1?hash=${"a".repeat(64)}&bytes=-1`, `/__bench/statements/1?hash=${"a".repeat(64)}&bytes=999999`]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys((response.json() as { fields?: object }).fields ?? {}).length, url).toBeGreaterThan(0);
    }
  });
});
