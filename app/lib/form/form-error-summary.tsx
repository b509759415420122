import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n-react.tsx";

/**
 * The errors of a submitted form, announced to screen readers (role="alert") and linked to their
 * fields; focus moves here after a failed submit so keyboard users find the problem.
 */
export function FormErrorSummary({
  messages,
  formError,
  idFor,
  attempt = 0,
  labels = {},
}: {
  messages: { field: string; message: string }[];
  formError: string | null;
  /** The id of a field's input, for the links. */
  idFor: (field: string) => string;
  /** The form's submit count: focus moves here again after each failed submit. */
  attempt?: number;
  /** Field labels: a summary line then names its field ("Password: …"), e.g. two like boxes. */
  labels?: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const count = messages.length + (formError ? 1 : 0);
  useEffect(() => {
    if (count > 0) ref.current?.focus();
  }, [count, formError, attempt]);
  if (count === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} role="alert" className="form-error-summary">
      {messages.length > 0 ? <p>{t("form.errorSummary", { count: messages.length })}</p> : null}
      {formError ? <p>{formError}</p> : null}
      {messages.length > 0 ? (
        <ul>
          {messages.map(({ field, message }) => (
            <li key={field}>
              <a href={`#${idFor(field)}`}>{labels[field] ? `${labels[field]}: ${message}` : message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
