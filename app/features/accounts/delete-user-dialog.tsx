import { useTranslation } from "../../lib/i18n-react.tsx";
import { Button } from "../../components/button.tsx";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { DeleteAccountForm } from "./delete-account-form.tsx";

/**
 * Delete the account from the profile, or withdraw a consent (which deletes it, ADR 011): what it
 * means, then the password as confirmation.
 */
export function DeleteUserDialog({ titleId, data, close }: DialogContentProps) {
  const { t } = useTranslation();
  // Withdrawing a consent closes the account (ADR 011); the dialog says so plainly.
  const withdraw = (data as { withdraw?: "terms" | "health_data" } | null | undefined)?.withdraw;
  return (
    <div className="stack">
      <h2 id={titleId}>{withdraw ? t(`profile.privacy.withdraw.${withdraw}`) : t("accounts.delete.title")}</h2>
      {withdraw ? <p>{t(`profile.privacy.withdrawDialog.${withdraw}`)}</p> : null}
      <p>{t("accounts.delete.intro")}</p>
      {withdraw ? <p>{t("profile.privacy.withdrawExportFirst")}</p> : null}
      <DeleteAccountForm
        via="me"
        withdraw={withdraw}
        autoFocus
        onDeleted={close}
        cancel={
          <Button variant="secondary" onClick={close}>
            {t("accounts.delete.keep")}
          </Button>
        }
      />
    </div>
  );
}
