import { useTranslation } from "react-i18next";
import { useNavigate, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { passwordInputSchema } from "../../../common/schemas/accounts.ts";
import { pathTo } from "../../../common/routing/route-table.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { secondFactorField } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

/** Navigation state of the home page after the account was deleted. */
export const ACCOUNT_DELETED = "accountDeleted";

/**
 * Confirms deleting the account with the password (an authenticator code for accounts without
 * one), then goes home with a calm notice. DeleteUserDialog uses DELETE /me/; the
 * logout-remove screen POST /logout/remove — the same result.
 */
export function DeleteAccountForm({
  via,
  autoFocus = false,
  cancel,
  onDeleted,
}: {
  via: "me" | "logout-remove";
  autoFocus?: boolean;
  cancel?: React.ReactNode;
  /** After the move home (the dialog closes itself here). */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const navigate = useNavigate();
  const idFor = useFormIds();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const withPassword = root?.status.auth_type !== "bankid";
  const form = useForm({
    schema: z.strictObject({ secret: withPassword ? passwordInputSchema : secondFactorField }),
    initial: { secret: "" },
    serverField: (path) => (path === "body.password" || path === "body.code" ? "secret" : null),
    onSubmit: async ({ secret }) => {
      const body = withPassword ? { password: secret } : { code: secret };
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
    <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
      <FormErrorSummary
        messages={form.messages}
        formError={form.formError}
        idFor={idFor}
        attempt={form.submitCount}
      />
      {withPassword ? (
        <PasswordField
          id={idFor("secret")}
          label={t("accounts.delete.password")}
          hint={t("accounts.delete.passwordHint")}
          autoComplete="current-password"
          {...focus}
          value={form.values.secret}
          error={form.errors.secret}
          onChange={(event) => form.setValue("secret", event.target.value)}
        />
      ) : (
        <TextField
          id={idFor("secret")}
          label={t("accounts.code.label")}
          hint={t("accounts.delete.codeHint")}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          {...focus}
          value={form.values.secret}
          error={form.errors.secret}
          onChange={(event) => form.setValue("secret", event.target.value)}
        />
      )}
      <div className="cluster">
        <Button type="submit" variant="danger" busy={form.submitting}>
          {t("accounts.delete.submit")}
        </Button>
        {cancel}
      </div>
    </form>
  );
}
