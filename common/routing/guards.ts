import { screen, type GuardId, type ScreenId } from "./route-table.ts";

/** What the guards need to know of the user (§3 user status). */
export interface GuardStatus {
  logged_in: boolean;
  verified: boolean;
  requires2fa: boolean;
  terms_accepted: boolean;
}

/**
 * The stored onboarding record (§2): `unknown` on the server, which cannot see localStorage;
 * the browser knows `none`, `valid` (validated by POST /onboarding/valid) or `invalid`.
 */
export type OnboardingRecord = "unknown" | "none" | "valid" | "invalid";

export type GuardOutcome =
  | { kind: "render" }
  | { kind: "redirect"; to: ScreenId; query?: Record<string, string>; clearOnboarding?: boolean }
  | { kind: "notFound" };

/** The whole decision for a screen: the guards' outcome and, on a render, the §4 terms dialog. */
export type GuardDecision =
  | { kind: "render"; reApproveTerms: boolean }
  | Exclude<GuardOutcome, { kind: "render" }>;

export interface GuardInput {
  status: GuardStatus;
  /** The request's query string parameters. */
  search: URLSearchParams;
  onboarding: OnboardingRecord;
  devPages: boolean;
}

/**
 * Where a session stands on the way in (§4 login state). One order, used by every guard, so no
 * two guards can disagree about a combination of flags: needing 2FA set-up wins over `verified`
 * (a session verified with an authenticator that was removed since must set up a new one — the
 * two-device redirect loop of issue 24 came from guards that read the flags in different orders).
 */
export type Stage = "visitor" | "setup2fa" | "verify2fa" | "verified";

export function stageOf(status: GuardStatus): Stage {
  if (!status.logged_in) return "visitor";
  if (status.requires2fa) return "setup2fa";
  if (!status.verified) return "verify2fa";
  return "verified";
}

/** The one screen each stage always may see: every redirect of a logged-in user goes there. */
const STAGE_HOME: Record<Stage, ScreenId> = {
  visitor: "home",
  setup2fa: "enable2fa",
  verify2fa: "verify2fa",
  verified: "dashboard",
};

const RENDER: GuardOutcome = { kind: "render" };
const to = (target: ScreenId, query?: Record<string, string>): GuardOutcome =>
  query ? { kind: "redirect", to: target, query } : { kind: "redirect", to: target };
const EXPIRED: GuardOutcome = { kind: "redirect", to: "home", query: { token: "expired" }, clearOnboarding: true };

/** The screen a stage belongs on, unless it is the one allowed here. */
function onlyFor(stage: Stage, allowed: Stage): GuardOutcome {
  return stage === allowed ? RENDER : to(STAGE_HOME[stage]);
}

/**
 * A visitor on a screening screen (§2 onboarding guards): a stored record is validated (success
 * renders; failure removes it and goes to `/?token=expired`); without one, a `code` in the link
 * starts onboarding, and no code goes to `/`. The server cannot see the record: it renders and
 * the browser decides after hydration with the same function.
 */
function visitorRecord(input: GuardInput): GuardOutcome {
  switch (input.onboarding) {
    case "valid":
    case "unknown":
      return RENDER;
    case "invalid":
      return EXPIRED;
    case "none": {
      const code = input.search.get("code");
      return code ? to("onboarding", { code }) : to("home");
    }
  }
}

function check(guard: GuardId, input: GuardInput): GuardOutcome {
  const stage = stageOf(input.status);
  switch (guard) {
    case "auth":
      return stage === "visitor" ? to("home") : RENDER;
    case "loggedin":
      // A visitor who follows a link to a user's page (a recommended course) is told why they are home.
      if (stage === "visitor") return to("home", { account: "required" });
      return onlyFor(stage, "verified");
    case "publicOrVerified":
      // A public page that users see with their own data: visitors may look (a course they were
      // recommended), a user first finishes the second factor.
      if (stage === "visitor") return RENDER;
      return onlyFor(stage, "verified");
    case "enable2fa":
      return onlyFor(stage, "setup2fa");
    case "notverified":
      return onlyFor(stage, "verify2fa");
    case "loggedout":
      return onlyFor(stage, "visitor");
    case "onboarding":
      // The variant that sends a logged-in user on (a verified one to the dashboard). The
      // onboarding screen is where a record is made, so a visitor without one stays (ADR 018).
      if (stage !== "visitor") return to(STAGE_HOME[stage]);
      return input.onboarding === "invalid" ? EXPIRED : RENDER;
    case "screening":
      if (stage !== "visitor") return onlyFor(stage, "verified");
      return visitorRecord(input);
    case "dev":
      return input.devPages ? RENDER : { kind: "notFound" };
  }
}

/** Applies a list of guards in order; the first that does not render decides. */
export function evaluateGuards(guards: readonly GuardId[], input: GuardInput): GuardOutcome {
  for (const guard of guards) {
    const outcome = check(guard, input);
    if (outcome.kind !== "render") return outcome;
  }
  return RENDER;
}

/** §4: on a status check, a logged-in user who has not accepted the current terms is asked again. */
export function needsTermsApproval(status: GuardStatus): boolean {
  return status.logged_in && !status.terms_accepted;
}

/**
 * The one guard decision (server rendering, client navigations and the browser's check after
 * hydration all call it): a screen and the session state → render (with or without the
 * re-approve-terms dialog), redirect to a screen, or 404.
 */
export function decideScreen(id: ScreenId, input: GuardInput): GuardDecision {
  const outcome = evaluateGuards(screen(id).guards, input);
  if (outcome.kind !== "render") return outcome;
  const onLogoutScreen = id === "logout" || id === "logoutRemove";
  return { kind: "render", reApproveTerms: needsTermsApproval(input.status) && !onLogoutScreen };
}
