import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, SERVER_EXTERNAL_PACKAGES } from "./build-server.ts";

/** The package a bare specifier names: "react-router/route-pattern" → "react-router". */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/** Every module the bundle's files load by a bare name: static and dynamic imports, and require. */
function bareSpecifiers(bundle: string): string[] {
  // Comment lines left out: the packages' JSDoc names types as import("fastify").
  const code = bundle
    .split("\n")
    .filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line))
    .join("\n");
  const found = new Set<string>();
  const patterns = [
    /^(?:import|export)\s[^;"]*?\bfrom\s*"([^"\s]+)"/gm,
    /^import\s*"([^"\s]+)"/gm,
    /\bimport\(\s*"([^"\s]+)"\s*\)/g,
    /\b__require\(\s*"([^"\s]+)"\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1] ?? "";
      if (!specifier.startsWith(".") && !specifier.startsWith("/")) found.add(specifier);
    }
  }
  return [...found];
}

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("the production server's bundle (ADR 024, ADR 031)", () => {
  let outDir = "";
  let files: { name: string; code: string }[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(os.tmpdir(), "kbt-server-bundle-"));
    await buildServer(process.cwd(), outDir);
    files = readdirSync(outDir)
      .filter((name) => name.endsWith(".js"))
      .map((name) => ({ name, code: readFileSync(path.join(outDir, name), "utf8") }));
  }, 120_000);

  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it("loads from node_modules only the packages named as external, the others are compiled in", () => {
    const loaded = new Set(files.flatMap((f) => bareSpecifiers(f.code)).filter((s) => !builtins.has(s)).map(packageOf));
    // The bundle does use packages: the database driver and the web app's React Router at least.
    expect(loaded).toContain("pg");
    expect(loaded).toContain("react-router");
    const allowed = new Set(Object.keys(SERVER_EXTERNAL_PACKAGES));
    expect([...loaded].filter((name) => !allowed.has(name))).toEqual([]);
    // Fastify, Drizzle, YAML and nodemailer, among others, are inside.
    const main = files.find((f) => f.name === "main.js")?.code ?? "";
    for (const inside of ["node_modules/fastify/fastify.js", "node_modules/drizzle-orm/", "node_modules/yaml/", "node_modules/nodemailer/"]) {
      expect(main, inside).toContain(`// ${inside}`);
    }
  });

  it("has no __dirname or __filename, which an ES module lacks (a package that needs them stays external)", () => {
    for (const { name, code } of files) {
      expect(code.match(/\b__(dirname|filename)\b/g) ?? [], name).toEqual([]);
    }
  });

  it("every external package is a production dependency (the image installs only those)", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(SERVER_EXTERNAL_PACKAGES).filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });
});
