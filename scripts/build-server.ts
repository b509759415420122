import path from "node:path";
import { build } from "vite";

/**
 * The production server as one JavaScript bundle (build/server-app/main.js, ADR 024): the server's
 * and common/'s TypeScript compiled once at build time, with the packages it alone uses (ADR 031).
 * The process then never loads Node's TypeScript stripper (about 17 MB resident) nor about 500
 * separate package modules, each of which Node's module loader resolves and, for ES modules, walks
 * up the folders for its package.json to learn its format. The bundle sits two folders below the
 * project root, as server/lib/ does, so server/lib/project-root.ts finds the root the same way from
 * both.
 */
export const SERVER_BUNDLE_DIR = path.join("build", "server-app");
export const SERVER_BUNDLE = path.join(SERVER_BUNDLE_DIR, "main.js");

/**
 * The packages the bundle imports from node_modules at run time (with the packages they import),
 * and why each stays out of it (ADR 031).
 */
export const SERVER_EXTERNAL_PACKAGES = {
  // The web app's server build (build/server/index.js) imports these from node_modules: one copy of
  // each in the process (React's hooks and React Router's contexts need the same instance on both
  // sides of the render).
  react: "shared with the web app's server build",
  "react-dom": "shared with the web app's server build",
  "react-router": "shared with the web app's server build",
  zod: "shared with the web app's server build",
  qrcode: "shared with the web app's server build",
  // Files found next to the package's own module, which a bundle moves.
  "@node-rs/argon2": "a native addon",
  "@electric-sql/pglite": "WebAssembly and data files beside its module",
  // What a bundle cannot give them.
  pg: "requires pg-native only when asked for, and a bundler would try to resolve it at build time",
  pino: "starts its transports' worker files by __dirname, which an ES module has not",
  ioredis: "reads its package.json by __dirname, which an ES module has not",
} as const;

export async function buildServer(root = process.cwd(), outDir = path.join(root, SERVER_BUNDLE_DIR)): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    // Vite would read .env files and replace process.env.NODE_ENV: the server reads its own env.
    envDir: false,
    define: {},
    build: {
      ssr: path.join(root, "server", "main.ts"),
      outDir,
      emptyOutDir: true,
      target: "node22",
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rollupOptions: {
        output: { format: "esm", entryFileNames: "main.js", chunkFileNames: "[name]-[hash].js" },
      },
    },
    // Every other package is compiled into the bundle (ADR 031).
    ssr: { target: "node", noExternal: true, external: Object.keys(SERVER_EXTERNAL_PACKAGES) },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
