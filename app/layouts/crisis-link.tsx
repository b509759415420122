import { useTranslation } from "../lib/i18n-react.tsx";
import { Icon } from "../components/icon.tsx";
import { useDialog } from "../lib/dialog.tsx";

/**
 * The visible "need help now?" link of every logged-in and screening page. `label`: shorter words
 * shown instead (the phone's top bar), with `name`, the whole question, which contains them, as its
 * accessible name (WCAG 2.5.3).
 */
export function CrisisLink({ className = "", label, name }: { className?: string; label?: string; name?: string }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  return (
    <button type="button" className={`crisis-link ${className}`} onClick={() => dialog.open("CrisisDialog")} aria-label={name}>
      <Icon name="heart" />
      <span>{label ?? t("crisis.link")}</span>
    </button>
  );
}
