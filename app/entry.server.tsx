import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
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
 * time). A render that has not finished after `streamTimeout` is aborted.
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
  const { nonce, onRenderError, keepDocument } = loadContext.get(requestContext);
  const locale = localeOfPath(new URL(request.url).pathname);
  // One translator per language for every request (read-only; its plural rules are costly to make).
  const i18n = await i18nFor(locale);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = preloadStylesheets(Buffer.concat(chunks).toString("utf8"), stylesheetsOf(routerContext), nonce);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // With keepDocument the server writes the HTML itself (no Web body stream to make and read).
        const response = new Response(keepDocument ? null : html, { headers: responseHeaders, status: responseStatusCode });
        keepDocument?.(response, html);
        resolve(response);
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceContext.Provider>,
      {
        nonce,
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
          responseStatusCode = 500;
          onRenderError?.();
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
