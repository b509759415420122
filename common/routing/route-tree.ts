import { LOCALES } from "../i18n/locales.ts";
import { SCREENS, routeId, routePattern, type LayoutId } from "./route-table.ts";

/**
 * The route table (route-table.ts) as React Router's route tree: a pathless layout route per
 * layout with one route per screen and language under it (`courses.sv` …), and the screens without
 * a layout beside them. app/routes.ts hands it to React Router; server tests read the same tree.
 */
export interface RouteTreeEntry {
  id: string;
  /** The route module under app/ (a layout's or a screen's). */
  file: string;
  /** A screen's path pattern; a layout has none. */
  path?: string;
  /** A layout's screens. */
  children?: RouteTreeEntry[];
}

const LAYOUT_FILES: Record<Exclude<LayoutId, "none">, string> = {
  app: "layouts/app-layout.tsx",
  landing: "layouts/landing-layout.tsx",
  screening: "layouts/screening-layout.tsx",
  clean: "layouts/clean-layout.tsx",
};

function routesFor(layoutId: LayoutId): RouteTreeEntry[] {
  return SCREENS.filter((s) => s.layout === layoutId && !s.servedByServer).flatMap((s) =>
    LOCALES.map((locale) => ({ id: routeId(s.id, locale), file: `routes/${s.file}`, path: routePattern(s.id, locale) })),
  );
}

export function routeTree(): RouteTreeEntry[] {
  return [
    ...(Object.entries(LAYOUT_FILES) as [Exclude<LayoutId, "none">, string][]).map(([id, file]) => ({
      id: `layout.${id}`,
      file,
      children: routesFor(id),
    })),
    ...routesFor("none"),
  ];
}
