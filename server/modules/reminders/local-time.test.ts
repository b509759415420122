import { describe, expect, it } from "vitest";
import { isTimeZone, nextLocalTime } from "./local-time.ts";

describe("nextLocalTime", () => {
  it("finds the same day's time when it is still ahead, in winter time", () => {
    // 10:00 UTC = 11:00 in Stockholm (CET); 18:00 CET = 17:00 UTC.
    expect(nextLocalTime(new Date("2026-01-15T10:00:00Z"), "18:00", "Europe/Stockholm").toISOString()).toBe("2026-01-15T17:00:00.000Z");
  });

  it("moves to the next day when the time has passed, in summer time", () => {
    // 19:00 UTC = 21:00 CEST; next 07:30 CEST is 05:30 UTC the day after.
    expect(nextLocalTime(new Date("2026-07-01T19:00:00Z"), "07:30", "Europe/Stockholm").toISOString()).toBe("2026-07-02T05:30:00.000Z");
  });

  it("follows a daylight-saving change between the two days", () => {
    // 28 March 2026, 20:00 CET; clocks go forward that night, so 09:00 on the 29th is CEST (07:00 UTC).
    expect(nextLocalTime(new Date("2026-03-28T19:00:00Z"), "09:00", "Europe/Stockholm").toISOString()).toBe("2026-03-29T07:00:00.000Z");
  });

  it("counts an exact match as due", () => {
    expect(nextLocalTime(new Date("2026-01-15T17:00:00Z"), "18:00", "Europe/Stockholm").toISOString()).toBe("2026-01-15T17:00:00.000Z");
  });

  it("works in other zones", () => {
    expect(nextLocalTime(new Date("2026-01-15T10:00:00Z"), "08:00", "America/New_York").toISOString()).toBe("2026-01-15T13:00:00.000Z");
    expect(nextLocalTime(new Date("2026-01-15T10:00:00Z"), "08:00", "UTC").toISOString()).toBe("2026-01-16T08:00:00.000Z");
  });

  it("knows real zones from made-up ones", () => {
    expect(isTimeZone("Europe/Oslo")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
