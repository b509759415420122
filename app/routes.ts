import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { LOCALES } from "../common/i18n/locales.ts";
import { SCREENS, routeId, routePattern, type LayoutId } from "../common/routing/route-table.ts";

/** Expands the route table (common/routing) into one route per screen and language. */
const LAYOUT_FILES: Record<Exclude<LayoutId, "none">, string> = {
  app: "layouts/app-layout.tsx",
  landing: "layouts/landing-layout.tsx",
  screening: "layouts/screening-layout.tsx",
  clean: "layouts/clean-layout.tsx",
};

function routesFor(layoutId: LayoutId) {
  return SCREENS.filter((s) => s.layout === layoutId && !s.servedByServer).flatMap((s) =>
    LOCALES.map((locale) => route(routePattern(s.id, locale), `routes/${s.file}`, { id: routeId(s.id, locale) })),
  );
}

export default [
  ...(Object.entries(LAYOUT_FILES) as [Exclude<LayoutId, "none">, string][]).map(([id, file]) =>
    layout(file, { id: `layout.${id}` }, routesFor(id)),
  ),
  ...routesFor("none"),
] satisfies RouteConfig;
