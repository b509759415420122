import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  generateSbom,
  licenceAllowed,
  licenceProblems,
  runtimeDependencies,
  soupMarkdown,
  soupProblems,
  type Bom,
} from "./sbom.ts";

const dir = mkdtempSync(path.join(tmpdir(), "kbt-sbom-"));
let bom: Bom;

beforeAll(() => {
  bom = generateSbom(path.join(dir, "sbom.cdx.json"));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the SBOM (CycloneDX, from the lockfile)", () => {
  it("is a CycloneDX 1.6 document of the application with every runtime dependency and none of the dev tools", () => {
    expect(bom.bomFormat).toBe("CycloneDX");
    expect(bom.specVersion).toBe("1.6");
    expect(bom.metadata?.component?.name).toBe("kbt-self-help");
    const names = new Set(bom.components.map((c) => (c.group ? `${c.group}/${c.name}` : c.name)));
    for (const name of Object.keys(runtimeDependencies())) expect(names).toContain(name);
    for (const dev of ["vitest", "eslint", "@cyclonedx/cyclonedx-npm", "drizzle-kit"]) expect(names).not.toContain(dev);
    // Transitive runtime components are there too (fastify's own dependencies, for one).
    expect(names).toContain("light-my-request");
    for (const c of bom.components) expect(c.purl).toMatch(/^pkg:npm\//);
  });

  it("declares an allowed licence for every runtime component", () => {
    expect(licenceProblems(bom)).toEqual([]);
  });

  it("matches the SOUP list: every direct runtime dependency with its version, licence and purpose", () => {
    expect(soupProblems(bom, runtimeDependencies(), soupMarkdown())).toEqual([]);
  });
});

describe("the checks catch what they are for", () => {
  const component = (name: string, licence: string | null) => ({
    name,
    version: "1.0.0",
    purl: `pkg:npm/${name}@1.0.0`,
    licenses: licence === null ? [] : [{ license: { id: licence } }],
  });

  it("refuses a copyleft, an unknown or a missing licence", () => {
    const fake: Bom = {
      bomFormat: "CycloneDX",
      specVersion: "1.6",
      components: [component("a", "GPL-3.0-only"), component("b", "LicenseRef-custom"), component("c", null), component("d", "MIT")],
    };
    expect(licenceProblems(fake)).toEqual([
      expect.stringContaining("a@1.0.0: licence GPL-3.0-only"),
      expect.stringContaining("b@1.0.0: licence LicenseRef-custom"),
      expect.stringContaining("c@1.0.0: licence (none declared)"),
    ]);
  });

  it("reads SPDX expressions: one allowed choice of an OR, every part of an AND", () => {
    expect(licenceAllowed("(MIT OR GPL-3.0-only)")).toBe(true);
    expect(licenceAllowed("MIT AND GPL-3.0-only")).toBe(false);
    expect(licenceAllowed("Apache-2.0 WITH LLVM-exception")).toBe(true);
    expect(licenceAllowed("")).toBe(false);
  });

  it("refuses a SOUP list that misses a dependency, pins another version or lists one that is gone", () => {
    const fake: Bom = { bomFormat: "CycloneDX", specVersion: "1.6", components: [component("a", "MIT"), component("b", "ISC")] };
    const markdown = [
      "| package | version | licence | purpose |",
      "|---|---|---|---|",
      "| `a` | 0.9.0 | MIT | Does the thing the product needs. |",
      "| `gone` | 1.0.0 | MIT | Was used once upon a time. |",
    ].join("\n");
    expect(soupProblems(fake, { a: "1.0.0", b: "1.0.0" }, markdown)).toEqual([
      "a: the SOUP list says 0.9.0, package.json pins 1.0.0",
      "b: a runtime dependency missing from the SOUP list (docs/regulatory/soup.md)",
      "gone: in the SOUP list but not a runtime dependency in package.json",
    ]);
  });
});
