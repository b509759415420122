import fc from "fast-check";
import { Suspense, lazy } from "react";
import type { EntryContext } from "react-router";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { handoffScripts, preloadStylesheets, stylesheetsOf, textOfStream, wholeDocument } from "./entry.server.tsx";

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

describe("handoffScripts", () => {
  const runs = Number(process.env.FUZZ_RUNS ?? 500);

  /** What the browser's router receives when the scripts run, and what the HTML parser sees. */
  function received(scripts: string): { chunks: string[]; closed: boolean; bodies: string[] } {
    const bodies = [...scripts.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    const chunks: string[] = [];
    let closed = false;
    const window = { __reactRouterContext: { streamController: { enqueue: (text: string) => chunks.push(text), close: () => (closed = true) } } };
    for (const body of bodies) runInNewContext(body, { window });
    return { chunks, closed, bodies };
  }

  it("hands the browser's router exactly the loader data, whatever it holds", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "<", ">", "&", "/", "\\", '"', "'", "\u2028", "\u2029", "\n", "é", "😀", "</script>", "<!--", "-->", "<script>") });
    fc.assert(
      fc.property(text, fc.option(fc.constantFrom("n0nce+/=", 'a"b&c'), { nil: undefined }), (handoff, nonce) => {
        const scripts = handoffScripts(handoff, nonce);
        const { chunks, closed, bodies } = received(scripts);
        expect(chunks.join("")).toBe(handoff);
        expect(chunks.length).toBe(handoff === "" ? 0 : 1);
        expect(closed).toBe(true);
        // Nothing in a script can end it, open a comment or break a line for a JavaScript parser.
        for (const body of bodies) expect(body).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
        const attribute = nonce === undefined ? "<script>" : `<script nonce="${nonce.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">`;
        expect(scripts.split("<script").length - 1).toBe(bodies.length);
        for (const tag of scripts.match(/<script[^>]*>/g) ?? []) expect(tag).toBe(attribute);
      }),
      { numRuns: runs },
    );
  });

  it("wraps them in Suspense markers as React Router's StreamTransfer renders one chunk", () => {
    expect(handoffScripts('["x"]', "n")).toBe(
      '<!--$--><script nonce="n">window.__reactRouterContext.streamController.enqueue("[\\"x\\"]");</script><!--$--><script nonce="n">window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$-->',
    );
    expect(handoffScripts("", undefined)).toBe("<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$-->");
  });
});

describe("textOfStream", () => {
  const streamOf = (parts: Uint8Array[], end = true) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        if (end) controller.close();
      },
    });

  it("joins the chunks, also where one splits a character", async () => {
    const bytes = new TextEncoder().encode("sömn 😀 ok");
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 6 }), async (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const parts = at.slice(1).map((end, i) => bytes.slice(at[i], end));
        expect(await textOfStream(streamOf(parts), 1000)).toBe("sömn 😀 ok");
      }),
      { numRuns: 100 },
    );
  });

  it("gives up on data that does not end in time, and cancels its stream", async () => {
    let cancelled: unknown = null;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("[1,"));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    await expect(textOfStream(stream, 30)).rejects.toThrow(/did not end within 30 ms/);
    expect(String(cancelled)).toMatch(/did not end within 30 ms/);
  });
});

describe("wholeDocument", () => {
  const context = (didRenderScripts: boolean) => ({ renderMeta: { didRenderScripts } }) as unknown as EntryContext;
  const page = (child: React.ReactNode) => () => (
    <html lang="sv">
      <body>
        <p>Hej</p>
        {child}
      </body>
    </html>
  );

  it("renders the document in one pass with the loader data's scripts at the end of its body", () => {
    expect(wholeDocument(page(null), context(true), '["d"]', "n")).toBe(`<!DOCTYPE html><html lang="sv"><head></head><body><p>Hej</p>${handoffScripts('["d"]', "n")}</body></html>`);
    // A page without React Router's <Scripts> gets no data, as StreamTransfer renders nothing then.
    expect(wholeDocument(page(null), context(false), '["d"]', "n")).toBe('<!DOCTYPE html><html lang="sv"><head></head><body><p>Hej</p><!--$--><!--/$--></body></html>');
    expect(wholeDocument(page(null), context(true), undefined, "n")).toBe('<!DOCTYPE html><html lang="sv"><head></head><body><p>Hej</p></body></html>');
  });

  it("gives up (for the streaming renderer) when a part is not loaded yet or a boundary fails", async () => {
    let load: (value: { default: () => React.ReactNode }) => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (load = resolve)));
    const withLater = page(
      <Suspense fallback={null}>
        <Later />
      </Suspense>,
    );
    expect(wholeDocument(withLater, context(true), "", undefined)).toBeNull();
    load({ default: () => <em>later</em> });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(wholeDocument(withLater, context(true), "", undefined)).toContain("<em>later</em>");

    const Failing = () => {
      throw new Error("render failed");
    };
    expect(wholeDocument(page(<Suspense fallback={null}><Failing /></Suspense>), context(true), "", undefined)).toBeNull();
    expect(wholeDocument(page(<Failing />), context(true), "", undefined)).toBeNull();
  });
});
