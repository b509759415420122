import { createContext, useContext, type ReactNode } from "react";
import type { I18n } from "./i18n.ts";

/** Exported for the error fallback, a class component (no hooks there: nothing in it may fail). */
export const I18nContext = createContext<I18n | null>(null);

/** Gives the page's translator to every component below (entry.server and entry.client). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `t` and the language of the page. */
export function useTranslation(): { t: I18n["t"]; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation() outside <I18nProvider>");
  return { t: i18n.t, i18n };
}
