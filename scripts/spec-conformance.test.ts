import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/spec-conformance.md stays true: every test it names exists, every ADR it links exists,
 * every quote is the specification's own words, and every line of §2–§9 has a row.
 */
const DOC = path.resolve("docs/spec-conformance.md");
const doc = readFileSync(DOC, "utf8");

/**
 * The specification: a copy is committed in `docs/spec/specification.md`, so the check runs on any
 * clone; when the shared original (`shared/spec/specification.md` beside this checkout or above
 * it) is present, the copy must equal it, so a change of the contract is noticed.
 */
const COPY = path.resolve("docs/spec/specification.md");
function sharedSpecification(): string | undefined {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "shared", "spec", "specification.md");
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

const rows = doc.split("\n").filter((line) => line.startsWith("| «"));
const quotes = rows.map((row) => (/«(.+?)»/.exec(row)?.[1] ?? "").replace(/\\\|/g, "|"));
const proofs = [...doc.matchAll(/`([^`\s]+?\.(?:test\.tsx?|e2e\.ts))` › "([^"]+)"/g)].map((m) => ({ file: m[1] ?? "", name: m[2] ?? "" }));

describe("docs/spec-conformance.md", () => {
  it("names tests that exist: the file, and the quoted part of the test's name in it", () => {
    expect(proofs.length).toBeGreaterThan(100);
    const missing = proofs.filter(({ file, name }) => {
      const full = path.resolve(file);
      return !existsSync(full) || !readFileSync(full, "utf8").includes(name);
    });
    expect(missing.map(({ file, name }) => `${file} › "${name}"`)).toEqual([]);
  });

  it("links ADRs that exist", () => {
    const links = [...doc.matchAll(/\]\((decisions\/[^)]+\.md)\)/g)].map((m) => m[1] ?? "");
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !existsSync(path.resolve("docs", link)))).toEqual([]);
  });

  it("gives every row a proof, a departure's ADR, or says why there is none", () => {
    const bare = rows.filter((row) => !/› "|\(decisions\/|— /.test(row.split("|").slice(-2).join("|")));
    expect(bare).toEqual([]);
  });

  it("quotes the specification word for word and covers every line of §2–§9", () => {
    const spec = readFileSync(COPY, "utf8");
    const original = sharedSpecification();
    if (original) expect(spec, `${COPY} differs from ${original}: copy the new contract and review the rows`).toBe(readFileSync(original, "utf8"));
    expect(quotes.filter((q) => !spec.includes(q))).toEqual([]);
    const start = spec.indexOf("## 2.");
    const end = spec.indexOf("\n## 10.");
    const lines = spec
      .slice(start, end === -1 ? undefined : end)
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#") && !/^\|[-| ]+\|$/.test(line) && !/^\| (Screen|Call) \|/.test(line));
    expect(lines.length).toBeGreaterThan(100);
    expect(lines.filter((line) => !quotes.some((q) => q && line.includes(q)))).toEqual([]);
  });
});
