import type { SessionInfo } from "./session-types.ts";

/**
 * What the caller of a service must do to the client's session and cookies, as data (issue 18):
 * services return these, the endpoint layer applies them in order to the reply
 * (plugins/session.ts applySessionEffects).
 *
 * - `start`: the session cookie is set to `cookieValue`; the request's session becomes `session`;
 * - `end`: the request has no session any more; the session cookie is cleared;
 * - `theme`: the theme cookie is set (lib/theme-cookie.ts);
 * - `rotate-csrf`: a new CSRF secret in the CSRF cookie (login and logout, as Django does);
 * - `clear-site-data`: the browser is told to drop its cache and storage (`Clear-Site-Data`);
 * - `bankid-order` / `clear-bankid-order`: the BankID order's browser binding cookie
 *   (lib/bankid-order-cookie.ts) is set for `maxAgeSeconds`, or cleared.
 */
export type SessionEffect =
  | { kind: "start"; session: SessionInfo; cookieValue: string }
  | { kind: "end" }
  | { kind: "theme"; theme: string }
  | { kind: "rotate-csrf" }
  | { kind: "clear-site-data" }
  | { kind: "bankid-order"; binding: string; maxAgeSeconds: number }
  | { kind: "clear-bankid-order" };

/** A service's answer together with what must happen to the session. */
export interface WithSessionEffects<T> {
  result: T;
  effects: SessionEffect[];
}
