import { localeOfPath } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { loadingBar } from "../loading-bar.ts";
import { readOnboardingRecord } from "../onboarding-record.ts";
import { ApiClient, memoryTokenStore } from "./client.ts";
import { createForcedLogout } from "./forced-logout.ts";
import { createFetchTransport } from "./transport.ts";

let client: ApiClient | null = null;

/** The browser's one API client (fetch, same origin, credentials). */
export function browserApi(): ApiClient {
  if (client) return client;
  const transport = createFetchTransport();
  const csrf = memoryTokenStore();
  // §8: a 401/403 whose detail is not about CSRF logs the user out (§4: the logout call, then /).
  const forcedLogout = createForcedLogout({
    transport,
    csrf,
    home: () => pathTo("home", localeOfPath(window.location.pathname)),
    locale: () => localeOfPath(window.location.pathname),
    pathname: () => window.location.pathname,
    assign: (url) => window.location.assign(url),
    reload: () => window.location.reload(),
  });
  client = new ApiClient({
    transport,
    locale: () => localeOfPath(window.location.pathname),
    csrf,
    loading: loadingBar,
    onLogout: () => void forcedLogout(),
    checkResponses: import.meta.env.DEV,
    extraHeaders: (): Record<string, string> => {
      const record = readOnboardingRecord();
      return record ? { token: record.token } : {};
    },
  });
  return client;
}
