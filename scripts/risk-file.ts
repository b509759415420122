import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Reads the risk file (docs/regulatory/risks.md): hazards (`### H<n> — title`), their fields,
 * their controls (`<n>. **C<h>.<n> …**`) and what verifies each control: test references
 * (`` `file` › "test name" ``), the pending marker (*Control pending issue N.*), or a process. Pure parsing plus a
 * check of each reference against the test file it names; `scripts/risk-file.test.ts` runs it.
 */

export const PENDING_MARKER = /Control pending issue \d+\./;
export const PROCESS_MARKER = "Process:";

export interface TestReference {
  file: string;
  name: string;
}

export interface Control {
  id: string;
  text: string;
  references: TestReference[];
  pending: boolean;
  process: boolean;
}

export interface Hazard {
  id: string;
  title: string;
  fields: Set<string>;
  controls: Control[];
}

const HAZARD = /^### (H\d+) — (.+)$/;
const CONTROL = /^\s*\d+\.\s+\*\*(C\d+\.\d+)\b/;
const FIELD = /\*\*(Hazardous situation|Cause|Severity|Probability before control|Risk|Controls|Residual risk)\*\*/g;
const REFERENCE = /`([^`]+)`\s*›\s*"([^"]+)"/g;

export function parseRiskFile(markdown: string): { hazards: Hazard[]; postMarket: TestReference[] } {
  const hazards: Hazard[] = [];
  const postMarket: TestReference[] = [];
  let hazard: Hazard | null = null;
  let control: Control | null = null;
  let section: "hazards" | "post-market" | "other" = "other";
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ")) {
      section = line.startsWith("## Hazards") ? "hazards" : line.startsWith("## Post-market") ? "post-market" : "other";
      hazard = null;
      control = null;
      continue;
    }
    if (section === "post-market") {
      for (const [, file = "", name = ""] of line.matchAll(REFERENCE)) postMarket.push({ file, name });
      continue;
    }
    if (section !== "hazards") continue;
    const heading = HAZARD.exec(line);
    if (heading) {
      hazard = { id: heading[1] ?? "", title: heading[2] ?? "", fields: new Set(), controls: [] };
      hazards.push(hazard);
      control = null;
      continue;
    }
    if (!hazard) continue;
    for (const [, field = ""] of line.matchAll(FIELD)) hazard.fields.add(field);
    if (line.includes("**Residual risk**")) control = null;
    const start = CONTROL.exec(line);
    if (start) {
      control = { id: start[1] ?? "", text: line.trim(), references: [], pending: false, process: false };
      hazard.controls.push(control);
    }
    if (!control) continue;
    if (!start) control.text += ` ${line.trim()}`;
    for (const [, file = "", name = ""] of line.matchAll(REFERENCE)) control.references.push({ file, name });
  }
  for (const h of hazards) {
    for (const c of h.controls) {
      c.pending = PENDING_MARKER.test(c.text);
      c.process = c.text.includes(PROCESS_MARKER);
    }
  }
  return { hazards, postMarket };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether `source` defines a test (not skipped, not a todo) with exactly this title: `it(` or
 * `test(`, possibly `.each(…)(` or `.concurrent(`, then the title as a string literal.
 */
export function definesTest(source: string, name: string): boolean {
  const title = escapeRegExp(name);
  const pattern = new RegExp(
    String.raw`\b(?:it|test)(?:\.(?:concurrent|sequential))?(?:\.each\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\(\s*(["'\x60])${title}\1`,
  );
  return pattern.test(source);
}

/** Problems with one reference: the file is missing, or holds no such test. */
export function referenceProblem(root: string, ref: TestReference): string | null {
  const file = path.join(root, ref.file);
  if (!/\.(test|e2e)\.tsx?$/.test(ref.file)) return `${ref.file}: not a test file`;
  if (!existsSync(file)) return `${ref.file}: no such file`;
  if (!definesTest(readFileSync(file, "utf8"), ref.name)) return `${ref.file}: no test named "${ref.name}"`;
  return null;
}

/** Every structural problem of the file: hazards without fields or controls, controls without verification. */
export function structureProblems(hazards: Hazard[]): string[] {
  const problems: string[] = [];
  const required = ["Hazardous situation", "Cause", "Severity", "Probability before control", "Risk", "Controls", "Residual risk"];
  const ids = new Set<string>();
  for (const hazard of hazards) {
    for (const field of required) if (!hazard.fields.has(field)) problems.push(`${hazard.id}: no ${field}`);
    if (hazard.controls.length === 0) problems.push(`${hazard.id}: no control`);
    for (const control of hazard.controls) {
      if (ids.has(control.id)) problems.push(`${control.id}: used twice`);
      ids.add(control.id);
      if (!control.id.startsWith(`C${hazard.id.slice(1)}.`)) problems.push(`${control.id}: belongs to another hazard than ${hazard.id}`);
      const kinds = [control.references.length > 0, control.pending, control.process].filter(Boolean).length;
      if (kinds === 0) problems.push(`${control.id}: neither a test reference, the pending marker nor a process`);
      if (kinds > 1) problems.push(`${control.id}: must be exactly one of tested, pending or process`);
    }
    if (!hazard.controls.some((c) => c.references.length > 0 || c.pending)) {
      problems.push(`${hazard.id}: no control verified by a test (or pending one)`);
    }
  }
  return problems;
}

export function readRiskFile(root: string): string {
  return readFileSync(path.join(root, "docs", "regulatory", "risks.md"), "utf8");
}
