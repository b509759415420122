import { useTranslation } from "../../lib/i18n-react.tsx";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";

/** A call failed: say so calmly and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" role="alert">
      <p>{t("screening.loadFailed")}</p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        {t("screening.retry")}
      </Button>
    </Notice>
  );
}
