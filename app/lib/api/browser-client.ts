import { localeOfPath } from "../../../common/i18n/locales.ts";
import { loadingBar } from "../loading-bar.ts";
import { readOnboardingRecord } from "../onboarding-record.ts";
import { ApiClient, memoryTokenStore } from "./client.ts";
import { createFetchTransport } from "./transport.ts";

let client: ApiClient | null = null;

/** §4: logout clears user data and the CSRF token and goes to /. */
function loggedOut(): void {
  client?.options.csrf.set(null);
  if (window.location.pathname !== "/") window.location.assign("/");
}

/** The browser's one API client (fetch, same origin, credentials). */
export function browserApi(): ApiClient {
  client ??= new ApiClient({
    transport: createFetchTransport(),
    locale: () => localeOfPath(window.location.pathname),
    csrf: memoryTokenStore(),
    loading: loadingBar,
    onLogout: loggedOut,
    checkResponses: import.meta.env.DEV,
    extraHeaders: (): Record<string, string> => {
      const record = readOnboardingRecord();
      return record ? { token: record.token } : {};
    },
  });
  return client;
}
