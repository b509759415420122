import { describe, expect, it } from "vitest";
import { checkPasswordShape, normalizePassword } from "./password-policy.ts";

describe("checkPasswordShape", () => {
  it("accepts a long phrase without composition rules", () => {
    expect(checkPasswordShape("en lugn morgon vid havet")).toBeNull();
    expect(checkPasswordShape("abcdefgh")).toBeNull();
  });

  it("counts code points after NFKC, not UTF-16 units", () => {
    expect(checkPasswordShape("🙂🙂🙂🙂🙂🙂🙂")).toBe("password.too_short");
    expect(checkPasswordShape("🙂🙂🙂🙂🙂🙂🙂🙂")).toBeNull();
    expect(normalizePassword("ﬁ")).toBe("fi");
  });

  it("refuses too short and too long", () => {
    expect(checkPasswordShape("1234567")).toBe("password.too_short");
    expect(checkPasswordShape("a".repeat(129))).toBe("password.too_long");
    expect(checkPasswordShape("a".repeat(128))).toBeNull();
  });

  it("refuses the e-mail's local part and the product name, in any case", () => {
    expect(checkPasswordShape("Anna.Berg2026!", { email: "anna.berg@example.se" })).toBe("password.contains_email");
    expect(checkPasswordShape("min SJÄLVHJÄLP 1")).toBe("password.contains_product_name");
    // Very short local parts are not a meaningful context word.
    expect(checkPasswordShape("ab lugna dagar", { email: "ab@example.se" })).toBeNull();
  });
});
