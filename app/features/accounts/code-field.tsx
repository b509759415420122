import type { ReactNode } from "react";
import { TextField, type TextFieldProps } from "../../components/field.tsx";
import { useTranslation } from "../../lib/i18n-react.tsx";

/**
 * The field for a code from the authenticator app (set-up, verification, confirming an action):
 * numeric keyboard, one-time-code autofill, no correction. Label and hint may be replaced (a
 * recovery code).
 */
export function CodeField({ label, hint, ...rest }: Omit<TextFieldProps, "label" | "required" | "requiredText"> & { label?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      className="input--code"
      {...rest}
      label={label ?? t("accounts.code.label")}
      hint={hint ?? t("accounts.code.hint")}
    />
  );
}
