import fc from "fast-check";
import { createStaticHandler, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../common/i18n/locales.ts";
import { SCREENS, routePattern } from "../common/routing/route-table.ts";
import { routeTree, type RouteTreeEntry } from "../common/routing/route-tree.ts";
import { fuzzRuns } from "./testing/fuzz-endpoints.ts";
import { ROUTE_PATTERN_FLAG, canonicalPagePath, pageUrl, withRoutePatternMatching } from "./web.ts";

/**
 * The server matches page paths with React Router's route-pattern matcher, the browser with its
 * default one (ADR 027): both must find the same routes, with the same parameters, for every path
 * the server hands React Router.
 */

interface DataRoute {
  id: string;
  path?: string;
  children?: DataRoute[];
}

const dataRoute = (entry: RouteTreeEntry): DataRoute => ({
  id: entry.id,
  ...(entry.path !== undefined ? { path: entry.path } : {}),
  ...(entry.children ? { children: entry.children.map(dataRoute) } : {}),
});

// The app's routes (app/routes.ts) under the root route, as the framework builds them.
const routes = [{ id: "root", path: "", children: routeTree().map(dataRoute) }] as RouteObject[];
const build = { future: { unstable_optimizeDeps: false } } as unknown as ServerBuild;
const asServer = createStaticHandler(routes, { future: withRoutePatternMatching(build).future });
const asBrowser = createStaticHandler(routes);

type Match = ReturnType<typeof asBrowser.match>;
const shape = (matches: Match) => matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

/** The path React Router gets for a request target (server/web.ts): its canonical path's. */
function asHandedOver(target: string): string {
  return pageUrl("http://this.host", canonicalPagePath(target) ?? target).pathname;
}

const segments = [
  ...new Set(SCREENS.flatMap((s) => LOCALES.flatMap((l) => routePattern(s.id, l).split("/")))),
  "stress", "sömn", "s%C3%B6mn", "%2F", "%25", "a b", "x.y", "index", "__manifest", "assets", "*", "(x)", "a+b", "@", "~", "%F0%9F%99%82",
].filter((s) => s !== "");

const recase = (text: string, flips: boolean[]) => [...text].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join("");

describe("route-pattern matching on the server", () => {
  it("is what the server's handler uses: a path the default matcher takes for the home page is no match", () => {
    // "//" never reaches React Router (canonicalPagePath redirects it); here it tells the two apart.
    expect(shape(asBrowser.match("//"))?.at(-1)?.id).toBe("home.sv");
    expect(asServer.match("//")).toBeNull();
  });

  it("leaves the flag out of what React Router writes for the browser", () => {
    const future = withRoutePatternMatching(build).future as Record<string, unknown>;
    expect(future[ROUTE_PATTERN_FLAG]).toBe(true);
    expect({ ...future }[ROUTE_PATTERN_FLAG]).toBe(true);
    expect(JSON.parse(JSON.stringify({ future }))).toEqual({ future: { unstable_optimizeDeps: false } });
  });

  it("finds every screen of the route table in every language as the browser does", () => {
    for (const s of SCREENS.filter((x) => !x.servedByServer)) {
      for (const locale of LOCALES) {
        const path = routePattern(s.id, locale).replace(/:(\w+)/g, "stress");
        const found = shape(asServer.match(path));
        expect(found?.at(-1)?.id, path).toBe(`${s.id}.${locale}`);
        expect(found).toEqual(shape(asBrowser.match(path)));
      }
    }
  });

  it("answers any path alike: the same routes, parameters and pathnames, or no match", () => {
    const path = fc.tuple(
      fc.array(fc.oneof(fc.constantFrom(...segments), fc.string({ maxLength: 4 })), { minLength: 0, maxLength: 4 }),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
      fc.boolean(),
    );
    fc.assert(
      fc.property(path, ([parts, flips, trailing]) => {
        let request = `/${parts.map((p) => recase(p, flips)).join("/")}${trailing ? "/" : ""}`;
        try {
          decodeURI(request);
        } catch {
          request = encodeURI(request.replace(/%/g, ""));
        }
        const handed = asHandedOver(request);
        expect(shape(asServer.match(handed)), handed).toEqual(shape(asBrowser.match(handed)));
      }),
      { numRuns: fuzzRuns(3000) },
    );
  });
});
