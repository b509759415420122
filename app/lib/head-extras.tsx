import { useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { LOCALES, LOCALE_SETTINGS } from "../../common/i18n/locales.ts";
import { pathTo, type ScreenId } from "../../common/routing/route-table.ts";
import { useScreen } from "./use-screen.ts";

/** Screens a visitor can open (no guard, or only the visitor guard) have four language versions. */
function isPublic(guards: readonly string[]): boolean {
  return guards.every((g) => g === "loggedout");
}

/** `<link rel="alternate" hreflang>` for the four versions of a public page. */
export function Alternates({ origin }: { origin: string }) {
  const { screen, params } = useScreen();
  if (!screen || !isPublic(screen.guards)) return null;
  return (
    <>
      {LOCALES.map((locale) => (
        <link
          key={locale}
          rel="alternate"
          hrefLang={LOCALE_SETTINGS[locale].htmlLang}
          href={`${origin}${pathTo(screen.id, locale, params)}`}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${pathTo(screen.id, "sv", params)}`} />
    </>
  );
}

/** §9: the screens a person is likely to open next, fetched when the browser is idle. */
const NEXT: Partial<Record<ScreenId, ScreenId[]>> = {
  home: ["onboarding", "courses"],
  onboarding: ["screening"],
  screening: ["extendedScreening"],
  dashboard: ["courses", "profile"],
  courses: ["dashboard"],
  enable2fa: ["dashboard"],
  verify2fa: ["dashboard"],
};

export const IDLE_PREFETCH_TIMEOUT_MS = 2000;

export function IdlePrefetch() {
  const { screen, locale } = useScreen();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_PREFETCH_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), IDLE_PREFETCH_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!idle || !screen) return null;
  return (
    <>
      {(NEXT[screen.id] ?? []).map((id) => (
        <PrefetchPageLinks key={id} page={pathTo(id, locale)} />
      ))}
    </>
  );
}
