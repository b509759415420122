import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "../../components/alert.tsx";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { useScreen } from "../../lib/use-screen.ts";
import { emailForm } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

/**
 * Ask for a password reset link (ForgotPwdDialog and the reset screen without a token). The
 * answer is the same whether or not there is an account, and so is the confirmation.
 */
export function ForgotPasswordForm({
  initialEmail = "",
  autoFocus = false,
  after,
}: {
  initialEmail?: string;
  autoFocus?: boolean;
  /** Shown under the confirmation (e.g. "Back to log in"). */
  after?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useScreen();
  const idFor = useFormIds();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm({
    schema: emailForm,
    initial: { email: initialEmail },
    onSubmit: async ({ email }) => {
      await browserApi().post("/password/reset", { email, locale });
      setSentTo(email);
      // The form goes away: keep the keyboard user's place on the confirmation.
      requestAnimationFrame(() => confirmation.current?.focus());
    },
  });
  return (
    <div className="stack">
      <div role="status">
        {sentTo ? (
          <div ref={confirmation} tabIndex={-1} className="stack">
            <Notice tone="success" title={t("accounts.forgot.sentTitle")}>
              <p>{t("accounts.forgot.sent", { email: sentTo })}</p>
            </Notice>
          </div>
        ) : null}
      </div>
      {sentTo ? (
        after
      ) : (
        <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
          <FormErrorSummary
            messages={form.messages}
            formError={form.formError}
            idFor={idFor}
            attempt={form.submitCount}
          />
          <TextField
            id={idFor("email")}
            label={t("accounts.fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...(autoFocus ? { "data-autofocus": true } : {})}
            value={form.values.email}
            error={form.errors.email}
            onChange={(event) => form.setValue("email", event.target.value)}
          />
          <div>
            <Button type="submit" busy={form.submitting}>
              {t("accounts.forgot.submit")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
