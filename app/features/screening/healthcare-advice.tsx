import { Notice } from "../../components/alert.tsx";
import { useTranslation } from "../../lib/i18n-react.tsx";

/** The advice to contact healthcare (clinical.md: next to any course recommendation, on every path). */
export function HealthcareAdvice() {
  const { t } = useTranslation();
  return (
    <Notice tone="info" title={t("screening.healthcare.title")}>
      <p>{t("screening.healthcare.text")}</p>
    </Notice>
  );
}
