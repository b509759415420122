import type { RouterContext } from "react-router";
import type { ApiTransport } from "./api-transport.ts";

/**
 * What the server hands to every SSR request (loaders and entry.server read it): the contract
 * between server/web.ts, which fills it, and the app, which reads it. Imports neither half.
 */
export interface RequestContextValue {
  /** The CSP nonce of this response. */
  nonce: string;
  /** The in-process transport to /api/v1 with this request's cookies and language. */
  api: ApiTransport;
  loggedIn: boolean;
  /** Development pages (/test) are served. */
  devPages: boolean;
  /** The public origin for absolute URLs (hreflang), e.g. https://kbt.example.se. */
  origin: string;
  /** Told when rendering failed after the shell was sent (the page must not be kept). */
  onRenderError?: () => void;
  /**
   * Takes the whole HTML of a rendered document, for the Response (without a body) that
   * app/entry.server.tsx answers React Router with: the server writes it as it is when React
   * Router returns that same Response. A Web Response made from the string and read back cost
   * about 4 % of a logged-in page's CPU (its body stream made and consumed).
   */
  keepDocument?: (response: Response, html: string) => void;
  /**
   * How the document is rendered (ADR 028): `string` (the default) renders it whole in one pass
   * and falls back to React's streaming renderer when the render suspends; `stream` always uses
   * the streaming renderer (SSR_RENDERER, for comparison).
   */
  renderer?: "string" | "stream";
  /** Told which renderer made the document (the streaming one after a suspended whole render). */
  onRendered?: (renderer: "string" | "stream") => void;
}

/**
 * What the built app's server entry (app/entry.server.tsx) exports besides its default render
 * function: the key under which the server sets the request context.
 */
export interface AppEntryExports {
  requestContext: RouterContext<RequestContextValue>;
}
