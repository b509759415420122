import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/ensure-build.ts";
import { ensureChromium } from "../../scripts/chromium.ts";
import { EXAMPLE_PRIVACY_ENV } from "../../server/testing/privacy-env.ts";
import { startServer } from "./support/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}

/** Builds when needed, checks for Chromium, and starts one production server for the run. */
export default async function setup(project: TestProject) {
  ensureChromium();
  ensureBuild();
  // A course "day" is one second here, so the pause before a part can be tested end to end. The
  // privacy notice's settings are configured as production must (tests/e2e/privacy.e2e.ts).
  const server = await startServer({ COURSE_DAY_SECONDS: "1", ...EXAMPLE_PRIVACY_ENV });
  project.provide("e2eBaseUrl", server.url);
  return async () => {
    const { code } = await server.stop();
    if (code !== 0) throw new Error(`the e2e server exited with ${code}:\n${server.output()}`);
  };
}
