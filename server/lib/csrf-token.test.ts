import { describe, expect, it } from "vitest";
import { maskSecret, newCsrfSecret, tokenMatchesSecret, unmaskToken } from "./csrf-token.ts";

describe("Django-compatible CSRF tokens", () => {
  it("makes 32-character secrets of [A-Za-z0-9]", () => {
    const secret = newCsrfSecret();
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newCsrfSecret()).not.toBe(secret);
  });

  it("masks a secret into a different 64-character token every time, which unmasks back", () => {
    const secret = newCsrfSecret();
    const a = maskSecret(secret);
    const b = maskSecret(secret);
    expect(a).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(a).not.toBe(b);
    expect(unmaskToken(a)).toBe(secret);
    expect(unmaskToken(b)).toBe(secret);
  });

  it("matches Django's cipher on a known pair", () => {
    // mask "a"*32 (index 0) leaves the secret unchanged; mask "b"*32 shifts every char by one.
    expect(unmaskToken("a".repeat(32) + "Z".repeat(32))).toBe("Z".repeat(32));
    expect(unmaskToken("b".repeat(32) + "b".repeat(32))).toBe("a".repeat(32));
    expect(unmaskToken("b".repeat(32) + "a".repeat(32))).toBe("9".repeat(32));
  });

  it("accepts a masked token or the plain secret, and nothing else", () => {
    const secret = newCsrfSecret();
    expect(tokenMatchesSecret(maskSecret(secret), secret)).toBe(true);
    expect(tokenMatchesSecret(secret, secret)).toBe(true);
    expect(tokenMatchesSecret(maskSecret(newCsrfSecret()), secret)).toBe(false);
    expect(tokenMatchesSecret(newCsrfSecret(), secret)).toBe(false);
  });
});
