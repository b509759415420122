import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PRODUCTION_NODE_FLAGS } from "./node-flags.ts";

describe("the production server's V8 flags", () => {
  it("npm start runs with them", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${PRODUCTION_NODE_FLAGS.join(" ")} scripts/start.ts`);
  });

  it("the Dockerfile's CMD runs with them", () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(["node", ...PRODUCTION_NODE_FLAGS, "server/main.ts"]);
  });
});
