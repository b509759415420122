import { Component, type ContextType, type ErrorInfo, type ReactNode } from "react";
import { localeOfPath } from "../../common/i18n/locales.ts";
import { pathTo } from "../../common/routing/route-table.ts";
import { I18nContext } from "./i18n-react.tsx";

/**
 * §8 "error while showing the error page: plain message with a link home". The last boundary of
 * the app, in the first load (not in the error page's own chunk, whose failing to load is one
 * such error): a message from the page's message file and a plain link to the home page of the
 * path's language, with no layout, dialog or script of its own that could fail again. Without it
 * React Router shows its bare "Application Error".
 */
export class ErrorFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  static override contextType = I18nContext;
  declare context: ContextType<typeof I18nContext>;
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("The error page failed", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const t = this.context?.t;
    const home = pathTo("home", localeOfPath(typeof window === "undefined" ? "/" : window.location.pathname));
    return (
      <main className="error-fallback">
        <p>{t ? t("errors.fallback") : null}</p>
        <p>
          <a href={home}>{t ? t("errors.home") : home}</a>
        </p>
      </main>
    );
  }
}
