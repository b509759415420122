import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Link, useNavigate, useRevalidator } from "react-router";
import { LOCALE_SETTINGS } from "../../../common/i18n/locales.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { statusResponse } from "../../../common/schemas/accounts.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { errorInfo, errorMessage, type ErrorInfo } from "../../lib/api/error-message.ts";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { useScreen } from "../../lib/use-screen.ts";

export interface ReApproveTermsDialogData {
  version: string;
  publishedAt: string;
}

/**
 * The terms changed since the user accepted them: read and accept the new version, or decline
 * and be offered to delete the account. It cannot be dismissed (no close icon, no Escape).
 */
export function ReApproveTermsDialog({ titleId, data, close }: DialogContentProps) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { version, publishedAt } = data as ReApproveTermsDialogData;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const published = new Intl.DateTimeFormat(LOCALE_SETTINGS[locale].dateLocale, {
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
      <p className="muted">{t("accounts.terms.declineHint")}</p>
      <div role="alert">
        {error ? <Notice tone="danger">{errorMessage(t, error)}</Notice> : null}
      </div>
      <div className="cluster dialog__actions">
        <Button
          busy={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await browserApi().post("/me/accept-terms/", { version }, { schema: statusResponse });
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
