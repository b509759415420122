import { describe, expect, it } from "vitest";
import { timeLeft } from "./pause-notice.tsx";

describe("timeLeft", () => {
  it("splits the time left into days, hours and minutes, rounding minutes up", () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(timeLeft(now + (2 * 1440 + 3 * 60 + 4) * 60_000, now)).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(timeLeft(now + 30_000, now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft(now - 1, now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
