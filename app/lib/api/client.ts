import type { z } from "zod";
import { CSRF_TOKEN_LENGTH } from "../../../common/schemas/csrf-token.ts";
import { API_PREFIX, type ApiRequest, type ApiResponse, type ApiTransport } from "../../../common/contract/api-transport.ts";

export const API_BASE = API_PREFIX;

/** A URL the API itself gave (e.g. a module's `progress_url`) as a path for the client. */
export function apiPath(url: string): string {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
}

/** An error answer of the API, with the machine-readable code the UI translates. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string | null;
  readonly fields: Record<string, string>;
  /** Seconds to wait before trying again (the Retry-After header of a 429), when given. */
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const detail = typeof record.detail === "string" ? record.detail : null;
    super(detail ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = typeof record.code === "string" ? record.code : status >= 500 ? "server.error" : "request.invalid";
    this.detail = detail;
    this.fields =
      typeof record.fields === "object" && record.fields !== null
        ? (record.fields as Record<string, string>)
        : {};
    this.retryAfter = parseRetryAfter(headers["retry-after"] ?? headers["Retry-After"]);
  }
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or null when absent or past. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  const seconds = Math.ceil((date - now) / 1000);
  return seconds > 0 ? seconds : null;
}

/** A network failure (offline, connection reset): no answer from the server at all. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Network request failed", { cause });
    this.name = "NetworkError";
  }
}

export interface CsrfTokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export interface LoadingTracker {
  start(): void;
  done(failed: boolean): void;
}

export interface ApiClientOptions {
  transport: ApiTransport;
  /** The current locale, sent as Accept-Language. */
  locale: () => string;
  csrf: CsrfTokenStore;
  /** §8: a 401/403 with `detail` that is not a CSRF failure logs the user out. */
  onLogout?: () => void;
  loading?: LoadingTracker;
  /** Check every response against its schema (development and tests). */
  checkResponses?: boolean;
  /** Extra headers on every request (the visitor's onboarding `token`). */
  extraHeaders?: () => Record<string, string>;
}

export interface CallOptions<T> {
  body?: unknown;
  /**
   * The response's schema, checked only when `checkResponses` is on. A function that loads it
   * (a dynamic import) keeps zod and the schema out of the browser's first load.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  headers?: Record<string, string>;
  /**
   * A 401/403 that would log the user out (§8) is left to the caller instead: the page stays (the
   * CSRF token is still dropped). For answers that show the crisis panel, which a forced logout's
   * page load would take away (clinical.md: never routed past the help); the caller says why
   * nothing was saved and offers the logout.
   */
  keepPageOnLogout?: boolean;
}

type Method = ApiRequest["method"];

/** §7: requests to these URLs do not move the loading bar (path segments `me`, `active-course`). */
export function movesLoadingBar(path: string): boolean {
  const segments = path.split("?")[0]?.split("/") ?? [];
  return !segments.some((s) => s === "me" || s === "active-course");
}

function parseBody(response: ApiResponse): unknown {
  if (!response.body) return null;
  try {
    return JSON.parse(response.body);
  } catch {
    return null;
  }
}

export class ApiClient {
  readonly options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.options = options;
  }

  private buildRequest(method: Method, path: string, options: CallOptions<unknown>): ApiRequest {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Accept-Language": this.options.locale(),
      ...this.options.extraHeaders?.(),
      ...options.headers,
    };
    if (method !== "GET") {
      const token = this.options.csrf.get();
      if (token) headers["X-CSRFToken"] = token;
    }
    const request: ApiRequest = { method, path: `${API_BASE}${path}`, headers };
    if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      request.body = JSON.stringify(options.body);
    }
    return request;
  }

  private async send(request: ApiRequest): Promise<ApiResponse> {
    try {
      return await this.options.transport(request);
    } catch (error) {
      throw new NetworkError(error);
    }
  }

  /** Fetches a fresh CSRF token and stores it. */
  async refreshCsrfToken(): Promise<string> {
    const response = await this.send(this.buildRequest("GET", "/csrftoken/", {}));
    const body = parseBody(response);
    if (response.status !== 200) throw new ApiError(response.status, body);
    const csrfToken = readCsrfToken(body);
    this.options.csrf.set(csrfToken);
    return csrfToken;
  }

  async call<T>(method: Method, path: string, options: CallOptions<T> = {}): Promise<T> {
    const tracked = movesLoadingBar(path) && this.options.loading;
    if (tracked) tracked.start();
    let failed = true;
    try {
      if (method !== "GET" && !this.options.csrf.get()) await this.refreshCsrfToken();
      let response = await this.send(this.buildRequest(method, path, options));
      let body = parseBody(response);
      if (
        method !== "GET" &&
        (response.status === 401 || response.status === 403) &&
        isCsrfFailure(body)
      ) {
        // §8: the token is fetched again and the request repeated once.
        await this.refreshCsrfToken();
        response = await this.send(this.buildRequest(method, path, options));
        body = parseBody(response);
      }
      if (response.status >= 400) {
        if ((response.status === 401 || response.status === 403) && hasDetail(body)) {
          this.options.csrf.set(null);
          if (!options.keepPageOnLogout) this.options.onLogout?.();
        }
        throw new ApiError(response.status, body, response.headers);
      }
      failed = false;
      if (options.schema && this.options.checkResponses) {
        const schema = typeof options.schema === "function" ? await options.schema() : options.schema;
        return schema.parse(body);
      }
      return body as T;
    } finally {
      if (tracked) tracked.done(failed);
    }
  }

  get<T>(path: string, options?: CallOptions<T>): Promise<T> {
    return this.call("GET", path, options);
  }

  post<T>(path: string, body?: unknown, options?: Omit<CallOptions<T>, "body">): Promise<T> {
    return this.call("POST", path, { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options?: Omit<CallOptions<T>, "body">): Promise<T> {
    return this.call("PATCH", path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: Omit<CallOptions<T>, "body">): Promise<T> {
    return this.call("PUT", path, { ...options, body });
  }

  delete<T>(path: string, body?: unknown, options?: Omit<CallOptions<T>, "body">): Promise<T> {
    return this.call("DELETE", path, { ...options, body });
  }
}

/**
 * The token of a `/csrftoken/` answer (common/schemas/csrf.ts), checked by hand: zod is not in the
 * browser's first load.
 */
export function readCsrfToken(body: unknown): string {
  const token = typeof body === "object" && body !== null ? (body as { csrfToken?: unknown }).csrfToken : undefined;
  if (typeof token !== "string" || token.length !== CSRF_TOKEN_LENGTH) {
    throw new ApiError(502, { code: "server.error", detail: "Invalid CSRF token response" });
  }
  return token;
}

function hasDetail(body: unknown): body is { detail: string } {
  return typeof body === "object" && body !== null && typeof (body as { detail?: unknown }).detail === "string";
}

function isCsrfFailure(body: unknown): boolean {
  return hasDetail(body) && /csrf/i.test(body.detail);
}

/** A token store kept in memory (the §3 user state area holds the token). */
export function memoryTokenStore(initial: string | null = null): CsrfTokenStore {
  let token = initial;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
  };
}
