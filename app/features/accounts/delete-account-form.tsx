import { useTranslation } from "../../lib/i18n-react.tsx";
import { useNavigate } from "react-router";
import { z } from "zod";
import { passwordInputSchema } from "../../../common/schemas/accounts.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { useRootData } from "../../lib/root-data.ts";
import { useFormIds } from "./use-form-ids.ts";
import { ACCOUNT_DELETED } from "./account-deleted.ts";

/**
 * Confirms deleting the account with the password (BankID accounts, which have none: their BankID
 * login of the last ten minutes, ADR 010), then goes home with a calm notice. DeleteUserDialog uses DELETE /me/; the
 * logout-remove screen POST /logout/remove — the same result.
 */
export function DeleteAccountForm({
  via,
  withdraw,
  autoFocus = false,
  cancel,
  onDeleted,
}: {
  via: "me" | "logout-remove";
  /** The consent being withdrawn, when that is why the account is deleted (ADR 011). */
  withdraw?: "terms" | "health_data" | undefined;
  autoFocus?: boolean;
  cancel?: React.ReactNode;
  /** After the move home (the dialog closes itself here). */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const root = useRootData();
  const withPassword = root?.status.auth_type !== "bankid";
  const form = useForm({
    schema: z.strictObject({ secret: withPassword ? passwordInputSchema : z.string() }),
    initial: { secret: "" },
    serverField: (path) => (path === "body.password" || path === "body.code" ? "secret" : null),
    onSubmit: async ({ secret }) => {
      const body = {
        ...(withPassword ? { password: secret } : { bankid: true as const }),
        ...(withdraw ? { withdraw_consent: withdraw } : {}),
      };
      const api = browserApi();
      if (via === "me") await api.delete("/me/", body);
      else await api.post("/logout/remove", body);
      // Logged out: the server rotated the CSRF secret.
      api.options.csrf.set(null);
      await navigate(pathTo("home", locale), { replace: true, state: { notice: ACCOUNT_DELETED } });
      onDeleted?.();
    },
  });
  const focus = autoFocus ? { "data-autofocus": true } : {};
  return (
    <FormShell form={form} idFor={idFor} submitLabel={t("accounts.delete.submit")} submitVariant="danger" actions={cancel}>
      {withPassword ? (
        <PasswordField
          {...textField(form, idFor, "secret")}
          label={t("accounts.delete.password")}
          hint={t("accounts.delete.passwordHint")}
          autoComplete="current-password"
          {...focus}
        />
      ) : (
        <p>{t("bankid.deleteHint")}</p>
      )}
    </FormShell>
  );
}
