import { type RouteConfig, type RouteConfigEntry, layout, route } from "@react-router/dev/routes";
import { routeTree, type RouteTreeEntry } from "../common/routing/route-tree.ts";

/** The route table (common/routing) as React Router's routes: one per screen and language. */
function configOf(entry: RouteTreeEntry): RouteConfigEntry {
  return entry.path === undefined
    ? layout(entry.file, { id: entry.id }, (entry.children ?? []).map(configOf))
    : route(entry.path, entry.file, { id: entry.id });
}

export default routeTree().map(configOf) satisfies RouteConfig;
