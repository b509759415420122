import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { startServer } from "./support/server.ts";
import { PRODUCTION_NODE_FLAGS, SERVER_ENTRY } from "../../scripts/node-flags.ts";

describe("the server process", () => {
  it("exits 0 within 10 s on SIGTERM", async () => {
    const server = await startServer();
    const { code, ms } = await server.stop();
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
  });

  it("finishes an in-flight request before exiting on SIGTERM", async () => {
    const server = await startServer({ LOG_LEVEL: "info" });
    const before = server.output().length;
    const inFlight = fetch(`${server.url}/`).then((r) => r.text());
    // SIGTERM only once the server has received the request (it logs each request on arrival).
    await expect.poll(() => server.output().slice(before).includes('"msg":"incoming request"'), { timeout: 10_000 }).toBe(true);
    const stopped = server.stop();
    const html = await inFlight;
    expect(html).toContain("</html>");
    expect((await stopped).code).toBe(0);
  });

  it("refuses to start in production without secrets, naming what is missing", () => {
    const result = spawnSync(process.execPath, [...PRODUCTION_NODE_FLAGS, SERVER_ENTRY], {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    for (const name of ["SECRET_KEY", "FIELD_ENCRYPTION_KEYS", "DATABASE_URL", "SMTP_URL", "PUBLIC_ORIGIN"]) {
      expect(result.stderr).toContain(name);
    }
  });
});
