import { useTranslation } from "react-i18next";
import { Button } from "../../components/button.tsx";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { DeleteAccountForm } from "./delete-account-form.tsx";

/** Delete the account from the profile: what it means, then the password as confirmation. */
export function DeleteUserDialog({ titleId, close }: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h2 id={titleId}>{t("accounts.delete.title")}</h2>
      <p>{t("accounts.delete.intro")}</p>
      <DeleteAccountForm
        via="me"
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
