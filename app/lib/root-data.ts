import { useRouteLoaderData } from "react-router";
import type { Locale } from "../../common/i18n/locales.ts";
import type { UserStatus } from "../../common/schemas/me.ts";
import type { Theme } from "./theme.ts";

/**
 * What the root route's loader and clientLoader return (app/root.tsx). It lives here, not in the
 * route module, so that the layouts and dialogs that read it never import the root route (which
 * imports them).
 */
export interface RootData {
  locale: Locale;
  theme: Theme;
  status: UserStatus;
  devPages: boolean;
  origin: string;
}

/** The root route's data; undefined where its loader did not run (an error page's render). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
