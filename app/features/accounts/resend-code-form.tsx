import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Notice } from "../../components/alert.tsx";
import { TextField } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useFormIds } from "./use-form-ids.ts";

/**
 * Sends the registration link again (to the address just given, or one typed in), then says so
 * (loaded lazily by the pending-registration page).
 */
export function ResendCodeForm({
  stateEmail,
}: {
  stateEmail: string | null;
}) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const [resentTo, setResentTo] = useState<string | null>(null);
  const form = useForm({
    schema: () => import("./form-schemas.ts").then((m) => m.emailForm),
    initial: { email: stateEmail ?? "" },
    onSubmit: async ({ email }) => {
      setResentTo(null);
      await browserApi().post("/coderequest", { email });
      setResentTo(email);
    },
  });
  return (
    <>
      <FormShell
        form={form}
        idFor={idFor}
        className="stack stack--md"
        submitLabel={t("accounts.pending.sendAgain")}
        submitVariant="secondary"
      >
        {stateEmail ? null : (
          <TextField
            {...textField(form, idFor, "email")}
            label={t("accounts.fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
          />
        )}
      </FormShell>
      <div role="status">
        {resentTo ? (
          <Notice tone="success">
            <p>{t("accounts.pending.resent", { email: resentTo })}</p>
          </Notice>
        ) : null}
      </div>
    </>
  );
}
