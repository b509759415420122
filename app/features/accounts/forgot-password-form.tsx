import { useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n-react.tsx";
import { Notice } from "../../components/alert.tsx";
import { TextField } from "../../components/field.tsx";
import { browserApi } from "../../lib/api/browser-client.ts";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
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
  const idFor = useFormIds();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const form = useForm({
    schema: () => import("./form-schemas.ts").then((m) => m.emailForm),
    initial: { email: initialEmail },
    onSubmit: async ({ email }) => {
      await browserApi().post("/password/reset", { email });
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
        <FormShell form={form} idFor={idFor} submitLabel={t("accounts.forgot.submit")}>
          <TextField
            {...textField(form, idFor, "email")}
            label={t("accounts.fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...(autoFocus ? { "data-autofocus": true } : {})}
          />
        </FormShell>
      )}
    </div>
  );
}
