import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./formatters.ts";

describe("shared Intl formatters", () => {
  it("gives one formatter per locale and options, formatting as a new one would", () => {
    const at = new Date(Date.UTC(2026, 10, 27, 9, 30));
    const medium = dateTimeFormat("sv-SE", { dateStyle: "medium", timeZone: "UTC" });
    expect(dateTimeFormat("sv-SE", { dateStyle: "medium", timeZone: "UTC" })).toBe(medium);
    expect(medium.format(at)).toBe(new Intl.DateTimeFormat("sv-SE", { dateStyle: "medium", timeZone: "UTC" }).format(at));
    // Another locale or other options is another formatter.
    const english = dateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
    expect(english).not.toBe(medium);
    expect(english.format(at)).toBe("27 Nov 2026");
    const long = dateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "UTC" });
    expect(long).not.toBe(medium);
    expect(long.format(at)).toBe("27 november 2026");
  });

  it("shares number formatters the same way", () => {
    const percent = numberFormat("nb", { style: "percent" });
    expect(numberFormat("nb", { style: "percent" })).toBe(percent);
    expect(numberFormat("da", { style: "percent" })).not.toBe(percent);
    expect(percent.format(0.42)).toBe(new Intl.NumberFormat("nb", { style: "percent" }).format(0.42));
  });
});
