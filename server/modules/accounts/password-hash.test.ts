import { hash, parseOptions } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import {
  ARGON2_OPTIONS,
  DUMMY_HASH,
  dummyVerify,
  hashPassword,
  needsRehash,
  verifyPassword,
} from "./password-hash.ts";

const PLAIN = "lugn och ro i kväll";

describe("hashPassword and verifyPassword", () => {
  it("stores an argon2id PHC string with m=19456, t=2, p=1 and a fresh salt", async () => {
    const first = await hashPassword(PLAIN);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]{43}$/);
    expect(parseOptions(first)).toMatchObject({ outputLen: 32 });
    expect(await hashPassword(PLAIN)).not.toBe(first);
  });

  it("verifies the right password (round trip)", async () => {
    expect(await verifyPassword(await hashPassword(PLAIN), PLAIN)).toBe(true);
  });

  it("refuses a wrong password, including one that differs only in case or a trailing space", async () => {
    const phc = await hashPassword(PLAIN);
    expect(await verifyPassword(phc, "lugn och ro i kvall")).toBe(false);
    expect(await verifyPassword(phc, "Lugn och ro i kväll")).toBe(false);
    expect(await verifyPassword(phc, `${PLAIN} `)).toBe(false);
    expect(await verifyPassword(phc, "")).toBe(false);
  });

  it("normalises with NFKC before hashing and before verifying", async () => {
    const ligature = await hashPassword("ﬁka på ﬁket");
    expect(await verifyPassword(ligature, "fika på fiket")).toBe(true);
    const plain = await hashPassword("fika på fiket");
    expect(await verifyPassword(plain, "ﬁka på ﬁket")).toBe(true);
    // Decomposed "å" (a + ring) is the same password as the composed one.
    expect(await verifyPassword(plain, "fika pa\u030a fiket")).toBe(true);
  });

  it("answers false, without throwing, for a malformed hash", async () => {
    for (const phc of [
      "",
      "not a hash",
      "$argon2id$v=19$m=19456,t=2,p=1$",
      "$2b$10$abcdefghijklmnopqrstuv",
    ]) {
      await expect(verifyPassword(phc, PLAIN)).resolves.toBe(false);
    }
  });
});

describe("needsRehash", () => {
  it("is false for a hash made now", async () => {
    expect(needsRehash(await hashPassword(PLAIN))).toBe(false);
  });

  it("is true for a hash made with m=4096, which still verifies", async () => {
    const weak = await hash(PLAIN, { ...ARGON2_OPTIONS, memoryCost: 4096 });
    expect(weak).toContain("$m=4096,");
    expect(needsRehash(weak)).toBe(true);
    expect(await verifyPassword(weak, PLAIN)).toBe(true);
  });

  it("is true when another parameter differs", async () => {
    expect(needsRehash(await hash(PLAIN, { ...ARGON2_OPTIONS, timeCost: 3 }))).toBe(true);
    expect(needsRehash(await hash(PLAIN, { ...ARGON2_OPTIONS, parallelism: 2 }))).toBe(true);
    expect(needsRehash(await hash(PLAIN, { ...ARGON2_OPTIONS, outputLen: 16 }))).toBe(true);
    expect(needsRehash(await hash(PLAIN, { ...ARGON2_OPTIONS, algorithm: 1 /* Argon2i */ }))).toBe(
      true,
    );
  });

  it("is true for a malformed hash", () => {
    expect(needsRehash("")).toBe(true);
    expect(needsRehash("not a hash")).toBe(true);
  });
});

describe("dummyVerify", () => {
  it("verifies against a hash made with today's options, so it costs what a real one does", () => {
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it("always answers false and never throws", async () => {
    await expect(dummyVerify(PLAIN)).resolves.toBe(false);
    await expect(dummyVerify("")).resolves.toBe(false);
  });
});
