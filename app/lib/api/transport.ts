import type { ApiTransport } from "../../../common/contract/api-transport.ts";

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
