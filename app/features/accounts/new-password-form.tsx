import { useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { ApiError } from "../../lib/api/client.ts";
import { browserApi } from "../../lib/api/browser-client.ts";
import { useDialog } from "../../lib/dialog.tsx";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useFormIds } from "./use-form-ids.ts";

/** The reset link's form: the new password, then logging in (loaded lazily by its page). */
export function NewPasswordForm({ token, onNewLink }: { token: string; onNewLink(): void }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const idFor = useFormIds();
  const [state, setState] = useState<"form" | "done" | "invalid">("form");
  const result = useRef<HTMLDivElement>(null);
  const form = useForm({
    schema: () => import("./form-schemas.ts").then((m) => m.newPasswordForm),
    initial: { password: "" },
    onSubmit: async ({ password }) => {
      try {
        await browserApi().post(
          "/password/reset/complete",
          { token, password },
          {
            schema: () =>
              import("../../../common/schemas/common.ts").then((m) => m.emptyResponseSchema),
          },
        );
        setState("done");
      } catch (error) {
        if (
          error instanceof ApiError &&
          (error.code === "auth.link_invalid" || error.fields["body.token"])
        ) {
          setState("invalid");
        } else throw error;
      }
      setTimeout(() => result.current?.focus(), 0);
    },
  });
  if (state === "done") {
    return (
      <div ref={result} tabIndex={-1} className="stack">
        <Notice tone="success" title={t("accounts.reset.doneTitle")}>
          <p>{t("accounts.reset.done")}</p>
        </Notice>
        <div>
          <Button onClick={() => dialog.open("EmailPwdLoginDialog")}>{t("nav.login")}</Button>
        </div>
      </div>
    );
  }
  if (state === "invalid") {
    return (
      <div ref={result} tabIndex={-1} className="stack">
        <Notice tone="info" title={t("accounts.reset.invalidTitle")}>
          <p>{t("accounts.reset.invalidText")}</p>
        </Notice>
        <div>
          <Button onClick={onNewLink}>{t("accounts.reset.newLink")}</Button>
        </div>
      </div>
    );
  }
  return (
    <>
      <p className="lead">{t("accounts.reset.lead")}</p>
      <FormShell form={form} idFor={idFor} submitLabel={t("accounts.reset.submit")}>
        <PasswordField
          {...textField(form, idFor, "password")}
          label={t("accounts.reset.newPassword")}
          hint={t("accounts.passwordPolicy")}
          autoComplete="new-password"
        />
      </FormShell>
    </>
  );
}
