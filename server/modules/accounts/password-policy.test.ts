import { describe, expect, it } from "vitest";
import { checkPassword } from "./password-policy.ts";

describe("checkPassword", () => {
  it("refuses passwords from the list of the 10,000 most common, in any case", () => {
    expect(checkPassword("password123")).toBe("password.common");
    expect(checkPassword("QWERTYUIOP")).toBe("password.common");
    expect(checkPassword("iloveyou")).toBe("password.common");
  });

  it("accepts an uncommon phrase and applies the shared shape rules first", () => {
    expect(checkPassword("tre lugna andetag i kväll")).toBeNull();
    expect(checkPassword("kort")).toBe("password.too_short");
  });
});
