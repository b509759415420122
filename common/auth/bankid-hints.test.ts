import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allBankidHintKeys, bankidHintKey } from "./bankid-hints.ts";

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], tree);
}

describe("BankID hint messages", () => {
  it("picks BankID's recommended message by hint code, status and device", () => {
    expect(bankidHintKey("pending", "outstandingTransaction", "same")).toBe("bankid.hints.outstandingTransactionSame");
    expect(bankidHintKey("pending", "outstandingTransaction", "other")).toBe("bankid.hints.outstandingTransactionOther");
    expect(bankidHintKey("pending", "userSign", "other")).toBe("bankid.hints.userSign");
    expect(bankidHintKey("failed", "startFailed", "other")).toBe("bankid.hints.startFailedOther");
    expect(bankidHintKey("pending", "somethingNew", "same")).toBe("bankid.hints.pending");
    expect(bankidHintKey("failed", null, "same")).toBe("bankid.hints.failed");
  });

  it("has every message in all four languages", () => {
    for (const lang of ["sv", "en", "nb", "da"]) {
      const tree = JSON.parse(readFileSync(`common/i18n/locales/${lang}.json`, "utf8")) as Tree;
      for (const key of allBankidHintKeys()) expect(typeof lookup(tree, key), `${lang} ${key}`).toBe("string");
    }
  });
});
