import { describe, expect, it } from "vitest";
import { formatPlaybackTime } from "./media-players.tsx";

describe("formatPlaybackTime (§5)", () => {
  it("shows mm:ss, h:mm:ss from one hour, and 00:00 for zero", () => {
    expect(formatPlaybackTime(0)).toBe("00:00");
    expect(formatPlaybackTime(75)).toBe("01:15");
    expect(formatPlaybackTime(3599)).toBe("59:59");
    expect(formatPlaybackTime(3600)).toBe("1:00:00");
    expect(formatPlaybackTime(3725)).toBe("1:02:05");
  });
});
