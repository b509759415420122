import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS, pathTo } from "../../common/routing/route-table.ts";
import { NONCE, SECURITY_HEADERS } from "../../server/testing/security-headers.ts";
import { baseUrl } from "./support/browser.ts";

/**
 * Security headers on HTML pages, error pages and static files of the production build, and the
 * CSP nonce: fresh per response and carried by every script the page contains.
 */

function headersOf(response: Response): Record<string, string | null> {
  return Object.fromEntries(
    Object.keys(SECURITY_HEADERS).map((name) => [
      name,
      response.headers.get(name)?.replace(NONCE, "'nonce-<nonce>'") ?? null,
    ]),
  );
}

function nonceOf(response: Response): string {
  const found = [...(response.headers.get("content-security-policy") ?? "").matchAll(NONCE)].map(
    (m) => m[1] ?? "",
  );
  expect(new Set(found).size).toBe(1);
  return found[0] ?? "";
}

const publicScreens = SCREENS.filter(
  (s) => !s.servedByServer && !s.paths.sv.includes(":") && s.guards.every((g) => g !== "dev"),
);

describe("security headers on HTML", () => {
  it.each(publicScreens.map((s) => [s.id, pathTo(s.id, "sv")] as const))(
    "%s (%s)",
    async (_id, page) => {
      const response = await fetch(`${baseUrl()}${page}`, { redirect: "manual" });
      expect(headersOf(response)).toEqual(SECURITY_HEADERS);
      if (response.status !== 200) return;
      const nonce = nonceOf(response);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
      for (const style of html.matchAll(/<style\b([^>]*)>/g))
        expect(style[1]).toContain(`nonce="${nonce}"`);
      expect(html).not.toMatch(/\son[a-z]+="/);
    },
  );

  it("the nonce differs per response", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add(nonceOf(await fetch(`${baseUrl()}/`)));
    expect(nonces.size).toBe(5);
  });
});

describe("security headers on errors and static files", () => {
  it("an unknown page (404 HTML)", async () => {
    const response = await fetch(`${baseUrl()}/det-har-finns-inte/alls/nej`);
    expect(response.status).toBe(404);
    expect(headersOf(response)).toEqual(SECURITY_HEADERS);
  });

  it("an unknown API path (404 JSON), with no-store", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/no-such-thing/`);
    expect(response.status).toBe(404);
    expect(headersOf(response)).toEqual(SECURITY_HEADERS);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a built script and a stylesheet", async () => {
    const assets = readdirSync(path.resolve("build/client/assets"));
    for (const file of [
      assets.find((f) => f.endsWith(".js")),
      assets.find((f) => f.endsWith(".css")),
    ]) {
      const response = await fetch(`${baseUrl()}/assets/${file ?? ""}`);
      expect(response.status).toBe(200);
      expect(headersOf(response)).toEqual(SECURITY_HEADERS);
    }
  });
});
