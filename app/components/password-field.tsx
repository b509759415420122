import { useState, type ComponentPropsWithRef, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";
import { useEarlyInput } from "../lib/use-early-input.ts";
import { FieldFrame, useFieldIds } from "./field.tsx";
import "./components.css";

export type PasswordFieldProps = Omit<
  ComponentPropsWithRef<"input">,
  | "id"
  | "type"
  | "required"
  | "aria-invalid"
  | "aria-describedby"
  | "aria-required"
  | "children"
  | "autoComplete"
> & {
  id?: string;
  /** Always visible. */
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** `current-password` to log in or confirm, `new-password` when choosing one. */
  autoComplete: "current-password" | "new-password";
};

/**
 * A password input with a "show" toggle: typing and pasting are never blocked, and the password
 * can be checked before sending. The toggle's name says what it does ("Show password").
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  autoComplete,
  className,
  ref,
  ...rest
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const ids = useFieldIds(id, hint, error, undefined);
  const control = useEarlyInput(rest.value, ref);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={false}>
      <div className="password-input">
        <input
          {...rest}
          ref={control}
          id={ids.controlId}
          type={visible ? "text" : "password"}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={className ? `input ${className}` : "input"}
          aria-invalid={ids.hasError || undefined}
          aria-describedby={ids.describedBy}
        />
        <button
          type="button"
          className="button button--secondary button--md password-input__toggle"
          aria-controls={ids.controlId}
          aria-label={visible ? t("accounts.password.hideLabel") : t("accounts.password.showLabel")}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t("accounts.password.hide") : t("accounts.password.show")}
        </button>
      </div>
    </FieldFrame>
  );
}
