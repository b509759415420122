import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { useEarlyInput } from "../lib/use-early-input.ts";
import { Icon } from "./icon.tsx";
import "./components.css";

/**
 * A required field says so in words inside its label, so callers pass the translated text
 * (e.g. "(obligatoriskt)" / "(required)"). The field gets aria-required, not the native `required`
 * attribute: validation messages come from the app (a plain error under the label plus a summary
 * the form announces), not from the browser's bubbles.
 */
type RequiredProps =
  | { required?: false | undefined; requiredText?: string }
  | { required: true; requiredText: string }
  | { required: boolean; requiredText: string };

type FieldOwnProps = {
  /** Always visible. */
  label: ReactNode;
  /** Helpful text under the label. */
  hint?: ReactNode;
  /** What went wrong and what to do next. Sets aria-invalid. */
  error?: ReactNode;
} & RequiredProps;

type OwnKeys =
  "id" | "required" | "aria-invalid" | "aria-describedby" | "aria-required" | "children";

function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

export function useFieldIds(
  id: string | undefined,
  hint: ReactNode,
  error: ReactNode,
  describedBy: string | undefined,
) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== "";
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  return {
    controlId,
    hintId: hasHint ? hintId : undefined,
    errorId: hasError ? errorId : undefined,
    describedBy: joinIds(hasHint && hintId, hasError && errorId, describedBy),
    hasError,
  };
}

function FieldLabel({
  htmlFor,
  label,
  required,
  requiredText,
}: {
  htmlFor: string;
  label: ReactNode;
  required: boolean;
  requiredText?: string;
}) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {required && requiredText ? <span className="field__required"> {requiredText}</span> : null}
    </label>
  );
}

function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId?: string;
  hint: ReactNode;
  errorId?: string;
  error: ReactNode;
}) {
  return (
    <>
      {hintId ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="field__error">
          <Icon name="alert" size={20} className="field__error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
    </>
  );
}

/** The label, hint and error around one control. */
export function FieldFrame({
  ids,
  label,
  hint,
  error,
  required,
  requiredText,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  required: boolean;
  requiredText?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={ids.hasError ? "field field--invalid" : "field"}>
      <FieldLabel htmlFor={ids.controlId} label={label} required={required} requiredText={requiredText} />
      <FieldMessages hintId={ids.hintId} hint={hint} errorId={ids.errorId} error={error} />
      {children}
    </div>
  );
}

export type TextFieldProps = Omit<ComponentPropsWithRef<"input">, OwnKeys | "type"> &
  FieldOwnProps & {
    id?: string;
    /** Text-like input types only; use Checkbox for checkboxes. */
    type?: "text" | "email" | "password" | "tel" | "url" | "search" | "number" | "date" | "time";
    "aria-describedby"?: string;
  };

/** A labelled text input with optional hint and error. */
export function TextField({
  label,
  hint,
  error,
  required = false,
  requiredText,
  id,
  type = "text",
  className,
  "aria-describedby": describedBy,
  ref,
  ...rest
}: TextFieldProps) {
  const ids = useFieldIds(id, hint, error, describedBy);
  const control = useEarlyInput(rest.value, ref);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} requiredText={requiredText}>
      <input
        {...rest}
        ref={control}
        id={ids.controlId}
        type={type}
        className={className ? `input ${className}` : "input"}
        aria-required={required || undefined}
        aria-invalid={ids.hasError || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}

export type TextAreaProps = Omit<ComponentPropsWithRef<"textarea">, OwnKeys> &
  FieldOwnProps & {
    id?: string;
    "aria-describedby"?: string;
  };

/** A labelled multi-line text input with optional hint and error. */
export function TextArea({
  label,
  hint,
  error,
  required = false,
  requiredText,
  id,
  rows = 5,
  className,
  "aria-describedby": describedBy,
  ref,
  ...rest
}: TextAreaProps) {
  const ids = useFieldIds(id, hint, error, describedBy);
  const control = useEarlyInput(rest.value, ref);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} requiredText={requiredText}>
      <textarea
        {...rest}
        ref={control}
        id={ids.controlId}
        rows={rows}
        className={className ? `input input--textarea ${className}` : "input input--textarea"}
        aria-required={required || undefined}
        aria-invalid={ids.hasError || undefined}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}

export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, OwnKeys | "type"> &
  FieldOwnProps & {
    id?: string;
    "aria-describedby"?: string;
  };

/** A large checkbox whose whole label row is clickable, with optional hint and error. */
export function Checkbox({
  label,
  hint,
  error,
  required = false,
  requiredText,
  id,
  className,
  "aria-describedby": describedBy,
  ref,
  ...rest
}: CheckboxProps) {
  const ids = useFieldIds(id, hint, error, describedBy);
  const control = useEarlyInput(rest.checked, ref);
  return (
    <div className={ids.hasError ? "checkbox checkbox--invalid" : "checkbox"}>
      <label className="checkbox__row" htmlFor={ids.controlId}>
        <input
          {...rest}
          ref={control}
          id={ids.controlId}
          type="checkbox"
          className={className ? `checkbox__input ${className}` : "checkbox__input"}
          aria-required={required || undefined}
          aria-invalid={ids.hasError || undefined}
          aria-describedby={ids.describedBy}
        />
        <span className="checkbox__label">
          {label}
          {required && requiredText ? (
            <span className="field__required"> {requiredText}</span>
          ) : null}
        </span>
      </label>
      {ids.hintId || ids.errorId ? (
        <div className="checkbox__messages">
          <FieldMessages hintId={ids.hintId} hint={hint} errorId={ids.errorId} error={error} />
        </div>
      ) : null}
    </div>
  );
}

export type RadioInputProps = Omit<ComponentPropsWithRef<"input">, "type">;

/** A bare radio button (its label is the caller's) that keeps a choice made before hydration. */
export function RadioInput({ ref, ...rest }: RadioInputProps) {
  const control = useEarlyInput(rest.checked, ref);
  return <input {...rest} ref={control} type="radio" />;
}

/** A bare select (inside a FieldFrame) that keeps a choice made before hydration. */
export function SelectInput({ ref, ...rest }: ComponentPropsWithRef<"select">) {
  const control = useEarlyInput(rest.value, ref);
  return <select {...rest} ref={control} />;
}
