import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, SERVER_ENTRY } from "./node-flags.ts";

const env = Object.entries(PRODUCTION_ENV).map(([name, value]) => `${name}=${value}`);

describe("how the production server runs", () => {
  it("npm start builds when needed, then runs the bundle with the flags and environment", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node scripts/start.ts && ${env.join(" ")} node ${PRODUCTION_NODE_FLAGS.join(" ")} ${SERVER_ENTRY}`);
  });

  it("the Dockerfile runs the bundle with the same flags and environment", () => {
    const dockerfile = readFileSync("Dockerfile", "utf8");
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...PRODUCTION_NODE_FLAGS, SERVER_ENTRY]);
    for (const line of env) expect(dockerfile).toContain(line);
  });
});
