import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "./lib/i18n-react.tsx";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { localeOfPath } from "../common/i18n/locales.ts";
import { createI18n, loadMessages } from "./lib/i18n.ts";
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
 * slow connection (first contentful paint). Only the first chunk (the shell's head) is touched.
 */
export function preloadStylesheets(hrefs: string[], nonce: string | undefined): Transform {
  const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const links = hrefs
    .map((href) => `<link rel="preload" as="style" href="${attribute(href)}"${nonce ? ` nonce="${attribute(nonce)}"` : ""}/>`)
    .join("");
  let done = hrefs.length === 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      done = true;
      const text = chunk.toString("utf8");
      const at = text.indexOf(CHARSET);
      callback(null, at === -1 ? chunk : text.slice(0, at + CHARSET.length) + links + text.slice(at + CHARSET.length));
    },
  });
}

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
  const { nonce, onRenderError } = loadContext.get(requestContext);
  const locale = localeOfPath(new URL(request.url).pathname);
  const i18n = createI18n(locale, await loadMessages(locale));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const preload = preloadStylesheets(stylesheetsOf(routerContext), nonce);
          preload.pipe(body);
          pipe(preload);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
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
