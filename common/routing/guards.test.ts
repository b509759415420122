import { describe, expect, it } from "vitest";
import {
  decideScreen,
  evaluateGuards,
  stageOf,
  type GuardDecision,
  type GuardInput,
  type GuardStatus,
  type OnboardingRecord,
} from "./guards.ts";
import { SCREENS, type ScreenId } from "./route-table.ts";

const VISITOR: GuardStatus = { logged_in: false, verified: false, requires2fa: false, terms_accepted: false };
const NEEDS_SETUP: GuardStatus = { logged_in: true, verified: false, requires2fa: true, terms_accepted: true };
const UNVERIFIED: GuardStatus = { logged_in: true, verified: false, requires2fa: false, terms_accepted: true };
const VERIFIED: GuardStatus = { logged_in: true, verified: true, requires2fa: false, terms_accepted: true };
/** Issue 24's loop: verified on this device, but the authenticator was removed on another. */
const VERIFIED_NEEDS_SETUP: GuardStatus = { logged_in: true, verified: true, requires2fa: true, terms_accepted: true };

function input(status: GuardStatus, extra: Partial<GuardInput> = {}): GuardInput {
  return { status, search: new URLSearchParams(), onboarding: "none", devPages: false, ...extra };
}
const target = (o: ReturnType<typeof evaluateGuards>) => (o.kind === "redirect" ? o.to : o.kind);

describe("guards", () => {
  it("auth: visitors go home, any logged-in user renders", () => {
    expect(target(evaluateGuards(["auth"], input(VISITOR)))).toBe("home");
    expect(target(evaluateGuards(["auth"], input(NEEDS_SETUP)))).toBe("render");
  });

  it("loggedin (the two-factor guard): home, enable2fa, verify2fa, or render", () => {
    expect(evaluateGuards(["loggedin"], input(VISITOR))).toEqual({ kind: "redirect", to: "home", query: { account: "required" } });
    expect(target(evaluateGuards(["loggedin"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["loggedin"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["loggedin"], input(VERIFIED)))).toBe("render");
  });

  it("publicOrVerified (a course page): visitors see the public page, users finish the second factor first", () => {
    expect(target(evaluateGuards(["publicOrVerified"], input(VISITOR)))).toBe("render");
    expect(target(evaluateGuards(["publicOrVerified"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["publicOrVerified"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["publicOrVerified"], input(VERIFIED_NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["publicOrVerified"], input(VERIFIED)))).toBe("render");
  });

  it("enable2fa: only for users who must set up 2FA", () => {
    expect(target(evaluateGuards(["enable2fa"], input(VISITOR)))).toBe("home");
    expect(target(evaluateGuards(["enable2fa"], input(NEEDS_SETUP)))).toBe("render");
    expect(target(evaluateGuards(["enable2fa"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["enable2fa"], input(VERIFIED)))).toBe("dashboard");
  });

  it("notverified: sends an already verified user to the dashboard", () => {
    expect(target(evaluateGuards(["notverified"], input(VISITOR)))).toBe("home");
    expect(target(evaluateGuards(["notverified"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["notverified"], input(UNVERIFIED)))).toBe("render");
    expect(target(evaluateGuards(["notverified"], input(VERIFIED)))).toBe("dashboard");
  });

  it("loggedout: visitors stay; logged-in users go where they belong", () => {
    expect(target(evaluateGuards(["loggedout"], input(VISITOR)))).toBe("render");
    expect(target(evaluateGuards(["loggedout"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["loggedout"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["loggedout"], input(VERIFIED)))).toBe("dashboard");
  });

  it("a verified session that needs 2FA set-up goes to set-up from every guard (the two-device loop)", () => {
    expect(stageOf(VERIFIED_NEEDS_SETUP)).toBe("setup2fa");
    expect(target(evaluateGuards(["loggedin"], input(VERIFIED_NEEDS_SETUP)))).toBe("enable2fa");
    // Before issue 24 this one answered "dashboard", and the dashboard answered "enable2fa".
    expect(target(evaluateGuards(["enable2fa"], input(VERIFIED_NEEDS_SETUP)))).toBe("render");
  });

  it("onboarding: the onboarding screen for visitors; a logged-in user goes on", () => {
    expect(target(evaluateGuards(["onboarding"], input(VISITOR)))).toBe("render");
    expect(target(evaluateGuards(["onboarding"], input(VISITOR, { onboarding: "valid" })))).toBe("render");
    expect(evaluateGuards(["onboarding"], input(VISITOR, { onboarding: "invalid" }))).toEqual({
      kind: "redirect",
      to: "home",
      query: { token: "expired" },
      clearOnboarding: true,
    });
    expect(target(evaluateGuards(["onboarding"], input(VERIFIED, { onboarding: "valid" })))).toBe("dashboard");
    expect(target(evaluateGuards(["onboarding"], input(NEEDS_SETUP)))).toBe("enable2fa");
  });

  it("screening: a verified user, or a visitor whose record is valid; a code starts onboarding; else home", () => {
    expect(target(evaluateGuards(["screening"], input(VERIFIED)))).toBe("render");
    expect(target(evaluateGuards(["screening"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["screening"], input(VISITOR, { onboarding: "valid" })))).toBe("render");
    expect(evaluateGuards(["screening"], input(VISITOR))).toEqual({ kind: "redirect", to: "home" });
    expect(evaluateGuards(["screening"], input(VISITOR, { search: new URLSearchParams("code=k7") }))).toEqual({
      kind: "redirect",
      to: "onboarding",
      query: { code: "k7" },
    });
    expect(evaluateGuards(["screening"], input(VISITOR, { onboarding: "invalid" }))).toMatchObject({
      to: "home",
      query: { token: "expired" },
      clearOnboarding: true,
    });
    // The server cannot see localStorage: it renders and the browser decides.
    expect(target(evaluateGuards(["screening"], input(VISITOR, { onboarding: "unknown" })))).toBe("render");
  });

  it("dev: 404 unless the development pages are on", () => {
    expect(target(evaluateGuards(["dev"], input(VISITOR)))).toBe("notFound");
    expect(target(evaluateGuards(["dev"], input(VISITOR, { devPages: true })))).toBe("render");
  });

  it("the re-approve-terms dialog: logged in without accepted terms, verified or not, except on the logout screens", () => {
    const notAccepted = { ...UNVERIFIED, terms_accepted: false };
    expect(decideScreen("verify2fa", input(notAccepted))).toEqual({ kind: "render", reApproveTerms: true });
    expect(decideScreen("dashboard", input({ ...VERIFIED, terms_accepted: false }))).toEqual({ kind: "render", reApproveTerms: true });
    expect(decideScreen("dashboard", input(VERIFIED))).toEqual({ kind: "render", reApproveTerms: false });
    expect(decideScreen("logout", input(notAccepted))).toEqual({ kind: "render", reApproveTerms: false });
    expect(decideScreen("courses", input(VISITOR))).toEqual({ kind: "render", reApproveTerms: false });
  });
});

/** Every combination of the session state. */
function* states(): Generator<{ status: GuardStatus; onboarding: OnboardingRecord; code: boolean; devPages: boolean }> {
  const bools = [false, true];
  for (const logged_in of bools)
    for (const verified of bools)
      for (const requires2fa of bools)
        for (const terms_accepted of bools)
          for (const onboarding of ["unknown", "none", "valid", "invalid"] as const)
            for (const code of bools)
              for (const devPages of bools) yield { status: { logged_in, verified, requires2fa, terms_accepted }, onboarding, code, devPages };
}

/** Follows the decisions from a screen the way a browser follows redirects: the path taken. */
function follow(start: ScreenId, state: ReturnType<typeof states> extends Generator<infer S> ? S : never) {
  let current: GuardInput = {
    status: state.status,
    search: new URLSearchParams(state.code ? "code=link-code" : ""),
    onboarding: state.onboarding,
    devPages: state.devPages,
  };
  let id = start;
  const path: ScreenId[] = [id];
  let decision: GuardDecision = decideScreen(id, current);
  while (decision.kind === "redirect" && path.length <= 4) {
    current = {
      ...current,
      search: new URLSearchParams(decision.query ?? {}),
      onboarding: decision.clearOnboarding ? "none" : current.onboarding,
    };
    id = decision.to;
    path.push(id);
    decision = decideScreen(id, current);
  }
  return { path, decision };
}

describe("every session state × every screen", () => {
  const combinations = [...states()];

  it("enumerates all 256 states over all screens", () => {
    expect(combinations).toHaveLength(2 * 2 * 2 * 2 * 4 * 2 * 2);
    expect(SCREENS.length).toBeGreaterThan(20);
  });

  for (const screen of SCREENS) {
    it(`${screen.id} [${screen.guards.join(", ") || "no guard"}]: a rendered page within two redirects`, () => {
      for (const state of combinations) {
        const { path, decision } = follow(screen.id, state);
        const where = `${JSON.stringify(state)} → ${path.join(" → ")}`;
        expect(path.length - 1, where).toBeLessThanOrEqual(2);
        // A rendered page: the screen itself, or the not-found page for development pages when off.
        if (decision.kind === "notFound") expect(screen.guards, where).toContain("dev");
        else expect(decision.kind, where).toBe("render");
        // Whoever is logged in never lands on a visitor-only screen, nor a visitor on a user's (the
        // course screen shows a visitor the public course, issue 20).
        const last = path[path.length - 1];
        if (decision.kind === "render" && state.status.logged_in) expect(["home", "register", "onboarding"], where).not.toContain(last);
        if (decision.kind === "render" && !state.status.logged_in) {
          expect(["dashboard", "profile", "enable2fa", "verify2fa", "logoutRemove"], where).not.toContain(last);
        }
      }
    });
  }

  it("a logged-in session always ends on the screen of its stage when sent away from the dashboard", () => {
    for (const state of combinations.filter((s) => s.status.logged_in)) {
      const { path } = follow("dashboard", state);
      const expected = { setup2fa: "enable2fa", verify2fa: "verify2fa", verified: "dashboard", visitor: "home" }[stageOf(state.status)];
      expect(path[path.length - 1]).toBe(expected);
    }
  });
});
