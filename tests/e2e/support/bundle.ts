import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One route of React Router's build manifest (build/client/assets/manifest-*.js). */
interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface BuildManifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
  url: string;
}

/** Reads the manifest React Router writes for the browser (the build must exist). */
export function readManifest(root = process.cwd()): BuildManifest {
  const dir = path.join(root, "build", "client", "assets");
  const file = readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${dir}; run npm run build`);
  const text = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as BuildManifest;
}

const gzipCache = new Map<string, number>();

/** The gzip size (level 6, as a server compresses) of a file of the client build, by its URL. */
export function gzipSize(url: string, root = process.cwd()): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(
      // A fragment (the build may list a shared stylesheet as `x.css#`) names the same file.
      readFileSync(path.join(root, "build", "client", url.replace(/^\//, "").replace(/[#?].*$/, ""))),
    ).length;
    gzipCache.set(url, size);
  }
  return size;
}

/**
 * The message chunks of the client build, one per language (`sv-*.js` …): the client entry awaits
 * the page language's file before hydrating, so it is part of every first load. Recognised by
 * name and by holding the messages' `app.title`.
 */
export function messageChunks(root = process.cwd()): { url: string; gzip: number }[] {
  const dir = path.join(root, "build", "client", "assets");
  const chunks = readdirSync(dir)
    .filter((f) => /^(sv|en|nb|da)-[\w-]+\.js$/.test(f))
    .filter((f) => /^var \w+=\{app:\{title:/.test(readFileSync(path.join(dir, f), "utf8")))
    .map((f) => ({ url: `/assets/${f}`, gzip: gzipSize(`/assets/${f}`, root) }));
  if (chunks.length !== 4) throw new Error(`expected four message chunks in ${dir}, found ${chunks.length}`);
  return chunks;
}

/**
 * React Router's route discovery of the server build. "lazy" (the default with SSR): the
 * document carries a partial manifest inline (`window.__reactRouterManifest`) and the browser
 * never loads the manifest script; "initial": it imports the whole manifest script.
 */
export function routeDiscoveryMode(root = process.cwd()): "lazy" | "initial" {
  const dir = path.join(root, "build", "server", "assets");
  for (const f of readdirSync(dir).filter((name) => name.endsWith(".js"))) {
    const match = /var routeDiscovery = \{\s*"mode": "(lazy|initial)"/.exec(readFileSync(path.join(dir, f), "utf8"));
    if (match) return match[1] as "lazy" | "initial";
  }
  // Not found: count the manifest script (the larger figure).
  return "initial";
}

export interface FirstLoad {
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
}

/**
 * What the first load of a route needs: the route manifest, the entry and its imports, and for
 * the route and each of its parents the module, its split client loader and middleware, and
 * their static imports (React Router lists them flattened, as it modulepreloads them). The
 * manifest is the manifest script with `initial` route discovery; with `lazy` discovery it is the
 * partial manifest the document carries inline (the route, its parents and those of `/`, given
 * as `alsoRoutes`), counted by its gzip size like a script.
 */
export function firstLoad(
  manifest: BuildManifest,
  routeId: string,
  root = process.cwd(),
  options: { discovery?: "lazy" | "initial"; alsoRoutes?: string[] } = {},
): FirstLoad {
  const discovery = options.discovery ?? routeDiscoveryMode(root);
  const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  if (discovery === "initial") js.add(manifest.url);
  const css = new Set<string>(manifest.entry.css);
  const chain = (id: string) => {
    const ids: string[] = [];
    for (let r = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) ids.push(r.id);
    return ids;
  };
  const partial = Object.fromEntries(
    [...chain(routeId), ...(options.alsoRoutes ?? []).flatMap(chain)].map((id) => [id, manifest.routes[id]]),
  );
  const inlineManifest =
    discovery === "lazy"
      ? gzipSync(`window.__reactRouterManifest = ${JSON.stringify({ ...manifest, routes: partial }, null, 2)};`).length
      : 0;
  for (
    let route = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  ) {
    for (const m of [
      route.module,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
    ]) {
      if (m) js.add(m);
    }
    for (const m of route.imports ?? []) js.add(m);
    for (const c of route.css ?? []) css.add(c);
  }
  if (!manifest.routes[routeId]) throw new Error(`route ${routeId} is not in the build manifest`);
  const sum = (files: Set<string>) => [...files].reduce((total, f) => total + gzipSize(f, root), 0);
  return { js: [...js], css: [...css], jsGzip: sum(js) + inlineManifest, cssGzip: sum(css) };
}

/** Every CSS file of the client build, gzip-summed. */
export function allCssGzip(root = process.cwd()): number {
  const dir = path.join(root, "build", "client", "assets");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".css"))
    .reduce((total, f) => total + gzipSize(`/assets/${f}`, root), 0);
}
