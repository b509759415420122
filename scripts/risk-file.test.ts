import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { definesTest, parseRiskFile, readRiskFile, referenceProblem, structureProblems } from "./risk-file.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { hazards, postMarket } = parseRiskFile(readRiskFile(root));

describe("the risk file (docs/regulatory/risks.md)", () => {
  it("names every hazard of the issue, each with cause, severity, probability and controls", () => {
    const titles = hazards.map((h) => h.title.toLowerCase());
    for (const hazard of [
      "a missed self-harm answer",
      "a wrong ranking",
      "a wrong crisis number",
      "a lost worksheet",
      "a lost second factor",
      "another person's data shown",
      "an outdated",
      "an unreachable service",
    ]) {
      expect(titles.some((t) => t.startsWith(hazard)), hazard).toBe(true);
    }
    expect(structureProblems(hazards)).toEqual([]);
  });

  it("every test a control or the post-market section refers to exists, under that exact name", () => {
    const references = [...hazards.flatMap((h) => h.controls.flatMap((c) => c.references)), ...postMarket];
    expect(references.length).toBeGreaterThan(40);
    expect(references.map((ref) => referenceProblem(root, ref)).filter(Boolean)).toEqual([]);
  });

  it("has no control pending: every planned control is built and verified", () => {
    const pending = hazards.flatMap((h) => h.controls.filter((c) => c.pending).map((c) => c.id));
    expect(pending).toEqual([]);
  });

  it("has a post-market section with the safety route and its test", () => {
    expect(postMarket).toContainEqual(expect.objectContaining({ file: "server/api/v1/contact/safety-report.test.ts" }));
  });
});

describe("the risk file check catches what it is for", () => {
  it("a hazard without a control, a control without verification, a missing field", () => {
    const { hazards: parsed } = parseRiskFile(
      [
        "## Hazards",
        "### H1 — Something",
        "- **Hazardous situation**: x. **Cause**: y.",
        "- **Severity**: S3. **Probability before control**: P3. **Risk**: unacceptable.",
        "- **Controls**",
        "  1. **C1.1 Does a thing** (design).",
        "- **Residual risk**: fine.",
        "### H2 — Something else",
        "- **Hazardous situation**: x. **Cause**: y. **Severity**: S1. **Probability before control**: P1. **Risk**: ok.",
        "- **Controls**",
        "- **Residual risk**: fine.",
        "### H3 — Pending and process only",
        "- **Hazardous situation**: x. **Cause**: y. **Severity**: S1. **Probability before control**: P1. **Risk**: ok.",
        "- **Controls**",
        "  1. **C3.1 Later** (design). *Control pending issue 23.*",
        "- **Residual risk**: fine.",
      ].join("\n"),
    );
    expect(structureProblems(parsed)).toEqual([
      "C1.1: neither a test reference, the pending marker nor a process",
      "H1: no control verified by a test (or pending one)",
      "H2: no control",
      "H2: no control verified by a test (or pending one)",
    ]);
  });

  it("a reference to a renamed, skipped or missing test, or to a file that is gone", () => {
    const source = [
      'it("plain name", () => {});',
      "it.each([1, 2])(\"with %i\", (n) => {});",
      'it.skip("skipped name", () => {});',
      'describe("a describe title", () => {});',
    ].join("\n");
    expect(definesTest(source, "plain name")).toBe(true);
    expect(definesTest(source, "with %i")).toBe(true);
    expect(definesTest(source, "plain")).toBe(false);
    expect(definesTest(source, "skipped name")).toBe(false);
    expect(definesTest(source, "a describe title")).toBe(false);
    expect(referenceProblem(root, { file: "server/app.test.ts", name: "no such test" })).toBe('server/app.test.ts: no test named "no such test"');
    expect(referenceProblem(root, { file: "server/gone.test.ts", name: "x" })).toBe("server/gone.test.ts: no such file");
  });
});
