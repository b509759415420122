import { describe, expect, it } from "vitest";
import { selfHarmOverBand } from "./self-harm.ts";

describe("selfHarmOverBand", () => {
  it("only a crisis answer on the mood area replaces the band", () => {
    expect(selfHarmOverBand(true, "depression")).toBe(true);
    expect(selfHarmOverBand(false, "depression")).toBe(false);
    for (const area of ["anxiety", "stress", "sleep", undefined] as const) expect(selfHarmOverBand(true, area)).toBe(false);
  });
});
