/**
 * What services need to know about the client of a request, as plain data (issue 18: services know
 * nothing of HTTP). Built from the Fastify request by `clientInfo(req)` (lib/request-data.ts) in the
 * endpoints and plugins; tests and in-process callers may build one by hand.
 */
export interface ClientInfo {
  /** The client's address as Fastify reports it (`req.ip`, trustProxy applied): audit rows, throttle keys. */
  ip: string;
  /** The raw `User-Agent` header, if any (stored with a new session). */
  userAgent: string | undefined;
  /** `protocol://host` of the request, for links when PUBLIC_ORIGIN is not set (development and tests). */
  origin: string;
}
