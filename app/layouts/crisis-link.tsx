import { useTranslation } from "../lib/i18n-react.tsx";
import { Icon } from "../components/icon.tsx";
import { useDialog } from "../lib/dialog.tsx";

/** The visible "need help now?" link of every logged-in and screening page. */
export function CrisisLink({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  return (
    <button type="button" className={`crisis-link ${className}`} onClick={() => dialog.open("CrisisDialog")}>
      <Icon name="heart" />
      <span>{t("crisis.link")}</span>
    </button>
  );
}
