import { useScreen } from "../../lib/use-screen.ts";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { CrisisPanel } from "../crisis-panel.tsx";

/** The "need help now?" information in a dialog, in the page's language. */
export function CrisisDialog({ titleId }: DialogContentProps) {
  const { locale } = useScreen();
  return <CrisisPanel locale={locale} context="help" headingId={titleId} />;
}
