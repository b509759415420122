import { describe, expect, it } from "vitest";
import { describeUserAgent } from "./user-agent.ts";

describe("describeUserAgent", () => {
  it("names common browsers and devices", () => {
    expect(describeUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")).toEqual({ browser: "Safari", device: "iPhone" });
    expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0")).toEqual({ browser: "Edge", device: "Windows" });
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0")).toEqual({ browser: "Firefox", device: "Linux" });
    expect(describeUserAgent("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36")).toEqual({ browser: "Chrome", device: "Android" });
  });
  it("says nothing for an unknown or missing header", () => {
    expect(describeUserAgent("curl/8.0")).toEqual({ browser: null, device: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, device: null });
  });
});
