/**
 * The contract between the server and the app (see docs/architecture.md): what both halves need
 * to agree on to talk over /api/v1. The server mounts its endpoints under API_PREFIX and supplies
 * an in-process transport to the SSR loaders; the app's API client sends ApiRequests over
 * whichever transport it is given (fetch in the browser). This file imports neither half.
 */

/** Where the JSON API lives: every endpoint's path starts with it. */
export const API_PREFIX = "/api/v1";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request of the API client, independent of how it travels. */
export interface ApiRequest {
  method: HttpMethod;
  /** Full path including /api/v1 and any query string. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * How requests travel: `fetch` in the browser, Fastify's inject during SSR (the server supplies
 * that one through the request context, so app/ never imports server/).
 */
export type ApiTransport = (request: ApiRequest) => Promise<ApiResponse>;
