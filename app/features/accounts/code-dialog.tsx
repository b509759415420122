import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { FormErrorSummary } from "../../lib/form/form-error-summary.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { totpCodeField } from "./form-schemas.ts";
import { useFormIds } from "./use-form-ids.ts";

export interface CodeDialogData {
  /** Defaults to "Confirm with your code". */
  title?: string;
  /** What the code confirms, in a sentence. */
  message?: string;
  submitLabel?: string;
  /** Sends the code; an error thrown here (auth.code_invalid, 429) is shown in the dialog. */
  submit(code: string): Promise<void>;
}

const codeForm = z.strictObject({ code: totpCodeField });

/**
 * Asks for a code from the authenticator app to confirm a sensitive action (new recovery codes,
 * turning 2FA off). The caller's `submit` does the call; the dialog closes when it succeeds.
 */
export function CodeDialog({ titleId, data, close }: DialogContentProps) {
  const { t } = useTranslation();
  const idFor = useFormIds();
  const options = data as CodeDialogData;
  const form = useForm({
    schema: codeForm,
    initial: { code: "" },
    onSubmit: async ({ code }) => {
      await options.submit(code);
      close();
    },
  });
  return (
    <div className="stack">
      <h2 id={titleId}>{options.title ?? t("accounts.codeDialog.title")}</h2>
      {options.message ? <p>{options.message}</p> : null}
      <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(event)}>
        <FormErrorSummary
          messages={form.messages}
          formError={form.formError}
          idFor={idFor}
          attempt={form.submitCount}
        />
        <TextField
          id={idFor("code")}
          label={t("accounts.code.label")}
          hint={t("accounts.code.hint")}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="input--code"
          data-autofocus
          value={form.values.code}
          error={form.errors.code}
          onChange={(event) => form.setValue("code", event.target.value)}
        />
        <div className="cluster">
          <Button type="submit" busy={form.submitting}>
            {options.submitLabel ?? t("accounts.codeDialog.submit")}
          </Button>
          <Button variant="secondary" onClick={close}>
            {t("dialog.cancel")}
          </Button>
        </div>
      </form>
    </div>
  );
}
