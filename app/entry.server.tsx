import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nProvider } from "./lib/i18n-react.tsx";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { localeOfPath } from "../common/i18n/locales.ts";
import { i18nFor } from "./lib/i18n.ts";
import { NonceContext } from "./lib/nonce.tsx";
import { requestContext } from "./lib/request-context.ts";

// The server reads this export to hand each request its context (nonce, API transport).
export { requestContext };

export const streamTimeout = 5_000;

/** The stylesheets of the matched routes, as React Router's <Links> will render them. */
export function stylesheetsOf(context: Pick<EntryContext, "manifest" | "staticHandlerContext">): string[] {
  const hrefs = new Set<string>((context.manifest.entry as { css?: string[] }).css ?? []);
  for (const match of context.staticHandlerContext.matches) {
    for (const href of context.manifest.routes[match.route.id]?.css ?? []) hrefs.add(href);
  }
  return [...hrefs];
}

const CHARSET = '<meta charSet="utf-8"/>';

/**
 * Asks for the stylesheets right after the charset, before the 30-odd module preloads React
 * hoists above <Links>: the render-blocking CSS is no longer queued behind the JavaScript on a
 * slow connection (first contentful paint). Only the first charset (the document's head) is used.
 */
export function preloadStylesheets(html: string, hrefs: string[], nonce: string | undefined): string {
  if (hrefs.length === 0) return html;
  const at = html.indexOf(CHARSET);
  if (at === -1) return html;
  const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const links = hrefs
    .map((href) => `<link rel="preload" as="style" href="${attribute(href)}"${nonce ? ` nonce="${attribute(nonce)}"` : ""}/>`)
    .join("");
  return html.slice(0, at + CHARSET.length) + links + html.slice(at + CHARSET.length);
}

/**
 * The whole document at once. Every page's data is loaded before React renders it, so nothing
 * waits to stream; one string becomes one write to the socket instead of a chunk per React flush
 * through a Web stream (issue 19: socket writes and stream conversions were a fifth of a page's
 * time). The loader data for the browser is read whole first; then React renders the document
 * into a string in one pass (ADR 028) — React's streaming renderer encodes every chunk to bytes
 * the server decoded again, and suspends the render once per chunk of the loader data. A render
 * that suspends or fails inside a Suspense boundary (a lazy component not loaded yet, an error
 * page's) is rendered again with the streaming renderer, which waits for it as before.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, onRenderError, keepDocument, renderer, onRendered } = loadContext.get(requestContext);
  const locale = localeOfPath(new URL(request.url).pathname);
  // One translator per language for every request (read-only; its plural rules are costly to make).
  const i18n = await i18nFor(locale);
  const app = (context: EntryContext) => (
    <NonceContext.Provider value={nonce}>
      <I18nProvider i18n={i18n}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </I18nProvider>
    </NonceContext.Provider>
  );

  const stream = routerContext.serverHandoffStream;
  const handoff = stream ? await textOfStream(stream, streamTimeout) : undefined;
  let html = renderer === "stream" ? null : wholeDocument(app, routerContext, handoff, nonce);
  if (html === null) {
    const streamed = await streamedDocument(app, { ...routerContext, serverHandoffStream: handoff === undefined ? undefined : streamOf(handoff) }, nonce);
    if (streamed.failed) {
      responseStatusCode = 500;
      onRenderError?.();
    }
    html = streamed.html;
    onRendered?.("stream");
  } else {
    onRendered?.("string");
  }
  html = preloadStylesheets(html, stylesheetsOf(routerContext), nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // With keepDocument the server writes the HTML itself (no Web body stream to make and read).
  const response = new Response(keepDocument ? null : html, { headers: responseHeaders, status: responseStatusCode });
  keepDocument?.(response, html);
  return response;
}

/**
 * A stream's whole text. Rejects when it has not ended after `timeoutMs` (a loader's promise that
 * never settles): the page is then an error, not a request left waiting.
 */
export async function textOfStream(stream: ReadableStream<Uint8Array>, timeoutMs: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the page's data did not end within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    let text = "";
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timedOut]);
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      if (text) controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

// As React Router escapes the loader data it writes into a script (its StreamTransfer).
const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const DOCUMENT_END = "</body></html>";

/**
 * The scripts that hand the loader data to the browser's router, as React Router's StreamTransfer
 * renders them for data that came in one chunk (its Suspense boundaries' markers included): the
 * same bytes whichever renderer made the page.
 */
export function handoffScripts(handoff: string, nonce: string | undefined): string {
  const attribute = nonce ? ` nonce="${nonce.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"` : "";
  const close = `<script${attribute}>window.__reactRouterContext.streamController.close();</script>`;
  if (handoff === "") return `<!--$-->${close}<!--/$-->`;
  const data = JSON.stringify(handoff).replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);
  return `<!--$--><script${attribute}>window.__reactRouterContext.streamController.enqueue(${data});</script><!--$-->${close}<!--/$--><!--/$-->`;
}

/**
 * The document rendered in one synchronous pass, with the loader data's scripts where React
 * Router's StreamTransfer puts them (its last element, before the end of the body); null when the
 * render suspended or a boundary failed (React's marker of a boundary left to the browser).
 */
export function wholeDocument(app: (context: EntryContext) => ReactElement, routerContext: EntryContext, handoff: string | undefined, nonce: string | undefined): string | null {
  let html: string;
  try {
    html = renderToString(app({ ...routerContext, serverHandoffStream: undefined }));
  } catch {
    return null;
  }
  if (html.includes("<!--$!") || !html.endsWith(DOCUMENT_END)) return null;
  let transfer = "";
  if (handoff !== undefined) transfer = routerContext.renderMeta?.didRenderScripts ? handoffScripts(handoff, nonce) : "<!--$--><!--/$-->";
  return `<!DOCTYPE html>${html.slice(0, -DOCUMENT_END.length)}${transfer}${DOCUMENT_END}`;
}

/** The document from React's streaming renderer, waiting for everything; aborted after `streamTimeout`. */
function streamedDocument(app: (context: EntryContext) => ReactElement, routerContext: EntryContext, nonce: string | undefined): Promise<{ html: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve({ html: Buffer.concat(chunks).toString("utf8"), failed });
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(app(routerContext), {
      nonce,
      // Nothing is sent before everything is ready: no boundary is moved out to be revealed later
      // by a script (React does that to large ones by default), as in a whole render.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(document);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        if (shellRendered) console.error(error);
      },
    });
  });
}
