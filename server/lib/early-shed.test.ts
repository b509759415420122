import type { AddressInfo } from "node:net";
import type { FastifyServerFactory } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import da from "../../common/i18n/locales/da.json";
import { securityHeaders } from "../plugins/security-headers.ts";
import { NONCE, SECURITY_HEADERS } from "../testing/security-headers.ts";
import { sheddingServerFactory } from "./early-shed.ts";

let server: ReturnType<FastifyServerFactory>;
let base: string;
beforeAll(async () => {
  const factory = sheddingServerFactory(
    (req) => req.url === "/api/v1/login/email",
    (req) => securityHeaders({ url: req.url ?? "/", dev: false, production: true }).headers,
  );
  server = factory((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("handled");
  }, {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("the early 429 of the HTTP server (before Fastify)", () => {
  it("speaks the request's language and says so, like every API answer", async () => {
    const response = await fetch(`${base}/api/v1/login/email`, { method: "POST", headers: { "accept-language": "da-DK" } });
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(response.headers.get("content-language")).toBe("da");
    expect(response.headers.get("vary")).toBe("Accept-Language");
    expect(await response.json()).toEqual({ code: "request.rate_limited", detail: da.errors.codes.request.rate_limited });
  });

  it("carries every security header, like every other answer (security.md)", async () => {
    const response = await fetch(`${base}/api/v1/login/email`, { method: "POST" });
    expect(response.status).toBe(429);
    const names = [...Object.keys(SECURITY_HEADERS), "cache-control", "strict-transport-security"];
    const got = Object.fromEntries(names.map((name) => [name, response.headers.get(name)?.replace(NONCE, "'nonce-<nonce>'")]));
    expect(got).toEqual({
      ...SECURITY_HEADERS,
      "cache-control": "no-store",
      "strict-transport-security": "max-age=63072000; includeSubDomains",
    });
  });

  it("passes every other request to the handler", async () => {
    const response = await fetch(`${base}/api/v1/me/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("handled");
  });
});
