import { describe, expect, it } from "vitest";
import {
  createFieldCipher,
  FieldDecryptionError,
  FieldKeyConfigError,
} from "./field-encryption.ts";

const OLD_KEY = Buffer.alloc(32, 1).toString("base64");
const NEW_KEY = Buffer.alloc(32, 2).toString("base64");
const OTHER_KEY = Buffer.alloc(32, 3).toString("base64");
const AAD = "users.totp_secret:3f1c2a9e-0000-4000-8000-000000000001";
const TOKEN_PATTERN = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/;

/** Returns the token with one bit flipped in byte `index` of dot-separated part `part`. */
function flipByte(token: string, part: number, index: number): string {
  const parts = token.split(".");
  const bytes = Buffer.from(parts[part] ?? "", "base64url");
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  parts[part] = bytes.toString("base64url");
  return parts.join(".");
}

function decryptError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error("expected an error");
}

describe("createFieldCipher config", () => {
  it("accepts one or more id:base64key pairs, with spaces around them", () => {
    expect(() => createFieldCipher(`k1:${OLD_KEY}`)).not.toThrow();
    expect(() => createFieldCipher(` k2:${NEW_KEY} , k1:${OLD_KEY} `)).not.toThrow();
  });

  it.each([
    ["", /no keys/],
    ["   ", /no keys/],
    [`k1:${OLD_KEY},`, /entry 2 is empty/],
    [OLD_KEY, /entry 1 is not of the form id:base64key/],
    [`:${OLD_KEY}`, /invalid key id/],
    [`k.1:${OLD_KEY}`, /invalid key id/],
    [`k1:not base64!`, /key "k1" is not valid base64/],
    [`k1:${Buffer.alloc(16, 1).toString("base64")}`, /key "k1" must be 32 bytes, got 16/],
    [`k1:${Buffer.alloc(33, 1).toString("base64")}`, /key "k1" must be 32 bytes, got 33/],
    [`k1:${OLD_KEY},k1:${NEW_KEY}`, /duplicate key id "k1"/],
  ])("rejects %j", (config, message) => {
    const error = decryptError(() => createFieldCipher(config));
    expect(error).toBeInstanceOf(FieldKeyConfigError);
    expect(error.message).toMatch(message);
  });

  it("never puts key material in config errors", () => {
    const short = Buffer.alloc(16, 9).toString("base64");
    for (const config of [`k1:${short}`, short, `k1:${OLD_KEY},k1:${short}`]) {
      const error = decryptError(() => createFieldCipher(config));
      expect(error.message).not.toContain(short);
      expect(error.message).not.toContain(OLD_KEY);
    }
  });
});

describe("field cipher", () => {
  const cipher = createFieldCipher(`k1:${OLD_KEY}`);

  it("round-trips a value in the v1 token format", () => {
    const token = cipher.encrypt("JBSWY3DPEHPK3PXP", AAD);
    expect(token).toMatch(TOKEN_PATTERN);
    expect(token.startsWith("v1.k1.")).toBe(true);
    expect(token).not.toContain("JBSWY3DPEHPK3PXP");
    expect(cipher.decrypt(token, AAD)).toBe("JBSWY3DPEHPK3PXP");
  });

  it("round-trips unicode, the empty string and long values", () => {
    for (const value of ["Självhjälp åäö ÅÄÖ", "日本語 🧠💤 עברית", "", "x".repeat(100_000)]) {
      expect(cipher.decrypt(cipher.encrypt(value, AAD), AAD)).toBe(value);
    }
  });

  it("uses a random IV, so the same value encrypts differently every time", () => {
    const a = cipher.encrypt("same", AAD);
    const b = cipher.encrypt("same", AAD);
    expect(a).not.toBe(b);
    expect(a.split(".")[2]).not.toBe(b.split(".")[2]);
    expect(cipher.decrypt(a, AAD)).toBe("same");
    expect(cipher.decrypt(b, AAD)).toBe("same");
  });

  it("works without aad, which is the same as an empty aad", () => {
    const token = cipher.encrypt("no context");
    expect(cipher.decrypt(token)).toBe("no context");
    expect(cipher.decrypt(token, "")).toBe("no context");
    expect(() => cipher.decrypt(token, AAD)).toThrow(FieldDecryptionError);
  });

  it("refuses a value moved to another row or column (wrong aad)", () => {
    const token = cipher.encrypt("secret", "users.totp_secret:user-a");
    for (const aad of ["users.totp_secret:user-b", "users.other_column:user-a", "", undefined]) {
      expect(() => cipher.decrypt(token, aad)).toThrow(/authentication failed for key "k1"/);
    }
  });

  it.each([
    ["the ciphertext", 3, 0],
    ["the tag", 3, 16],
    ["the iv", 2, 5],
  ])("detects a flipped bit in %s", (_what, part, index) => {
    const token = cipher.encrypt("0123456789abcdef", AAD);
    expect(() => cipher.decrypt(flipByte(token, part, index), AAD)).toThrow(FieldDecryptionError);
    expect(() => cipher.decrypt(flipByte(token, part, index), AAD)).toThrow(
      /authentication failed/,
    );
  });

  it("detects a truncated ciphertext", () => {
    const token = cipher.encrypt("0123456789abcdef", AAD);
    const parts = token.split(".");
    parts[3] = Buffer.from(parts[3] ?? "", "base64url")
      .subarray(1)
      .toString("base64url");
    expect(() => cipher.decrypt(parts.join("."), AAD)).toThrow(/authentication failed/);
  });

  it("refuses an unknown key id", () => {
    const foreign = createFieldCipher(`k9:${OTHER_KEY}`).encrypt("secret", AAD);
    expect(() => cipher.decrypt(foreign, AAD)).toThrow(/unknown key id "k9"/);
  });

  it("refuses a token whose key id was rewritten to another configured key", () => {
    const both = createFieldCipher(`k2:${NEW_KEY},k1:${OLD_KEY}`);
    const token = both.encrypt("secret", AAD).replace(/^v1\.k2\./, "v1.k1.");
    expect(() => both.decrypt(token, AAD)).toThrow(/authentication failed/);
  });

  it.each([
    ["empty", ""],
    ["plain text", "not a token"],
    ["too few parts", "v1.k1.AAAAAAAAAAAAAAAA"],
    ["too many parts", "v1.k1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.x"],
    ["another version", "v2.k1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["an empty key id", "v1..AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["a short iv", "v1.k1.AAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["a non-base64url iv", "v1.k1.AAAAAAAAAAAAAAA+.AAAAAAAAAAAAAAAAAAAAAA"],
    ["a padded body", "v1.k1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA=="],
    ["a body shorter than the tag", "v1.k1.AAAAAAAAAAAAAAAA.AAAA"],
    ["an empty body", "v1.k1.AAAAAAAAAAAAAAAA."],
  ])("refuses a malformed token: %s", (_what, token) => {
    expect(() => cipher.decrypt(token, AAD)).toThrow(FieldDecryptionError);
    expect(() => cipher.decrypt(token, AAD)).toThrow(/malformed token|unsupported token version/);
  });

  it("never puts the plaintext, key or token in error messages", () => {
    const plain = "very-secret-plaintext";
    const token = cipher.encrypt(plain, AAD);
    const failures = [
      () => cipher.decrypt(token, "wrong"),
      () => cipher.decrypt(flipByte(token, 3, 0), AAD),
      () => cipher.decrypt(`${token}x`, AAD),
      () => cipher.decrypt(token.replace("v1.k1.", "v1.zz."), AAD),
    ];
    for (const fail of failures) {
      const error = decryptError(fail);
      expect(error).toBeInstanceOf(FieldDecryptionError);
      expect(error.message).toMatch(/^Field decryption failed: /);
      for (const secret of [plain, OLD_KEY, token.split(".")[3] ?? "?"])
        expect(error.message).not.toContain(secret);
    }
  });
});

describe("key rotation", () => {
  const before = createFieldCipher(`k1:${OLD_KEY}`);
  const after = createFieldCipher(`k2:${NEW_KEY},k1:${OLD_KEY}`);

  it("decrypts tokens made with the old key and encrypts new ones with the first key", () => {
    const oldToken = before.encrypt("value", AAD);
    expect(after.decrypt(oldToken, AAD)).toBe("value");
    const newToken = after.encrypt("value", AAD);
    expect(newToken.startsWith("v1.k2.")).toBe(true);
    expect(after.decrypt(newToken, AAD)).toBe("value");
    expect(() => before.decrypt(newToken, AAD)).toThrow(/unknown key id "k2"/);
  });

  it("reports which tokens need re-encrypting, and re-encrypting clears that", () => {
    const oldToken = before.encrypt("value", AAD);
    expect(before.needsReencrypt(oldToken)).toBe(false);
    expect(after.needsReencrypt(oldToken)).toBe(true);
    const rotated = after.encrypt(after.decrypt(oldToken, AAD), AAD);
    expect(after.needsReencrypt(rotated)).toBe(false);
    expect(after.decrypt(rotated, AAD)).toBe("value");
  });

  it("treats tokens under an unknown key as needing re-encryption, and throws on malformed ones", () => {
    const foreign = createFieldCipher(`k9:${OTHER_KEY}`).encrypt("value");
    expect(after.needsReencrypt(foreign)).toBe(true);
    expect(() => after.needsReencrypt("garbage")).toThrow(FieldDecryptionError);
  });
});
