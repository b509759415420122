import { useTranslation } from "../../lib/i18n-react.tsx";
import { Button } from "../../components/button.tsx";
import { useDialog, type DialogContentProps } from "../../lib/dialog.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";

export interface ForgotPwdDialogData {
  email?: string;
}

/** "Forgot your password?": sends a reset link; the same calm answer for every address. */
export function ForgotPwdDialog({ titleId, data }: DialogContentProps) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const email = (data as ForgotPwdDialogData | null)?.email ?? "";
  const backToLogin = (
    <div>
      <Button
        variant="secondary"
        onClick={() => dialog.open("EmailPwdLoginDialog", { data: { email } })}
      >
        {t("accounts.forgot.backToLogin")}
      </Button>
    </div>
  );
  return (
    <div className="stack">
      <h2 id={titleId}>{t("accounts.forgot.title")}</h2>
      <p>{t("accounts.forgot.intro")}</p>
      <ForgotPasswordForm initialEmail={email} autoFocus after={backToLogin} />
    </div>
  );
}
