import { defineConfig } from "vitest/config";
import e2e from "./vitest.e2e.config.ts";

/** `npm run screenshots`: the screenshot tour (tests/screens), on the e2e server. */
export default defineConfig({ ...e2e, test: { ...e2e.test, include: ["tests/screens/**/*.shots.ts"] } });
