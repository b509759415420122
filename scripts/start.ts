import { ensureBuild } from "./ensure-build.ts";

/**
 * `npm start`, first step: builds the web app and the server bundle when they are missing or
 * older than their sources. The second step of the script runs the bundle (scripts/node-flags.ts).
 */
try {
  ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
