import type { GuardId, ScreenId } from "./route-table.ts";

/** What the guards need to know of the user (§3 user status). */
export interface GuardStatus {
  logged_in: boolean;
  verified: boolean;
  requires2fa: boolean;
}

/**
 * The stored onboarding record (§2): `unknown` on the server, which cannot see localStorage;
 * the browser knows `none`, `valid` (validated by POST /onboarding/valid) or `invalid`.
 */
export type OnboardingRecord = "unknown" | "none" | "valid" | "invalid";

export type GuardOutcome =
  | { kind: "continue" }
  | { kind: "redirect"; to: ScreenId; query?: Record<string, string>; clearOnboarding?: boolean }
  | { kind: "notFound" };

export interface GuardInput {
  status: GuardStatus;
  /** The request's query string parameters. */
  search: URLSearchParams;
  onboarding: OnboardingRecord;
  devPages: boolean;
}

const CONTINUE: GuardOutcome = { kind: "continue" };
const to = (screen: ScreenId, query?: Record<string, string>): GuardOutcome =>
  query ? { kind: "redirect", to: screen, query } : { kind: "redirect", to: screen };

/** Where a logged-in user belongs: set up 2FA, enter the code, or the dashboard. */
function loggedInHome(status: GuardStatus): GuardOutcome {
  if (status.requires2fa) return to("enable2fa");
  if (!status.verified) return to("verify2fa");
  return to("dashboard");
}

function check(guard: GuardId, input: GuardInput): GuardOutcome {
  const { status } = input;
  switch (guard) {
    case "auth":
      return status.logged_in ? CONTINUE : to("home");
    case "loggedin":
      // A visitor who follows a link to a user's page (a recommended course) is told why they are home.
      if (!status.logged_in) return to("home", { account: "required" });
      if (status.requires2fa) return to("enable2fa");
      if (!status.verified) return to("verify2fa");
      return CONTINUE;
    case "enable2fa":
      if (!status.logged_in) return to("home");
      if (status.verified) return to("dashboard");
      if (!status.requires2fa) return to("verify2fa");
      return CONTINUE;
    case "notverified":
      if (!status.logged_in) return to("home");
      if (status.requires2fa) return to("enable2fa");
      if (status.verified) return to("dashboard");
      return CONTINUE;
    case "loggedout":
      return status.logged_in ? loggedInHome(status) : CONTINUE;
    case "onboarding":
      if (status.logged_in) return loggedInHome(status);
      if (input.onboarding === "valid" || input.onboarding === "unknown") return CONTINUE;
      if (input.onboarding === "invalid") {
        return { kind: "redirect", to: "home", query: { token: "expired" }, clearOnboarding: true };
      }
      return input.search.has("code") ? CONTINUE : to("home");
    case "screening":
      if (status.logged_in) {
        if (status.requires2fa) return to("enable2fa");
        if (!status.verified) return to("verify2fa");
        return CONTINUE;
      }
      if (input.onboarding === "valid" || input.onboarding === "unknown") return CONTINUE;
      if (input.onboarding === "invalid") {
        return { kind: "redirect", to: "home", query: { token: "expired" }, clearOnboarding: true };
      }
      return to("onboarding");
    case "dev":
      return input.devPages ? CONTINUE : { kind: "notFound" };
  }
}

/** Applies a screen's guards in order; the first that does not continue decides. */
export function evaluateGuards(guards: readonly GuardId[], input: GuardInput): GuardOutcome {
  for (const guard of guards) {
    const outcome = check(guard, input);
    if (outcome.kind !== "continue") return outcome;
  }
  return CONTINUE;
}
