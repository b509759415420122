import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { instruments } from "../instruments/registry.ts";

/** docs/clinical/instruments.md says what the code does: items, range, bands, licence, languages. */
const doc = readFileSync(path.resolve("docs/clinical/instruments.md"), "utf8");

/** The section of one instrument: from its heading to the next. */
function section(id: string): string {
  const start = doc.indexOf(`## \`${id}\``);
  if (start < 0) return "";
  const next = doc.indexOf("\n## ", start + 1);
  return doc.slice(start, next < 0 ? undefined : next);
}

describe.each(Object.values(instruments).map((instrument) => [instrument.id, instrument] as const))("docs/clinical/instruments.md: %s", (id, instrument) => {
  it("the summary row has the scored items, the range and every band with its cut-offs and severity", () => {
    const row = doc.split("\n").find((line) => line.startsWith(`| \`${id}\` |`)) ?? "";
    const cells = row.split("|").map((cell) => cell.trim());
    expect(cells[2]).toMatch(new RegExp(`^${instrument.items.filter((i) => !i.unscored).length}\\b`));
    expect(cells[3]).toBe(`0–${instrument.maxScore}`);
    const bands = [...(cells[4] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(bands).toEqual(instrument.bands.map((b) => `${b.id} ${b.min}-${b.max} s${b.severity}`));
  });

  it("its section states the licence of the code and a text source and validation status for every language", () => {
    const text = section(id);
    expect(text).toContain(instrument.licence);
    for (const locale of ["sv", "en", "no", "da"]) expect(text, locale).toMatch(new RegExp(`^\\| ${locale} \\| [^|]+ \\| [^|]+ \\|$`, "m"));
  });
});

it("documents no instrument the code does not have", () => {
  const documented = [...doc.matchAll(/^## `([a-z0-9]+)`/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual(Object.keys(instruments).sort());
});
