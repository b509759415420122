import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's root folder (where package.json, content/ and server/ are), for files the server
 * reads at run time (migrations, the common-password list, message files). Found from this file,
 * two folders down: server/lib/ in the sources, and build/server-app/ in the production bundle
 * (scripts/build-server.ts), which inlines this module at the same depth.
 */
export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A path under the project's root, written with forward slashes. */
export function projectPath(relative: string): string {
  return path.join(PROJECT_ROOT, ...relative.split("/"));
}
