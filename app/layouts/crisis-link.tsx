import { useTranslation } from "../lib/i18n-react.tsx";
import { Icon } from "../components/icon.tsx";
import { useDialog } from "../lib/dialog.tsx";

/**
 * The visible "need help now?" link of every logged-in and screening page. `short`: "Help now",
 * for the phone's top bar; its name is still the whole question, which contains the words shown
 * (WCAG 2.5.3).
 */
export function CrisisLink({ className = "", short = false }: { className?: string; short?: boolean }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  return (
    <button
      type="button"
      className={`crisis-link ${className}`}
      onClick={() => dialog.open("CrisisDialog")}
      {...(short ? { "aria-label": t("crisis.link") } : {})}
    >
      <Icon name="heart" />
      <span>{short ? t("crisis.linkShort") : t("crisis.link")}</span>
    </button>
  );
}
