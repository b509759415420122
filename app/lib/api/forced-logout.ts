import type { CsrfTokenStore } from "./client.ts";
import { API_BASE } from "./client.ts";
import type { ApiTransport } from "../../../common/contract/api-transport.ts";

export interface ForcedLogoutOptions {
  /** The raw transport: the logout call must not go through the client's own 401/403 rule again. */
  transport: ApiTransport;
  csrf: CsrfTokenStore;
  /** Where "/" is for this page (the home of its language). */
  home: () => string;
  /** The current locale, sent as Accept-Language (§7: all requests). */
  locale: () => string;
  /** The current path. */
  pathname: () => string;
  /** A full page load: everything the page held of the user is gone with it. */
  assign: (url: string) => void;
  reload: () => void;
}

/**
 * §8 "otherwise the user is logged out", done as §4 says a logout is done: the logout endpoint is
 * called (GET /logout, §7; the server ends the session), the CSRF token and the user's data are
 * cleared (a full page load), and the browser goes to `/`. Several failing calls at once log out
 * once.
 */
export function createForcedLogout(options: ForcedLogoutOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  async function run(): Promise<void> {
    let ended = false;
    try {
      const response = await options.transport({
        method: "GET",
        path: `${API_BASE}/logout`,
        headers: { Accept: "application/json", "Accept-Language": options.locale() },
      });
      ended = response.status < 400;
    } catch {
      // Offline: the token is cleared and the page goes home all the same.
    }
    options.csrf.set(null);
    const home = options.home();
    if (options.pathname() !== home) options.assign(home);
    // Already home: load it again without the session, unless the server could not be told
    // (a reload would ask again, and fail again).
    else if (ended) options.reload();
  }
  return () => (running ??= run().finally(() => (running = null)));
}
