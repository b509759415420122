import { useMatches, useParams } from "react-router";
import { localeOfPath, type Locale } from "../../common/i18n/locales.ts";
import { parseRouteId, screen, type Screen } from "../../common/routing/route-table.ts";
import { useLocation } from "react-router";

export interface CurrentScreen {
  screen: Screen | null;
  locale: Locale;
  params: Record<string, string>;
}

/** The screen of the deepest matched route (from its id, e.g. `courses.en`). */
export function useScreen(): CurrentScreen {
  const matches = useMatches();
  const params = useParams();
  const { pathname } = useLocation();
  for (let i = matches.length - 1; i >= 0; i--) {
    const parsed = parseRouteId(matches[i]?.id ?? "");
    if (parsed) {
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) if (v !== undefined) clean[k] = v;
      return { screen: screen(parsed.screen), locale: parsed.locale, params: clean };
    }
  }
  return { screen: null, locale: localeOfPath(pathname), params: {} };
}
