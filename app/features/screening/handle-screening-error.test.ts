import { describe, expect, it, vi } from "vitest";
import type { NavigateFunction } from "react-router";
import { ApiError } from "../../lib/api/client.ts";
import { handleScreeningError } from "./handle-screening-error.ts";

/** A navigate function that records where it was sent. */
function recorder() {
  const calls: unknown[][] = [];
  const navigate = ((...args: unknown[]) => void calls.push(args)) as NavigateFunction;
  return { navigate, calls };
}

const expired = () => new ApiError(400, { code: "onboarding.token_invalid", detail: "Din screening har gått ut." });

describe("a failed screening call", () => {
  it("goes to /?token=expired when the token has expired", () => {
    const { navigate, calls } = recorder();
    expect(handleScreeningError(expired(), "light screening", navigate, "en")).toBe("navigated");
    expect(calls).toEqual([["/en?token=expired", { replace: true }]]);
  });

  it("stays on the page whose answers show the crisis panel (item 9 above 0): the help is never routed away", () => {
    const { navigate, calls } = recorder();
    expect(handleScreeningError(expired(), "light screening", navigate, "sv", true)).toBe("expired");
    expect(calls).toEqual([]);
  });

  it("offers to try again after any other failure, crisis or not", () => {
    const { navigate, calls } = recorder();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const crisis of [false, true]) expect(handleScreeningError(new TypeError("Failed to fetch"), "light screening", navigate, "sv", crisis)).toBe("failed");
    expect(calls).toEqual([]);
  });
});
