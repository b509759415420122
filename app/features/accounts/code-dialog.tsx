import { useTranslation } from "../../lib/i18n-react.tsx";
import { z } from "zod";
import { Button } from "../../components/button.tsx";
import type { DialogContentProps } from "../../lib/dialog.tsx";
import { FormShell, textField } from "../../lib/form/form-shell.tsx";
import { useForm } from "../../lib/form/use-form.ts";
import { CodeField } from "./code-field.tsx";
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
      <FormShell
        form={form}
        idFor={idFor}
        submitLabel={options.submitLabel ?? t("accounts.codeDialog.submit")}
        actions={
          <Button variant="secondary" onClick={close}>
            {t("dialog.cancel")}
          </Button>
        }
      >
        <CodeField {...textField(form, idFor, "code")} data-autofocus />
      </FormShell>
    </div>
  );
}
