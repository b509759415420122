import type { TFunction } from "../i18n.ts";
import { ApiError, NetworkError } from "./client.ts";

/** What the UI needs to explain a failed call: the code to translate and any wait. */
export interface ErrorInfo {
  code: string;
  /** Seconds until trying again makes sense (Retry-After of a 429). */
  retryAfter: number | null;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (error instanceof ApiError) return { code: error.code, retryAfter: error.retryAfter };
  if (error instanceof NetworkError) return { code: "network", retryAfter: null };
  return { code: "server.error", retryAfter: null };
}

/** "30 seconds", "2 minutes", "1 hour": roughly how long to wait, rounded up. */
export function waitTime(t: TFunction, seconds: number): string {
  if (seconds < 60) return t("time.seconds", { count: Math.max(1, Math.ceil(seconds)) });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t("time.minutes", { count: minutes });
  return t("time.hours", { count: Math.ceil(minutes / 60) });
}

/**
 * The translated message of an error code (`errors.codes.<code>`), followed by roughly how long
 * to wait when the server said so.
 */
export function errorMessage(t: TFunction, info: ErrorInfo): string {
  const message = t(`errors.codes.${info.code}`, { defaultValue: t("errors.codes.server.error") });
  if (info.retryAfter === null) return message;
  return `${message} ${t("errors.retryAfter", { time: waitTime(t, info.retryAfter) })}`;
}
