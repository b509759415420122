import { describe, expect, it } from "vitest";
import { newNonce } from "./security-headers.ts";

describe("newNonce", () => {
  it("hands out 16-byte base64 nonces that never repeat, across refills of its random block", () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
