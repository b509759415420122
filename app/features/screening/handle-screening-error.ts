import type { NavigateFunction } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { ApiError } from "../../lib/api/client.ts";
import { removeOnboardingRecord } from "../../lib/onboarding-record.ts";
import { logFailure } from "./use-onboarding-check.ts";

/**
 * What became of a failed screening call: it went to `/?token=expired` ("navigated"), the token
 * had expired but the page stays because its answers show the crisis panel ("expired"), or it is
 * logged and the caller offers to try again ("failed").
 */
export type ScreeningErrorOutcome = "navigated" | "expired" | "failed";

/**
 * A screening call failed: an expired onboarding token (or a session that ended: a logged-in
 * person's screening is then refused as a visitor's without one) removes the record and goes to
 * `/?token=expired` (§8) — unless the answers sent hold PHQ-9 item 9 above 0 (`crisis`): then the
 * page with the crisis panel stays, and the caller says why the answers were not saved and where
 * to start again (clinical.md: a person at risk is never routed past the help). Anything else is
 * logged and the caller offers to try again.
 */
export function handleScreeningError(error: unknown, what: string, navigate: NavigateFunction, locale: Locale, crisis = false): ScreeningErrorOutcome {
  if (error instanceof ApiError && error.code === "onboarding.token_invalid") {
    removeOnboardingRecord();
    if (crisis) return "expired";
    void navigate(`${pathTo("home", locale)}?token=expired`, { replace: true });
    return "navigated";
  }
  logFailure(what, error);
  return "failed";
}
