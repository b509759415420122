import { describe, expect, it } from "vitest";
import {
  checkPasswordShape,
  DEFAULT_PRODUCT_NAMES,
  normalizePassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from "./password-policy.ts";

describe("normalizePassword", () => {
  it("applies NFKC: ligatures, full-width and composed forms become their plain equivalents", () => {
    expect(normalizePassword("ﬁka")).toBe("fika");
    expect(normalizePassword("ＡＢＣ１２３")).toBe("ABC123");
    expect(normalizePassword("sja\u0308lvhja\u0308lp")).toBe("självhjälp");
  });

  it("keeps case and spaces", () => {
    expect(normalizePassword("Lugn Och Ro")).toBe("Lugn Och Ro");
  });
});

describe("checkPasswordShape: length", () => {
  it("has a window of 8 to 128", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
  });

  it.each([
    ["1234567", "password.too_short"],
    ["", "password.too_short"],
    ["a".repeat(129), "password.too_long"],
  ])("refuses %j as %s", (password, problem) => {
    expect(checkPasswordShape(password)).toBe(problem);
  });

  it("accepts both ends of the window", () => {
    expect(checkPasswordShape("abcdefgh")).toBeNull();
    expect(checkPasswordShape("a".repeat(128))).toBeNull();
  });

  it("counts code points, not UTF-16 units", () => {
    expect(checkPasswordShape("🙂".repeat(7))).toBe("password.too_short");
    expect(checkPasswordShape("🙂".repeat(8))).toBeNull();
    expect(checkPasswordShape("🙂".repeat(128))).toBeNull();
    expect(checkPasswordShape("🙂".repeat(129))).toBe("password.too_long");
  });

  it("counts after NFKC", () => {
    // Seven characters, but "ﬃ" is three after NFKC: nine.
    expect(checkPasswordShape("ﬃabcdef")).toBeNull();
    // Eight characters with combining marks, four after NFKC composes them.
    expect(checkPasswordShape("a\u0308o\u0308a\u030ao\u0308")).toBe("password.too_short");
  });

  it("has no composition rules", () => {
    expect(checkPasswordShape("en lugn morgon vid havet")).toBeNull();
    expect(checkPasswordShape("aaaaaaaa")).toBeNull();
    expect(checkPasswordShape("12345678")).toBeNull();
  });
});

describe("checkPasswordShape: context", () => {
  it("refuses the e-mail's local part, in any case", () => {
    const email = "anna.berg@example.se";
    expect(checkPasswordShape("Anna.Berg2026!", { email })).toBe("password.contains_email");
    expect(checkPasswordShape("minANNA.BERGlösen", { email: "Anna.Berg@Example.se" })).toBe(
      "password.contains_email",
    );
    expect(checkPasswordShape("anna berg 2026", { email })).toBeNull();
  });

  it("compares the local part after NFKC", () => {
    expect(checkPasswordShape("hej ﬁa lugn", { email: "fia@example.se" })).toBe(
      "password.contains_email",
    );
  });

  it("ignores local parts shorter than 3 characters and missing addresses", () => {
    expect(checkPasswordShape("ab lugna dagar", { email: "ab@example.se" })).toBeNull();
    expect(checkPasswordShape("abc lugna dagar", { email: "abc@example.se" })).toBe(
      "password.contains_email",
    );
    expect(checkPasswordShape("lugna dagar", { email: null })).toBeNull();
    expect(checkPasswordShape("lugna dagar", { email: "" })).toBeNull();
  });

  it("does not look at the domain", () => {
    expect(checkPasswordShape("example.se rocks", { email: "anna@example.se" })).toBeNull();
  });

  it("refuses the default product names, in any case and Unicode form", () => {
    expect(DEFAULT_PRODUCT_NAMES).toEqual(["självhjälp", "sjalvhjalp", "selfhelp", "self-help", "selvhjelp", "selvhjælp"]);
    expect(checkPasswordShape("mitt Selvhjælp-kodeord")).toBe("password.contains_product_name");
    expect(checkPasswordShape("min SJÄLVHJÄLP 1")).toBe("password.contains_product_name");
    expect(checkPasswordShape("sjalvhjalp2026")).toBe("password.contains_product_name");
    expect(checkPasswordShape("MySelfHelp!")).toBe("password.contains_product_name");
    expect(checkPasswordShape("min sja\u0308lvhja\u0308lp 1")).toBe(
      "password.contains_product_name",
    );
  });

  it("matches whole names only", () => {
    expect(checkPasswordShape("hjälp dig själv")).toBeNull();
    expect(checkPasswordShape("self and help")).toBeNull();
  });

  it("uses given product names instead of the defaults, skipping names under 4 characters", () => {
    const productNames = ["kbt", "Lugnet"];
    expect(checkPasswordShape("kbt är bra för mig", { productNames })).toBeNull();
    expect(checkPasswordShape("LUGNET är bra", { productNames })).toBe(
      "password.contains_product_name",
    );
    expect(checkPasswordShape("min självhjälp 1", { productNames })).toBeNull();
  });

  it("reports length before context, and the e-mail before the product name", () => {
    expect(checkPasswordShape("anna", { email: "anna@example.se" })).toBe("password.too_short");
    expect(checkPasswordShape("anna selfhelp", { email: "anna@example.se" })).toBe(
      "password.contains_email",
    );
  });
});
