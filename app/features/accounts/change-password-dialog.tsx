import { useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { z } from "zod";
import { passwordInputSchema } from "../../../common/schemas/accounts.ts";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { PasswordField } from "../../components/password-field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useRootData } from "../../lib/root-data.ts";
import { newPasswordField } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

/** Change the password: the current one first; other devices are logged out. */
export function ChangePasswordDialog({ titleId, close }: DialogContentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const email = root?.status.user_data?.email ?? null;
  const idFor = useFormIds();
  const [done, setDone] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm({
    schema: z.strictObject({
      current_password: passwordInputSchema,
      new_password: newPasswordField(email),
    }),
    initial: { current_password: "", new_password: "" },
    onSubmit: async (values) => {
      await browserApi().post("/password/change", values);
      setDone(true);
      requestAnimationFrame(() => confirmation.current?.focus());
    },
  });
  return (
    <div className="stack">
      <h2 id={titleId}>{t("accounts.changePassword.title")}</h2>
      <div role="status">
        {done ? (
          <div ref={confirmation} tabIndex={-1}>
            <Notice tone="success" title={t("accounts.changePassword.doneTitle")}>
              <p>{t("accounts.changePassword.done")}</p>
            </Notice>
          </div>
        ) : null}
      </div>
      {done ? (
        <div>
          <Button onClick={close}>{t("accounts.close")}</Button>
        </div>
      ) : (
        <FormShell
          form={form}
          idFor={idFor}
          labels={{
            current_password: t("accounts.changePassword.current"),
            new_password: t("accounts.changePassword.new"),
          }}
          submitLabel={t("accounts.changePassword.submit")}
          actions={
            <Button variant="secondary" onClick={close}>
              {t("dialog.cancel")}
            </Button>
          }
        >
          <PasswordField
            {...textField(form, idFor, "current_password")}
            label={t("accounts.changePassword.current")}
            autoComplete="current-password"
            data-autofocus
          />
          <PasswordField
            {...textField(form, idFor, "new_password")}
            label={t("accounts.changePassword.new")}
            hint={t("accounts.passwordPolicy")}
            autoComplete="new-password"
          />
        </FormShell>
      )}
    </div>
  );
}
