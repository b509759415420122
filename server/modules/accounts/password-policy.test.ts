import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkPassword, isCommonPassword } from "./password-policy.ts";

describe("common-passwords.txt", () => {
  const text = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
  const lines = text.split("\n");

  it("holds 10,000 unique lower-case passwords, one a line, most common first, without a header", () => {
    expect(text.endsWith("\n")).toBe(true);
    const passwords = lines.slice(0, -1);
    expect(passwords).toHaveLength(10_000);
    expect(new Set(passwords).size).toBe(10_000);
    expect(passwords.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    for (const password of passwords) {
      expect(password).toBe(password.trim().toLowerCase().normalize("NFKC"));
      expect(password).not.toBe("");
    }
  });
});

describe("isCommonPassword", () => {
  it("finds listed passwords in any case and Unicode form", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword("ｑｗｅｒｔｙ")).toBe(true);
  });

  it("does not find an uncommon phrase", () => {
    expect(isCommonPassword("tre lugna andetag i kväll")).toBe(false);
  });
});

describe("checkPassword", () => {
  it("refuses passwords from the list of the 10,000 most common, in any case", () => {
    expect(checkPassword("password123")).toBe("password.common");
    expect(checkPassword("QWERTYUIOP")).toBe("password.common");
    expect(checkPassword("iloveyou")).toBe("password.common");
  });

  it("accepts an uncommon phrase", () => {
    expect(checkPassword("tre lugna andetag i kväll")).toBeNull();
    expect(checkPassword("tre lugna andetag i kväll", { email: "anna@example.se" })).toBeNull();
  });

  it("applies the shared shape rules before the list", () => {
    // "123456" is the most common password, but too short comes first.
    expect(checkPassword("123456")).toBe("password.too_short");
    expect(checkPassword("a".repeat(129))).toBe("password.too_long");
    // "jennifer1" is on the list, but the address rule comes first.
    expect(checkPassword("jennifer1", { email: "jennifer@example.se" })).toBe(
      "password.contains_email",
    );
    expect(checkPassword("selfhelp", { productNames: ["selfhelp"] })).toBe(
      "password.contains_product_name",
    );
  });
});
