import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; isEntry: boolean } | null;
}

/**
 * The entry points of every page: the browser entry, the root route and the layouts (a small one,
 * e.g. the screening's, uses most of the others' components anyway).
 */
const SHELL_ROOTS = /[\\/]app[\\/](entry\.client\.tsx|root\.tsx|layouts[\\/][^\\/]+\.tsx)$/;

/** The modules every page loads: statically imported from a shell root, directly or not. */
function inShell(id: string, graph: ModuleGraph, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // a cycle does not make a module part of the shell
  const result =
    SHELL_ROOTS.test(id) ||
    (graph.getModuleInfo(id)?.importers ?? []).some((importer) => inShell(importer, graph, memo));
  memo.set(id, result);
  return result;
}

/**
 * The shell's stylesheet, linked by the root route on every page (React Router writes its address
 * with a `#` at the end, for every stylesheet that a lazily loaded module needs too:
 * remix-run/react-router#14754, open).
 */
const SHELL_CSS = /^assets\/shell-[\w-]+\.css$/;

/**
 * Where a lazily loaded module's code asks for the shell's stylesheet before it runs (Vite's
 * preload), the same address as the root's link, `#` and all: Vite's preload skips a stylesheet
 * the page already links, by its address, and without the `#` it linked the shell's stylesheet a
 * second time at the end of the head once a lazy part loaded (the contact form, a module, the
 * screening's results…). That second copy overrode the page's own stylesheets where they tie, and
 * declared the web font again, which then replaced the fallback font after the first paint (the
 * text moving: tests/e2e/layout-stability.e2e.ts). The root is always there, so its link is never
 * removed under a lazy part (what the `#` is for).
 */
function shellStylesheetAsLinked(filename: string, { hostType, ssr }: { hostType: string; ssr: boolean }): string | undefined {
  return !ssr && hostType === "js" && SHELL_CSS.test(filename) ? `/${filename}#` : undefined;
}

export default defineConfig(() => {
  const shellMemo = new Map<string, boolean>();
  return {
    plugins: [reactRouter()],
    experimental: { renderBuiltUrl: shellStylesheetAsLinked },
    build: {
      assetsInlineLimit: 0,
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    // React, React Router and the app's modules that the shell imports (i18n, API
                    // client, dialogs, icons…) are loaded by every page: one chunk instead of some 25 of 1–3 KB, each a
                    // request (and a round trip on a slow connection) before the first paint.
                    // The entries (root, layouts, routes) stay chunks of their own.
                    name: (id: string, ctx: ModuleGraph) =>
                      !ctx.getModuleInfo(id)?.isEntry && inShell(id, ctx, shellMemo)
                        ? "shell"
                        : null,
                  },
                ],
              },
            },
          },
        },
      },
    },
    server: {
      // The dev server runs inside Fastify (server/dev.ts) in middleware mode.
      hmr: { port: 24678 },
    },
  };
});
