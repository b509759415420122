import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { decideScreen } from "../../../common/routing/guards.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { removeOnboardingRecord } from "../../lib/onboarding-record.ts";
import { onboardingState, redirectTarget } from "../../lib/screen.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { useRootData } from "../../lib/root-data.ts";

/** The root loader's status: is someone logged in. */
export function useLoggedIn(): boolean {
  const root = useRootData();
  return Boolean(root?.status.logged_in);
}

/**
 * The onboarding guards (§2) for a page that was rendered on the server, which cannot see the
 * local record: in the browser the record is validated and the one guard decision
 * (`decideScreen`) runs again with it — an invalid record is removed and the visitor goes to
 * `/?token=expired`; without a record a `code` in the link starts onboarding, else `/`.
 */
export function useOnboardingCheck(locale: Locale): void {
  const root = useRootData();
  const { screen } = useScreen();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const status = root?.status;
  const id = screen?.id;
  // Once per page: a second, concurrent check would race the first for a CSRF token.
  const checked = useRef(false);
  useEffect(() => {
    if (!status || status.logged_in || !id || checked.current) return;
    checked.current = true;
    void onboardingState(browserApi()).then((onboarding) => {
      const decision = decideScreen(id, { status, search, onboarding, devPages: true });
      if (decision.kind !== "redirect") return;
      if (decision.clearOnboarding) removeOnboardingRecord();
      void navigate(redirectTarget(decision, locale), { replace: true });
    });
  }, [status, id, search, locale, navigate]);
}

/** A failed call: logged for the developers (§8), with a translated message and a retry in the UI. */
export function logFailure(what: string, error: unknown): void {
  console.warn(`${what} failed`, error instanceof Error ? error.message : error);
}
