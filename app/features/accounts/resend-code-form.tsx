import { useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
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
      <form
        className="stack stack--md"
        noValidate
        onSubmit={(event) => void form.handleSubmit(event)}
      >
        <FormErrorSummary
          messages={form.messages}
          formError={form.formError}
          idFor={idFor}
          attempt={form.submitCount}
        />
        {stateEmail ? null : (
          <TextField
            id={idFor("email")}
            label={t("accounts.fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={form.values.email}
            error={form.errors.email}
            onChange={(event) => form.setValue("email", event.target.value)}
          />
        )}
        <div>
          <Button type="submit" variant="secondary" busy={form.submitting}>
            {t("accounts.pending.sendAgain")}
          </Button>
        </div>
      </form>
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
