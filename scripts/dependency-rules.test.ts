import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The dependency check of `npm run lint` (.dependency-cruiser.mjs) can fail: files that break a
 * rule are planted in the tree (and removed again), and the checker is run on them as lint runs it.
 */
const root = process.cwd();
const depcruise = path.join(
  root,
  "node_modules",
  "dependency-cruiser",
  "bin",
  "dependency-cruiser.mjs",
);
/** What `npm run lint` checks (package.json) and `npm test`'s lint step (scripts/test.ts). */
const LINTED = ["app", "common", "server", "scripts", "tests"];

function check(paths: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [depcruise, "--config", ".dependency-cruiser.mjs", "--output-type", "err", ...paths],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** Writes files (paths relative to the project), runs `body`, and removes them whatever happens. */
async function planted<T>(
  files: Record<string, string>,
  remove: string[],
  body: () => Promise<T>,
): Promise<T> {
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return await body();
  } finally {
    for (const p of remove) rmSync(path.join(root, p), { recursive: true, force: true });
  }
}

describe("the dependency check (npm run lint)", () => {
  it("fails on a circle, on an import in the wrong direction, on a service importing a plugin and on a service importing fastify; passes the real tree", async () => {
    const id = `zz-dependency-rule-${randomBytes(4).toString("hex")}`;
    const circle = `server/${id}`;
    const common = `common/${id}.ts`;
    const service = `server/modules/${id}`;
    await planted(
      {
        // Type-only imports count: the circle is made of them.
        [`${circle}/a.ts`]: `import type { B } from "./b.ts";\nexport interface A { b?: B }\n`,
        [`${circle}/b.ts`]: `import type { A } from "./a.ts";\nexport interface B { a?: A }\n`,
        [common]: `import type { Clock } from "../server/lib/clock.ts";\nexport type Planted = Clock;\n`,
        [`${service}/service.ts`]: `import { csrfPlugin } from "../../plugins/csrf.ts";\nexport const planted = csrfPlugin;\n`,
        [`${service}/http.ts`]: `import type { FastifyRequest } from "fastify";\nexport type Planted = FastifyRequest;\n`,
      },
      [circle, common, service],
      async () => {
        // Two runs side by side: the planted files alone, and the real tree without them.
        const [plants, real] = await Promise.all([
          check([circle, common, service]),
          check(["--exclude", id, ...LINTED]),
        ]);
        expect(plants.code, plants.output).not.toBe(0);
        const lines = plants.output.split("\n");
        const violation = (rule: string, file: string) =>
          lines.some((l) => l.includes(`error ${rule}: ${file}`));
        expect(violation("no-circular", `${circle}/`), plants.output).toBe(true);
        expect(violation("common-imports-neither-half", common), plants.output).toBe(true);
        expect(
          violation("modules-not-to-endpoints-or-plugins", `${service}/service.ts`),
          plants.output,
        ).toBe(true);
        expect(violation("modules-without-fastify", `${service}/http.ts`), plants.output).toBe(true);
        expect(real.code, real.output).toBe(0);
        expect(real.output).toContain("no dependency violations found");
      },
    );
  }, 60_000);
});
