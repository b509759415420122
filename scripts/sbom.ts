import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The software bill of materials (docs/regulatory/soup.md): a CycloneDX 1.6 JSON SBOM of the
 * runtime dependencies, generated from package-lock.json by `@cyclonedx/cyclonedx-npm` (dev
 * dependencies omitted, reproducible output, validated against the CycloneDX schema), then
 * checked: every component's licence is on the allow-list, and every direct runtime dependency
 * is in the SOUP list with its exact version, its licence and a one-line purpose.
 *
 * `npm run sbom` writes build/sbom.cdx.json (or `--out=<file>`) and fails on any problem;
 * `scripts/sbom.test.ts` runs the same in `npm test`.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Licences every runtime component may carry (SPDX ids): permissive, no copyleft obligations. */
export const LICENCE_ALLOW_LIST: ReadonlySet<string> = new Set([
  "MIT",
  "MIT-0",
  "ISC",
  "0BSD",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "Apache-2.0",
  "BlueOak-1.0.0",
  "Unlicense",
  "PSF-2.0",
]);

/** Packages allowed a licence outside the list, and why (reviewed one by one). */
export const LICENCE_EXCEPTIONS: Readonly<Record<string, { licence: string; why: string }>> = {
  "@fontsource-variable/atkinson-hyperlegible-next": {
    licence: "OFL-1.1",
    why: "a typeface served as a web font; the SIL Open Font License allows bundling it with software",
  },
};

export interface BomComponent {
  name: string;
  group?: string;
  version: string;
  purl?: string;
  licenses?: { license?: { id?: string; name?: string }; expression?: string }[];
}

export interface Bom {
  bomFormat: string;
  specVersion: string;
  metadata?: { component?: { name?: string; version?: string } };
  components: BomComponent[];
}

export function componentName(c: BomComponent): string {
  return c.group ? `${c.group}/${c.name}` : c.name;
}

/** The licence of a component as one SPDX expression ("" when it declares none). */
export function licenceOf(c: BomComponent): string {
  return (c.licenses ?? [])
    .map((l) => l.expression ?? l.license?.id ?? l.license?.name ?? "")
    .filter(Boolean)
    .join(" AND ");
}

/**
 * Whether an SPDX expression is acceptable: with OR, one allowed choice is enough; with AND,
 * every part must be allowed; `X WITH exception` counts as X.
 */
export function licenceAllowed(expression: string, allowed: ReadonlySet<string> = LICENCE_ALLOW_LIST): boolean {
  const bare = expression.replace(/[()]/g, " ").replace(/\s+WITH\s+\S+/g, "").trim();
  if (bare === "") return false;
  if (/\sAND\s/.test(bare)) return bare.split(/\s+(?:AND|OR)\s+/).every((id) => allowed.has(id));
  return bare.split(/\s+OR\s+/).some((id) => allowed.has(id));
}

/** Every component whose licence is missing or not allowed. */
export function licenceProblems(bom: Bom): string[] {
  const problems: string[] = [];
  for (const c of bom.components) {
    const name = componentName(c);
    const licence = licenceOf(c);
    const exception = LICENCE_EXCEPTIONS[name];
    if (exception && exception.licence === licence) continue;
    if (!licenceAllowed(licence)) {
      problems.push(`${name}@${c.version}: licence ${licence || "(none declared)"} is not on the allow-list (scripts/sbom.ts)`);
    }
  }
  return problems;
}

export interface SoupRow {
  name: string;
  version: string;
  licence: string;
  purpose: string;
}

/** The rows of the SOUP table: `| \`name\` | version | licence | purpose |`. */
export function parseSoupTable(markdown: string): SoupRow[] {
  const rows: SoupRow[] = [];
  for (const line of markdown.split("\n")) {
    const match = /^\|\s*`([^`]+)`\s*\|([^|]*)\|([^|]*)\|([^|]*)\|\s*$/.exec(line);
    if (!match) continue;
    const [, name = "", version = "", licence = "", purpose = ""] = match;
    rows.push({ name, version: version.trim(), licence: licence.trim(), purpose: purpose.trim() });
  }
  return rows;
}

/**
 * The SOUP list against package.json and the SBOM: exactly the direct runtime dependencies, each
 * with the version package.json pins, the licence the SBOM records and a purpose of one line.
 */
export function soupProblems(bom: Bom, dependencies: Record<string, string>, soupMarkdown: string): string[] {
  const problems: string[] = [];
  const rows = parseSoupTable(soupMarkdown);
  const byName = new Map(rows.map((row) => [row.name, row]));
  for (const [name, version] of Object.entries(dependencies)) {
    const row = byName.get(name);
    if (!row) {
      problems.push(`${name}: a runtime dependency missing from the SOUP list (docs/regulatory/soup.md)`);
      continue;
    }
    if (row.version !== version) problems.push(`${name}: the SOUP list says ${row.version}, package.json pins ${version}`);
    const component = bom.components.find((c) => componentName(c) === name && c.version === version);
    if (!component) problems.push(`${name}@${version}: not in the SBOM`);
    else if (licenceOf(component) !== row.licence) {
      problems.push(`${name}: the SOUP list says licence ${row.licence}, the SBOM ${licenceOf(component)}`);
    }
    if (row.purpose.length < 10 || row.purpose.length > 200) problems.push(`${name}: its purpose must be one line of 10–200 characters`);
  }
  for (const row of rows) {
    if (!(row.name in dependencies)) problems.push(`${row.name}: in the SOUP list but not a runtime dependency in package.json`);
  }
  if (new Set(rows.map((r) => r.name)).size !== rows.length) problems.push("the SOUP list names a package twice");
  return problems;
}

/** Runs the generator on the lockfile and returns the SBOM it wrote to `outFile`. */
export function generateSbom(outFile: string): Bom {
  mkdirSync(path.dirname(outFile), { recursive: true });
  const cli = path.join(root, "node_modules", "@cyclonedx", "cyclonedx-npm", "bin", "cyclonedx-npm-cli.js");
  const result = spawnSync(
    process.execPath,
    [
      cli,
      "--package-lock-only",
      "--omit",
      "dev",
      "--flatten-components",
      "--output-reproducible",
      "--validate",
      "--spec-version",
      "1.6",
      "--output-format",
      "JSON",
      "--output-file",
      outFile,
      path.join(root, "package.json"),
    ],
    { cwd: root, encoding: "utf8", timeout: 120_000 },
  );
  if (result.status !== 0) {
    throw new Error(`cyclonedx-npm failed (${result.status ?? result.signal}):\n${result.stderr}`);
  }
  return JSON.parse(readFileSync(outFile, "utf8")) as Bom;
}

export function runtimeDependencies(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  return pkg.dependencies;
}

export function soupMarkdown(): string {
  return readFileSync(path.join(root, "docs", "regulatory", "soup.md"), "utf8");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv.find((a) => a.startsWith("--out="))?.slice("--out=".length) ?? path.join(root, "build", "sbom.cdx.json");
  const bom = generateSbom(path.resolve(out));
  const problems = [...licenceProblems(bom), ...soupProblems(bom, runtimeDependencies(), soupMarkdown())];
  for (const problem of problems) console.error(problem);
  console.log(`${out}: ${bom.components.length} runtime components; ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
  process.exit(problems.length ? 1 : 0);
}
