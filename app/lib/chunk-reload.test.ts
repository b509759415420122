import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS, isChunkLoadError, shouldReload } from "./chunk-reload.ts";

describe("chunk reload guard", () => {
  it("reloads at most once per 60 s", () => {
    expect(RELOAD_GUARD_MS).toBe(60_000);
    expect(shouldReload(100_000, null)).toBe(true);
    expect(shouldReload(100_000, 50_000)).toBe(false);
    expect(shouldReload(110_000, 50_000)).toBe(true);
  });

  it("recognises failed chunk loads of the browsers", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
  });
});
