import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALE_SETTINGS, LOCALES } from "../i18n/locales.ts";
import { CONSENT_MESSAGE_KEYS, CURRENT_CONSENT_VERSION } from "./consent.ts";

/**
 * The words a person consents to, per consent version (ADR 021). When the consent messages
 * change, this fails until CURRENT_CONSENT_VERSION is raised and the new fingerprint recorded here:
 * then every visitor and user is asked again, so no consent on record stands for words nobody saw.
 */
const RECORDED: Record<string, string> = {
  "2026-11-25": "ea6eebf2731c16d6e4ab389493762c4ab1c1a6dcae2f6b03b1a58635e397e886",
};

function lookup(tree: unknown, key: string): string {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof value !== "string") throw new Error(`${key}: missing`);
  return value;
}

function consentFingerprint(): string {
  const texts = LOCALES.map((locale) => {
    const file = path.resolve(import.meta.dirname, "../i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`);
    const messages: unknown = JSON.parse(readFileSync(file, "utf8"));
    return CONSENT_MESSAGE_KEYS.map((key) => [locale, key, lookup(messages, key)]);
  });
  return createHash("sha256").update(JSON.stringify(texts)).digest("hex");
}

describe("the consent text", () => {
  it("is the text recorded for the current consent version", () => {
    expect(
      consentFingerprint(),
      "The consent messages changed: raise CURRENT_CONSENT_VERSION (common/auth/consent.ts) and record the new fingerprint under it.",
    ).toBe(RECORDED[CURRENT_CONSENT_VERSION]);
  });

  it("names health information, the anonymous statistics and the age of 18 in every language", () => {
    const words: Record<string, RegExp[]> = {
      sv: [/hälsa/, /statistik/, /18 år/],
      en: [/health/, /statistics/, /18 or older/],
      no: [/helse/, /statistikk/, /18 år/],
      da: [/sundhed|helbred/, /statistik/, /18 år/],
    };
    for (const locale of LOCALES) {
      const file = path.resolve(import.meta.dirname, "../i18n/locales", `${LOCALE_SETTINGS[locale].messages}.json`);
      const messages: unknown = JSON.parse(readFileSync(file, "utf8"));
      const onboarding = ["screening.onboarding.consent", "screening.onboarding.adult"].map((k) => lookup(messages, k)).join(" ");
      const registration = ["accounts.complete.health", "accounts.complete.adult"].map((k) => lookup(messages, k)).join(" ");
      for (const pattern of words[locale] ?? []) {
        expect(onboarding, `${locale} onboarding`).toMatch(pattern);
        expect(registration, `${locale} registration`).toMatch(pattern);
      }
    }
  });
});
