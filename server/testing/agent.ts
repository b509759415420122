import { randomInt } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { maskSecret } from "../lib/csrf-token.ts";

/**
 * The default client address of this test file's agents. Per-IP throttling counters live in the
 * database, which every test file shares on PostgreSQL: one address per file keeps one file's
 * failures from slowing down another's requests.
 */
const FILE_IP = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * A browser-like client for `app.inject`: keeps cookies between requests (set, replaced,
 * cleared) and sends the CSRF header from the current csrftoken cookie on every unsafe call.
 */
export class TestAgent {
  readonly cookies = new Map<string, string>();
  private readonly app: FastifyInstance;
  ip: string;

  constructor(app: FastifyInstance, ip = FILE_IP) {
    this.app = app;
    this.ip = ip;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keep(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired = cookie.value === "" || (cookie.expires !== undefined && new Date(cookie.expires).getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    // The app's CSRF cookie: `csrftoken`, or `__Host-csrftoken` where __Host- cookies are on.
    const csrfCookie = this.app.ctx.env.HOST_COOKIES ? "__Host-csrftoken" : "csrftoken";
    if (method !== "GET" && !this.cookies.has(csrfCookie)) await this.request("GET", "/api/v1/csrftoken/");
    const secret = this.cookies.get(csrfCookie);
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(method !== "GET" && secret ? { "x-csrftoken": maskSecret(secret) } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    this.keep(response);
    return response;
  }

  get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.request("GET", url, undefined, headers);
  }

  post(url: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    return this.request("POST", url, body);
  }

  delete(url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.request("DELETE", url, body);
  }
}
