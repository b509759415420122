import type { ChangeEvent, ComponentPropsWithRef, ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "../../components/button.tsx";
import { FormErrorSummary } from "./form-error-summary.tsx";
import type { FormModel } from "./use-form.ts";

type AnyForm = Pick<FormModel<Record<string, unknown>>, "messages" | "formError" | "submitCount" | "submitting" | "handleSubmit">;

/**
 * The scaffolding every form of the product shares: `noValidate` (the shared zod schema checks),
 * the error summary that takes focus after a failed submit, the fields, then the submit button
 * (busy while sending) and any other actions (cancel, "forgot password?"). A form whose own
 * buttons submit it (BankID's "this device" / "another device") leaves out `submitLabel`.
 */
export function FormShell({
  form,
  idFor,
  labels,
  submitLabel,
  submitVariant = "primary",
  submitSize,
  actions,
  beforeSubmit,
  className = "stack",
  children,
  ...rest
}: Omit<ComponentPropsWithRef<"form">, "onSubmit" | "noValidate"> & {
  form: AnyForm;
  idFor: (field: string) => string;
  /** Field labels for the summary lines. */
  labels?: Partial<Record<string, string>>;
  submitLabel?: ReactNode;
  submitVariant?: ButtonVariant;
  submitSize?: ButtonSize;
  /** Shown after the submit button (cancel, secondary actions). */
  actions?: ReactNode;
  /** Runs when the form is submitted, before validation (which of several ways it was sent). */
  beforeSubmit?: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      {...rest}
      className={className}
      noValidate
      onSubmit={(event) => {
        beforeSubmit?.();
        void form.handleSubmit(event);
      }}
    >
      <FormErrorSummary messages={form.messages} formError={form.formError} idFor={idFor} attempt={form.submitCount} labels={labels} />
      {children}
      {submitLabel !== undefined || actions ? (
        <div className="cluster">
          {submitLabel !== undefined ? (
            <Button type="submit" variant={submitVariant} size={submitSize} busy={form.submitting}>
              {submitLabel}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </form>
  );
}

/** The id, value, error and change handler of a text-like field bound to a string form value. */
export function textField<V extends Record<string, unknown>, K extends keyof V & string>(
  form: FormModel<V>,
  idFor: (field: string) => string,
  name: K,
) {
  return {
    id: idFor(name),
    value: String(form.values[name] ?? ""),
    error: form.errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setValue(name, event.target.value as V[K]),
  };
}
