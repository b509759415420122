import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { instruments } from "./registry.ts";
import type { Instrument, InstrumentId } from "./types.ts";

/**
 * Risk control C7.1 (docs/regulatory/risks.md, H7 "an outdated or altered instrument text"): the
 * validated part of each questionnaire — stem with its time frame, every item, every answer
 * label, reverse scoring and band boundaries, in all four languages — is pinned by a SHA-256
 * fingerprint. Changing any of it fails here until the new text has been compared with the
 * official version of the instrument in that language and the new fingerprint is recorded below
 * with the date of that review. Band names and their plain-language explanations are the
 * product's own words, not the instrument's, and are not pinned.
 */
const REVIEWED: Record<InstrumentId, { sha256: string; recorded: string }> = {
  phq9: { sha256: "10fe2a816d8b8f6cfff6f3f7164ce8efcfaeb34344d7ddc92e7a5747bcf51ba9", recorded: "2026-11-25" },
  phq2: { sha256: "5eb4b086a09ced676de145ff29ee4352a931b06c46a4f2b9a34192db7332dce7", recorded: "2026-11-25" },
  gad7: { sha256: "3fda107659a3ef654dcdc6b571e996edf8104723cedd5b0e8191b7ed490f7acd", recorded: "2026-11-25" },
  gad2: { sha256: "6d1e89d6a4b263128b2253791d31a8b3d884b29616683c75d027979160c1d9f5", recorded: "2026-11-25" },
  pss10: { sha256: "27082a7c6774fbc4f3556aebca5e31f31e8dcafd1ab98776339df56142107382", recorded: "2026-11-25" },
  pss4: { sha256: "b9b8b70170af052a48775e4c8bbc2ff6e75290c94ef83297cd65890ad788f8f3", recorded: "2026-11-25" },
  miss: { sha256: "748c6abdde2a34d0a9aa7ef13227fc82b3ce9d40d7d85ff16cc4d098f081f033", recorded: "2026-11-25" },
};

/** The validated text and structure of an instrument, in a stable order. */
function validatedPart(instrument: Instrument): unknown {
  return {
    intro: instrument.intro,
    options: instrument.options.map((o) => [o.value, o.label]),
    items: instrument.items.map((item) => ({
      id: item.id,
      text: item.text,
      reverse: item.reverse === true,
      options: item.options?.map((o) => [o.value, o.label]) ?? null,
    })),
    bands: instrument.bands.map((b) => [b.min, b.max]),
    maxScore: instrument.maxScore,
  };
}

function fingerprint(instrument: Instrument): string {
  return createHash("sha256").update(JSON.stringify(validatedPart(instrument))).digest("hex");
}

describe("instrument texts (risk control C7.1)", () => {
  it("pins every instrument of the registry", () => {
    expect(Object.keys(REVIEWED).sort()).toEqual(Object.keys(instruments).sort());
  });

  it.each(Object.keys(instruments) as InstrumentId[])("%s: the texts are the reviewed ones", (id) => {
    const entry = REVIEWED[id];
    expect(
      fingerprint(instruments[id]),
      `${id}: the wording, scale or bands changed. Compare them with the official version in every language, then record the new fingerprint and the date here.`,
    ).toBe(entry.sha256);
    expect(entry.recorded).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("notices a changed word", () => {
    const changed: Instrument = {
      ...instruments.phq9,
      items: instruments.phq9.items.map((item, i) => (i === 8 ? { ...item, text: { ...item.text, sv: `${item.text.sv}.` } } : item)),
    };
    expect(fingerprint(changed)).not.toBe(fingerprint(instruments.phq9));
  });
});
