import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { pathTo } from "../../../common/routing/route-table.ts";
import { statusResponse } from "../../../common/schemas/accounts.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useDialog, type DialogContentProps } from "../../lib/dialog.tsx";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { loginForm } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

export interface EmailPwdLoginDialogData {
  email?: string;
}

/**
 * Log in with e-mail and password. On success the dashboard is the target; the guards send the
 * user on to set up or enter the second factor first.
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
      <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormErrorSummary
          messages={form.messages}
          formError={form.formError}
          idFor={idFor}
          attempt={form.submitCount}
          labels={{ email: t("accounts.fields.email"), password: t("accounts.fields.password") }}
        />
        <TextField
          id={idFor("email")}
          label={t("accounts.fields.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          data-autofocus
          value={form.values.email}
          error={form.errors.email}
          onChange={(event) => form.setValue("email", event.target.value)}
        />
        <PasswordField
          id={idFor("password")}
          label={t("accounts.fields.password")}
          autoComplete="current-password"
          value={form.values.password}
          error={form.errors.password}
          onChange={(event) => form.setValue("password", event.target.value)}
        />
        <div className="cluster">
          <Button type="submit" busy={form.submitting}>
            {t("accounts.login.submit")}
          </Button>
          <Button
            variant="quiet"
            onClick={() => dialog.open("ForgotPwdDialog", { data: { email: form.values.email } })}
          >
            {t("accounts.login.forgot")}
          </Button>
        </div>
      </form>
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
