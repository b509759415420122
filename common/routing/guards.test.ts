import { describe, expect, it } from "vitest";
import { evaluateGuards, type GuardInput, type GuardStatus } from "./guards.ts";

const VISITOR: GuardStatus = { logged_in: false, verified: false, requires2fa: false };
const NEEDS_SETUP: GuardStatus = { logged_in: true, verified: false, requires2fa: true };
const UNVERIFIED: GuardStatus = { logged_in: true, verified: false, requires2fa: false };
const VERIFIED: GuardStatus = { logged_in: true, verified: true, requires2fa: false };

function input(status: GuardStatus, extra: Partial<GuardInput> = {}): GuardInput {
  return { status, search: new URLSearchParams(), onboarding: "none", devPages: false, ...extra };
}
const target = (o: ReturnType<typeof evaluateGuards>) => (o.kind === "redirect" ? o.to : o.kind);

describe("guards", () => {
  it("auth: visitors go home, any logged-in user continues", () => {
    expect(target(evaluateGuards(["auth"], input(VISITOR)))).toBe("home");
    expect(target(evaluateGuards(["auth"], input(NEEDS_SETUP)))).toBe("continue");
  });

  it("loggedin (the two-factor guard): home, enable2fa, verify2fa, or continue", () => {
    expect(evaluateGuards(["loggedin"], input(VISITOR))).toEqual({ kind: "redirect", to: "home", query: { account: "required" } });
    expect(target(evaluateGuards(["loggedin"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["loggedin"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["loggedin"], input(VERIFIED)))).toBe("continue");
  });

  it("enable2fa: only for users who must set up 2FA", () => {
    expect(target(evaluateGuards(["enable2fa"], input(VISITOR)))).toBe("home");
    expect(target(evaluateGuards(["enable2fa"], input(NEEDS_SETUP)))).toBe("continue");
    expect(target(evaluateGuards(["enable2fa"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["enable2fa"], input(VERIFIED)))).toBe("dashboard");
  });

  it("notverified: sends an already verified user to the dashboard", () => {
    expect(target(evaluateGuards(["notverified"], input(VISITOR)))).toBe("home");
    expect(target(evaluateGuards(["notverified"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["notverified"], input(UNVERIFIED)))).toBe("continue");
    expect(target(evaluateGuards(["notverified"], input(VERIFIED)))).toBe("dashboard");
  });

  it("loggedout: visitors stay; logged-in users go where they belong", () => {
    expect(target(evaluateGuards(["loggedout"], input(VISITOR)))).toBe("continue");
    expect(target(evaluateGuards(["loggedout"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["loggedout"], input(UNVERIFIED)))).toBe("verify2fa");
    expect(target(evaluateGuards(["loggedout"], input(VERIFIED)))).toBe("dashboard");
  });

  it("onboarding: validates a stored record; without one needs a code", () => {
    expect(target(evaluateGuards(["onboarding"], input(VISITOR, { onboarding: "valid" })))).toBe("continue");
    const expired = evaluateGuards(["onboarding"], input(VISITOR, { onboarding: "invalid" }));
    expect(expired).toEqual({ kind: "redirect", to: "home", query: { token: "expired" }, clearOnboarding: true });
    expect(target(evaluateGuards(["onboarding"], input(VISITOR)))).toBe("home");
    expect(
      target(evaluateGuards(["onboarding"], input(VISITOR, { search: new URLSearchParams("code=abc") }))),
    ).toBe("continue");
    // The server cannot see localStorage: it lets the browser decide.
    expect(target(evaluateGuards(["onboarding"], input(VISITOR, { onboarding: "unknown" })))).toBe("continue");
    expect(target(evaluateGuards(["onboarding"], input(VERIFIED, { onboarding: "valid" })))).toBe("dashboard");
  });

  it("screening: a verified user or a visitor with a valid record", () => {
    expect(target(evaluateGuards(["screening"], input(VERIFIED)))).toBe("continue");
    expect(target(evaluateGuards(["screening"], input(NEEDS_SETUP)))).toBe("enable2fa");
    expect(target(evaluateGuards(["screening"], input(VISITOR, { onboarding: "valid" })))).toBe("continue");
    expect(target(evaluateGuards(["screening"], input(VISITOR)))).toBe("onboarding");
    expect(evaluateGuards(["screening"], input(VISITOR, { onboarding: "invalid" }))).toMatchObject({
      to: "home",
      query: { token: "expired" },
    });
  });

  it("dev: 404 unless the development pages are on", () => {
    expect(target(evaluateGuards(["dev"], input(VISITOR)))).toBe("notFound");
    expect(target(evaluateGuards(["dev"], input(VISITOR, { devPages: true })))).toBe("continue");
  });

  it("no guards: everyone continues", () => {
    expect(target(evaluateGuards([], input(VISITOR)))).toBe("continue");
  });
});
