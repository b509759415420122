import { ensureBuild } from "./ensure-build.ts";

/** `npm start`: builds the web app when needed, then runs the production server in this process. */
try {
  ensureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import("../server/main.ts");
