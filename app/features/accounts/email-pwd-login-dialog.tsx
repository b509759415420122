import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { pathTo } from "../../../common/routing/route-table.ts";
import { statusResponse } from "../../../common/schemas/accounts.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useDialog, type DialogContentProps } from "../../lib/dialog.tsx";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { BankIdLogin } from "../bankid/bankid-login.tsx";
import { loginForm } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

export interface EmailPwdLoginDialogData {
  email?: string;
  /** Back from the BankID app (return URL): continue the stored BankID order. */
  resumeBankId?: boolean;
}

/**
 * Log in with BankID (issue 5) or with e-mail and password. On success the dashboard is the
 * target; the guards send a password user on to set up or enter the second factor first.
 */
export function EmailPwdLoginDialog({ titleId, data, close }: DialogContentProps) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const dialog = useDialog();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const initialEmail = (data as EmailPwdLoginDialogData | null)?.email ?? "";
  const form = useForm({
    schema: loginForm,
    initial: { email: initialEmail, password: "" },
    onSubmit: async (values) => {
      const api = browserApi();
      await api.post("/login/email", values, { schema: statusResponse });
      // The server rotated the CSRF secret with the new session: fetch a fresh token next time.
      api.options.csrf.set(null);
      await navigate(pathTo("dashboard", locale));
      close();
    },
  });
  return (
    <div className="stack">
      <h2 id={titleId}>{t("accounts.login.title")}</h2>
      <BankIdLogin close={close} resume={(data as EmailPwdLoginDialogData | null)?.resumeBankId === true} />
      <h3>{t("bankid.emailLogin")}</h3>
      <FormShell
        form={form}
        idFor={idFor}
        labels={{ email: t("accounts.fields.email"), password: t("accounts.fields.password") }}
        submitLabel={t("accounts.login.submit")}
        actions={
          <Button variant="quiet" onClick={() => dialog.open("ForgotPwdDialog", { data: { email: form.values.email } })}>
            {t("accounts.login.forgot")}
          </Button>
        }
      >
        <TextField
          {...textField(form, idFor, "email")}
          label={t("accounts.fields.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          data-autofocus
        />
        <PasswordField {...textField(form, idFor, "password")} label={t("accounts.fields.password")} autoComplete="current-password" />
      </FormShell>
      <div className="dialog__aside stack stack--sm">
        <p>{t("accounts.login.noAccount")}</p>
        <div>
          <Button
            variant="secondary"
            onClick={() => dialog.open("RegisterDialog", { data: { email: form.values.email } })}
          >
            {t("accounts.login.createAccount")}
          </Button>
        </div>
      </div>
    </div>
  );
}
