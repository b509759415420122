import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  generateSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  qrSvg,
  stepOf,
  totpAt,
  verifyTotp,
} from "./totp.ts";

/** RFC 6238 Appendix B: the SHA1 seed is the ASCII string "12345678901234567890". */
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890", "ascii"));

describe("base32", () => {
  it.each([
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ])("encodes the RFC 4648 vector %j as %j (without padding) and back", (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });

  it("encodes the RFC 6238 seed", () => {
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("decodes case-insensitively, ignoring spaces and trailing padding", () => {
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
    expect(base32Decode(" MzXw6YtBoI ").toString()).toBe("foobar");
    expect(base32Decode("MZXW6YQ=").toString()).toBe("foob");
    expect(base32Decode("MZXW6YTBOI======").toString()).toBe("foobar");
  });

  it.each([
    "MZXW0YTB",
    "MZXW1YTB",
    "MZXW8YTB",
    "MZ!W6YTB",
    "MZ=W6YTB",
    "MZXW6YTBÖI",
    "M",
    "MZX",
    "MZXW6Y",
  ])("rejects %j", (input) => {
    expect(() => base32Decode(input)).toThrow(/Invalid base32/);
  });

  it("round-trips random bytes of every length up to 40", () => {
    for (let length = 0; length <= 40; length++) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff));
      expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
    }
  });
});

describe("generateSecret", () => {
  it("makes 160-bit base32 secrets without padding, different every time", () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateSecret()).not.toBe(secret);
  });
});

describe("totpAt", () => {
  it.each([
    [59, "287082"],
    [1111111109, "081804"],
    [1111111111, "050471"],
    [1234567890, "005924"],
    [2000000000, "279037"],
    [20000000000, "353130"],
  ])("matches the RFC 6238 SHA1 vector at %i seconds", (seconds, code) => {
    expect(totpAt(RFC_SECRET, stepOf(seconds * 1000))).toBe(code);
  });

  it("counts 30-second steps from the epoch", () => {
    expect(stepOf(0)).toBe(0);
    expect(stepOf(29_999)).toBe(0);
    expect(stepOf(30_000)).toBe(1);
    expect(stepOf(59_000)).toBe(1);
    expect(stepOf(1_111_111_109_000)).toBe(0x23523ec);
  });

  it("rejects an empty secret and a bad step", () => {
    expect(() => totpAt("", 1)).toThrow(/empty/);
    expect(() => totpAt(RFC_SECRET, -1)).toThrow(/non-negative integer/);
    expect(() => totpAt(RFC_SECRET, 1.5)).toThrow(/non-negative integer/);
  });
});

describe("verifyTotp", () => {
  const now = 1_111_111_111_000;
  const step = stepOf(now);

  it("accepts the current step and one step either side, returning the step used", () => {
    for (const offset of [-1, 0, 1]) {
      expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + offset), now, null)).toEqual({
        ok: true,
        step: step + offset,
      });
    }
  });

  it("refuses codes two or more steps away", () => {
    for (const offset of [-3, -2, 2, 3]) {
      expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + offset), now, null)).toEqual({
        ok: false,
      });
    }
  });

  it("accepts the RFC vector at its own time", () => {
    expect(verifyTotp(RFC_SECRET, "050471", 1_111_111_111_000, null)).toEqual({ ok: true, step });
  });

  it("refuses a code that was already used, and any earlier code", () => {
    const code = totpAt(RFC_SECRET, step);
    const first = verifyTotp(RFC_SECRET, code, now, null);
    expect(first).toEqual({ ok: true, step });
    expect(verifyTotp(RFC_SECRET, code, now, step)).toEqual({ ok: false });
    expect(verifyTotp(RFC_SECRET, code, now + 30_000, step)).toEqual({ ok: false });
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 1), now, step)).toEqual({ ok: false });
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 1), now, step)).toEqual({
      ok: true,
      step: step + 1,
    });
  });

  it("refuses a code used ahead of time (lastUsedStep in the future)", () => {
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, step), now, step + 1)).toEqual({ ok: false });
  });

  it("ignores spaces in the code", () => {
    const code = totpAt(RFC_SECRET, step);
    expect(verifyTotp(RFC_SECRET, ` ${code.slice(0, 3)} ${code.slice(3)} `, now, null)).toEqual({
      ok: true,
      step,
    });
  });

  it.each([
    "",
    "05047",
    "0504711",
    "05047a",
    "050-471",
    "+50471",
    "０５０４７１",
    "050471\u0000",
    "5.0471",
  ])("refuses the malformed code %j", (code) => {
    expect(verifyTotp(RFC_SECRET, code, now, null)).toEqual({ ok: false });
  });

  it("refuses a wrong code", () => {
    const wrong = String((Number(totpAt(RFC_SECRET, step)) + 1) % 1_000_000).padStart(6, "0");
    const result = verifyTotp(RFC_SECRET, wrong, now, null);
    // The neighbouring steps could, in theory, produce this code; they do not for this vector.
    expect(result).toEqual({ ok: false });
  });

  it("does not look before the epoch", () => {
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, 0), 0, null)).toEqual({ ok: true, step: 0 });
  });
});

describe("otpauthUrl", () => {
  it("builds the key URI with encoded issuer and account", () => {
    const url = otpauthUrl({
      secret: RFC_SECRET,
      accountName: "anna+test@example.se",
      issuer: "KBT Självhjälp",
    });
    expect(url).toBe(
      "otpauth://totp/KBT%20Sj%C3%A4lvhj%C3%A4lp:anna%2Btest%40example.se" +
        "?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=KBT%20Sj%C3%A4lvhj%C3%A4lp" +
        "&algorithm=SHA1&digits=6&period=30",
    );
    const parsed = new URL(url);
    expect(parsed.protocol).toBe("otpauth:");
    expect(parsed.searchParams.get("issuer")).toBe("KBT Självhjälp");
    expect(parsed.searchParams.get("secret")).toBe(RFC_SECRET);
  });

  it("encodes colons, ampersands and question marks so the label and query stay unambiguous", () => {
    const url = otpauthUrl({ secret: "gezd gnbv", accountName: "a:b?c&d", issuer: "X&Y:Z" });
    expect(url).toBe(
      "otpauth://totp/X%26Y%3AZ:a%3Ab%3Fc%26d?secret=GEZDGNBV&issuer=X%26Y%3AZ&algorithm=SHA1&digits=6&period=30",
    );
  });

  it("rejects an invalid secret and an empty issuer or account", () => {
    expect(() => otpauthUrl({ secret: "not base32!", accountName: "a", issuer: "b" })).toThrow(
      /Invalid base32/,
    );
    expect(() => otpauthUrl({ secret: RFC_SECRET, accountName: " ", issuer: "b" })).toThrow(
      /issuer and account/,
    );
    expect(() => otpauthUrl({ secret: RFC_SECRET, accountName: "a", issuer: "" })).toThrow(
      /issuer and account/,
    );
  });
});

describe("qrSvg", () => {
  it("renders an accessible SVG with the label", async () => {
    const url = otpauthUrl({ secret: RFC_SECRET, accountName: "anna@example.se", issuer: "KBT" });
    const svg = await qrSvg(url, "QR-kod för att lägga till kontot i en autentiseringsapp");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="QR-kod för att lägga till kontot i en autentiseringsapp"');
    expect(svg).toMatch(/<\/svg>$/);
    expect(svg).toContain("viewBox=");
  });

  it("escapes the label", async () => {
    const svg = await qrSvg("hello", `Scan "this" & <that> 'now'`);
    expect(svg).toContain('aria-label="Scan &quot;this&quot; &amp; &lt;that&gt; &apos;now&apos;"');
    expect(svg).not.toContain("<that>");
  });
});

describe("recovery codes", () => {
  it("makes ten unique xxxx-xxxx-xxxx codes from the unambiguous alphabet by default", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
      expect(code).not.toMatch(/[0o1lIO]/);
    }
  });

  it("makes the requested number, unique across a large batch", () => {
    expect(generateRecoveryCodes(0)).toEqual([]);
    const many = generateRecoveryCodes(2000);
    expect(many).toHaveLength(2000);
    expect(new Set(many).size).toBe(2000);
    // 12 symbols from 32 = 60 bits; over 24 000 symbols every one of the 32 should occur.
    expect(new Set(many.join("").replace(/-/g, "")).size).toBe(32);
  });

  it("rejects a bad count", () => {
    expect(() => generateRecoveryCodes(-1)).toThrow();
    expect(() => generateRecoveryCodes(1.5)).toThrow();
  });

  it("normalises typed codes: lower case, no spaces or hyphens", () => {
    expect(normalizeRecoveryCode("K7QM-X3VD-9HTE")).toBe("k7qmx3vd9hte");
    expect(normalizeRecoveryCode(" k7qm x3vd 9hte ")).toBe("k7qmx3vd9hte");
    expect(normalizeRecoveryCode("k7qm\u2013x3vd\u2010 9hte\t")).toBe("k7qmx3vd9hte");
    const [code = ""] = generateRecoveryCodes(1);
    expect(normalizeRecoveryCode(code.toUpperCase().replace(/-/g, " "))).toBe(
      code.replace(/-/g, ""),
    );
  });
});
