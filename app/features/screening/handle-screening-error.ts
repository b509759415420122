import type { NavigateFunction } from "react-router";
import type { Locale } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { ApiError } from "../../lib/api/client.ts";
import { removeOnboardingRecord } from "../../lib/onboarding-record.ts";
import { logFailure } from "./use-onboarding-check.ts";

/**
 * A screening call failed: an expired onboarding token removes the record and goes to
 * `/?token=expired` (§8); anything else is logged and the caller offers to try again.
 * Returns true when it navigated away.
 */
export function handleScreeningError(error: unknown, what: string, navigate: NavigateFunction, locale: Locale): boolean {
  if (error instanceof ApiError && error.code === "onboarding.token_invalid") {
    removeOnboardingRecord();
    void navigate(`${pathTo("home", locale)}?token=expired`, { replace: true });
    return true;
  }
  logFailure(what, error);
  return false;
}
