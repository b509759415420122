import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Link, useNavigate, useRevalidator } from "react-router";
import { CURRENT_CONSENT_VERSION } from "../../../common/auth/consent.ts";
import { LOCALE_SETTINGS } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { statusResponse } from "../../../common/schemas/accounts.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { Checkbox } from "../../components/field.tsx";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo, errorMessage, type ErrorInfo } from "../../lib/api/error-message.ts";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { useScreen } from "../../lib/use-screen.ts";
import { dateTimeFormat } from "../../../common/i18n/formatters.ts";

export interface ReApproveTermsDialogData {
  version: string;
  publishedAt: string;
}

/**
 * The terms or the consent text changed since the user accepted them: read and accept the new
 * terms, give the consent again (health information with the anonymous statistics, 18 or older;
 * ADR 021), or decline and be offered to delete the account. It cannot be dismissed (no close
 * icon, no Escape).
 */
export function ReApproveTermsDialog({ titleId, data, close }: DialogContentProps) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { version, publishedAt } = data as ReApproveTermsDialogData;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [health, setHealth] = useState(false);
  const [adult, setAdult] = useState(false);
  const [missing, setMissing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const healthError = missing && !health ? t("form.errors.consent.required") : undefined;
  const adultError = missing && !adult ? t("form.errors.age.required") : undefined;
  const published = dateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, {
    dateStyle: "long",
  }).format(new Date(publishedAt));
  return (
    <div className="stack">
      <h2 id={titleId}>{t("accounts.terms.title")}</h2>
      <p>{t("accounts.terms.text", { date: published })}</p>
      <p>
        <Link to={pathTo("terms", locale)} target="_blank" rel="noopener">
          {t("accounts.terms.link")}
        </Link>
      </p>
      <p>{t("accounts.terms.consentText")}</p>
      <FormErrorSummary
        messages={[
          ...(healthError ? [{ field: "health", message: healthError }] : []),
          ...(adultError ? [{ field: "adult", message: adultError }] : []),
        ]}
        formError={null}
        idFor={(field) => `reapprove-${field}`}
        attempt={attempt}
        labels={{ health: t("accounts.complete.healthShort"), adult: t("accounts.complete.adultShort") }}
      />
      <Checkbox
        id="reapprove-health"
        label={t("accounts.complete.health")}
        hint={t("accounts.complete.healthWhy")}
        checked={health}
        error={healthError}
        onChange={(event) => setHealth(event.currentTarget.checked)}
      />
      <Checkbox
        id="reapprove-adult"
        label={t("accounts.complete.adult")}
        checked={adult}
        error={adultError}
        onChange={(event) => setAdult(event.currentTarget.checked)}
      />
      <p className="muted">{t("accounts.terms.declineHint")}</p>
      <div role="alert">
        {error ? <Notice tone="danger">{errorMessage(t, error)}</Notice> : null}
      </div>
      <div className="cluster dialog__actions">
        <Button
          busy={busy}
          onClick={async () => {
            setError(null);
            if (!health || !adult) {
              setMissing(true);
              setAttempt((n) => n + 1);
              return;
            }
            setBusy(true);
            try {
              await browserApi().post(
                "/me/accept-terms/",
                { version, consent_version: CURRENT_CONSENT_VERSION, consent_health_data: true, adult: true },
                { schema: statusResponse },
              );
              // The status first: closing while it still says "not accepted" would ask again.
              await revalidator.revalidate();
              close();
            } catch (caught) {
              setError(errorInfo(caught));
            } finally {
              setBusy(false);
            }
          }}
        >
          {t("accounts.terms.accept")}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={async () => {
            await navigate(pathTo("logoutRemove", locale));
            close();
          }}
        >
          {t("accounts.terms.decline")}
        </Button>
      </div>
    </div>
  );
}
