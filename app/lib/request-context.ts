import { createContext } from "react-router";
import type { ApiTransport } from "./api/transport.ts";

/** What the server hands to every SSR request (loaders and entry.server read it). */
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
}

export const requestContext = createContext<RequestContextValue>();
