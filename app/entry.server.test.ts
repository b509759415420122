import { describe, expect, it } from "vitest";
import { preloadStylesheets, stylesheetsOf } from "./entry.server.tsx";

async function through(chunks: string[], hrefs: string[], nonce?: string): Promise<string> {
  return preloadStylesheets(chunks.join(""), hrefs, nonce);
}

describe("preloadStylesheets", () => {
  it("asks for the stylesheets right after the first charset only", async () => {
    const html = await through(
      ['<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/a.js"/>', '<meta charSet="utf-8"/></head>'],
      ["/assets/root.css", '/assets/x".css'],
      "n0nce",
    );
    expect(html).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="preload" as="style" href="/assets/root.css" nonce="n0nce"/><link rel="preload" as="style" href="/assets/x&quot;.css" nonce="n0nce"/><link rel="modulepreload" href="/a.js"/><meta charSet="utf-8"/></head>',
    );
  });

  it("leaves the HTML as it is without stylesheets or without a charset", async () => {
    expect(await through(['<head><meta charSet="utf-8"/></head>'], [])).toBe('<head><meta charSet="utf-8"/></head>');
    expect(await through(["<head></head>"], ["/a.css"])).toBe("<head></head>");
  });
});

describe("stylesheetsOf", () => {
  it("lists the entry's and the matched routes' stylesheets once each, in order", () => {
    const context = {
      manifest: {
        entry: { module: "/e.js", imports: [], css: ["/root.css"] },
        routes: { root: { css: ["/root.css", "/icon.css"] }, courses: { css: ["/courses.css"] }, other: { css: ["/other.css"] } },
      },
      staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "courses" } }] },
    } as unknown as Parameters<typeof stylesheetsOf>[0];
    expect(stylesheetsOf(context)).toEqual(["/root.css", "/icon.css", "/courses.css"]);
  });
});
