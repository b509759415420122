import { useEffect } from "react";
import { decideScreen } from "../../../common/routing/guards.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useDialog } from "../../lib/dialog.tsx";
import { useScreen } from "../../lib/use-screen.ts";
import { useRootData } from "../../lib/root-data.ts";

/**
 * §4: when a status check (every navigation reads the status again) finds a logged-in user who
 * has not accepted the current terms, the ReApproveTermsDialog opens — verified or not, as the
 * spec says; not on the logout screens, where declining leads. The rule is the guard decision's
 * (`decideScreen` in common/routing/guards.ts).
 */
export function TermsCheck() {
  const root = useRootData();
  const { screen } = useScreen();
  const dialog = useDialog();
  const status = root?.status;
  const decision =
    status && screen ? decideScreen(screen.id, { status, search: new URLSearchParams(), onboarding: "unknown", devPages: true }) : null;
  const needed = decision?.kind === "render" && decision.reApproveTerms;
  const { open, close } = dialog;
  const showing = dialog.state.name === "ReApproveTermsDialog";
  useEffect(() => {
    // No longer needed (accepted, logged out, on the logout screens): the question goes away.
    if (!needed && showing) close();
    if (!needed || showing) return;
    let cancelled = false;
    void browserApi()
      .get("/terms/", { schema: () => import("../../../common/schemas/accounts.ts").then((m) => m.termsResponse) })
      .then((terms) => {
        if (!cancelled)
          open("ReApproveTermsDialog", {
            data: { version: terms.version, publishedAt: terms.published_at },
          });
      })
      // Asked again at the next status check.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [needed, showing, open, close]);
  return null;
}
