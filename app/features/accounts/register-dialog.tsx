import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { pathTo } from "../../../common/routing/route-table.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useDialog, type DialogContentProps } from "../../lib/dialog.tsx";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { BankIdRegister } from "../bankid/bankid-register.tsx";
import { emailForm } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

export interface RegisterDialogData {
  email?: string;
}

/**
 * Create an account, step 1: the e-mail address (the language is the page's). The address goes
 * to the pending screen in navigation state only — never in the URL or in storage.
 */
export function RegisterDialog({ titleId, data, close }: DialogContentProps) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const dialog = useDialog();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const form = useForm({
    schema: emailForm,
    initial: { email: (data as RegisterDialogData | null)?.email ?? "" },
    onSubmit: async ({ email }) => {
      await browserApi().post("/onboarding/register/email", { email, locale });
      await navigate(pathTo("pendingRegistration", locale), { state: { email } });
      close();
    },
  });
  return (
    <div className="stack">
      <h2 id={titleId}>{t("accounts.register.title")}</h2>
      <BankIdRegister close={close} />
      <h3>{t("bankid.emailRegister")}</h3>
      <p>{t("accounts.register.intro")}</p>
      <FormShell form={form} idFor={idFor} submitLabel={t("accounts.register.submit")}>
        <TextField
          {...textField(form, idFor, "email")}
          label={t("accounts.fields.email")}
          hint={t("accounts.register.emailHint")}
          type="email"
          autoComplete="email"
          inputMode="email"
          data-autofocus
        />
      </FormShell>
      <div className="dialog__aside stack stack--sm">
        <p>{t("accounts.register.haveAccount")}</p>
        <div>
          <Button
            variant="secondary"
            onClick={() =>
              dialog.open("EmailPwdLoginDialog", { data: { email: form.values.email } })
            }
          >
            {t("accounts.register.login")}
          </Button>
        </div>
      </div>
    </div>
  );
}
