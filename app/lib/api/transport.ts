/** A request of the API client, independent of how it travels. */
export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
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

/** The browser transport: same-origin fetch with credentials. */
export function createFetchTransport(baseUrl = ""): ApiTransport {
  return async (request) => {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      credentials: "include",
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, headers, body: await response.text() };
  };
}
