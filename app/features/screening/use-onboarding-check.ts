import { useEffect, useRef } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { readOnboardingRecord, removeOnboardingRecord } from "../../lib/onboarding-record.ts";
import type { loader as rootLoader } from "../../root.tsx";

/** The root loader's status: is someone logged in. */
export function useLoggedIn(): boolean {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return Boolean(root?.status.logged_in);
}

/**
 * The onboarding guard (§2) for a page that was rendered on the server, which cannot see the
 * local record: in the browser the stored token is validated; an invalid one is removed and the
 * visitor goes to `/?token=expired`; without a record the visitor goes to onboarding.
 * Client navigations are already guarded by the route's client middleware.
 */
export function useOnboardingCheck(locale: Locale): void {
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  // Once per page: a second, concurrent check would race the first for a CSRF token.
  const checked = useRef(false);
  useEffect(() => {
    if (loggedIn || checked.current) return;
    checked.current = true;
    const record = readOnboardingRecord();
    if (!record) {
      void navigate(pathTo("onboarding", locale), { replace: true });
      return;
    }
    browserApi()
      .post("/onboarding/valid", { token: record.token })
      .catch(() => {
        removeOnboardingRecord();
        void navigate(`${pathTo("home", locale)}?token=expired`, { replace: true });
      });
  }, [loggedIn, locale, navigate]);
}

/** A failed call: logged for the developers (§8), with a translated message and a retry in the UI. */
export function logFailure(what: string, error: unknown): void {
  console.warn(`${what} failed`, error instanceof Error ? error.message : error);
}
