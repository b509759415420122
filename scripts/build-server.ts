import path from "node:path";
import { build } from "vite";

/**
 * The production server as one JavaScript bundle (build/server-app/main.js, ADR 024): the server's
 * and common/'s TypeScript compiled once at build time, packages left in node_modules. The process
 * then never loads Node's TypeScript stripper (about 17 MB resident) nor hundreds of separate
 * module sources. The bundle sits two folders below the project root, as server/lib/ does, so
 * server/lib/project-root.ts finds the root the same way from both.
 */
export const SERVER_BUNDLE_DIR = path.join("build", "server-app");
export const SERVER_BUNDLE = path.join(SERVER_BUNDLE_DIR, "main.js");

export async function buildServer(root = process.cwd()): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    // Vite would read .env files and replace process.env.NODE_ENV: the server reads its own env.
    envDir: false,
    define: {},
    build: {
      ssr: path.join(root, "server", "main.ts"),
      outDir: path.join(root, SERVER_BUNDLE_DIR),
      emptyOutDir: true,
      target: "node22",
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: {
        output: { format: "esm", entryFileNames: "main.js", chunkFileNames: "[name]-[hash].js" },
      },
    },
    ssr: { target: "node" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
