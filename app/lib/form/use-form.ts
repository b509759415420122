import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "../i18n-react.tsx";
import type { z } from "zod";
import { zodFieldErrors } from "../../../common/schemas/field-errors.ts";
import { ApiError, NetworkError } from "../api/client.ts";
import { errorInfo, errorMessage, type ErrorInfo } from "../api/error-message.ts";

type Values = Record<string, unknown>;

/**
 * The form model (§3 form state): fields, field rules (the shared zod schema), field errors,
 * field validity and a form error. Errors are codes, translated by `form.errors.<code>` (fields)
 * and `errors.codes.<code>` (the form; with roughly how long to wait when the server sent
 * Retry-After), shown next to their fields and summarised for screen readers. Values are never
 * cleared by an error.
 */
export interface FormModel<V extends Values> {
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  validity: Record<keyof V & string, boolean>;
  formError: string | null;
  submitting: boolean;
  /** How many times the form was submitted (the error summary takes focus after each failure). */
  submitCount: number;
  setValue<K extends keyof V & string>(name: K, value: V[K]): void;
  /** Props for a field component: value, change handler, translated error. */
  field<K extends keyof V & string>(
    name: K,
  ): { name: K; value: V[K]; error: string | undefined; onChange: (value: V[K]) => void };
  handleSubmit(event?: { preventDefault(): void }): Promise<void>;
  /** Translated messages of the current errors, for the summary. */
  messages: { field: string; message: string }[];
}

/**
 * A form's schema, or a function that loads it (a dynamic import): a loaded schema keeps zod out
 * of the page's first load; it is fetched on the first edit and awaited on submit.
 */
export type SchemaSource<S> = S | (() => Promise<S>);

export interface UseFormOptions<S extends z.ZodType<Values>> {
  schema: SchemaSource<S>;
  initial: z.input<S> & Values;
  onSubmit(values: z.output<S>): Promise<void>;
  /** Maps server field paths (`body.email`) to form fields; default strips `body.`. */
  serverField?: (path: string) => string | null;
}

export function useForm<S extends z.ZodType<Values>>(options: UseFormOptions<S>): FormModel<z.input<S> & Values> {
  type V = z.input<S> & Values;
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(options.initial);
  const [errorCodes, setErrorCodes] = useState<Record<string, string>>({});
  const [formErrorInfo, setFormErrorInfo] = useState<ErrorInfo | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  const submitted = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const schemaRef = useRef<S | null>(typeof options.schema === "function" ? null : options.schema);
  // A loader is called again on each submit (the module is cached): the schema may depend on props.
  const loadSchema = useCallback(async (): Promise<S> => {
    const source = optionsRef.current.schema;
    const schema = typeof source === "function" ? await source() : source;
    schemaRef.current = schema;
    return schema;
  }, []);

  const validate = useCallback((schema: S, next: V): Record<string, string> => {
    const result = schema.safeParse(next);
    return result.success ? {} : zodFieldErrors(result.error, next);
  }, []);

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((current) => {
        const next = { ...current, [name]: value };
        // After a first submit, errors follow the user's corrections as they type.
        const source = optionsRef.current.schema;
        const schema = typeof source === "function" ? schemaRef.current : source;
        if (submitted.current && schema) setErrorCodes(validate(schema, next));
        return next;
      });
      // The first edit starts loading a lazily loaded schema.
      if (!schemaRef.current) loadSchema().catch(() => undefined);
    },
    [validate, loadSchema],
  );

  const handleSubmit = useCallback(
    async (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitCount((n) => n + 1);
      setFormErrorInfo(null);
      let schema: S;
      try {
        schema = await loadSchema();
      } catch (error) {
        // The schema's chunk could not load (offline): said like any failed request.
        setFormErrorInfo(errorInfo(new NetworkError(error)));
        return;
      }
      const codes = validate(schema, values);
      setErrorCodes(codes);
      if (Object.keys(codes).length > 0) return;
      setSubmitting(true);
      try {
        await optionsRef.current.onSubmit(schema.parse(values));
      } catch (error) {
        if (error instanceof ApiError) {
          const mapped: Record<string, string> = {};
          const toField = optionsRef.current.serverField ?? ((p: string) => (p.startsWith("body.") ? p.slice(5) : null));
          for (const [path, code] of Object.entries(error.fields)) {
            const name = toField(path);
            if (name && name in values) mapped[name] = code;
          }
          setErrorCodes(mapped);
          // A wait (429) is said even when the answer also names a field.
          setFormErrorInfo(Object.keys(mapped).length > 0 && error.retryAfter === null ? null : errorInfo(error));
        } else {
          setFormErrorInfo(errorInfo(error));
        }
      } finally {
        setSubmitting(false);
      }
    },
    [validate, loadSchema, values],
  );

  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [name, code] of Object.entries(errorCodes)) out[name] = t(`form.errors.${code}`, { defaultValue: t("form.errors.invalid_value") });
    return out as Partial<Record<keyof V & string, string>>;
  }, [errorCodes, t]);

  const validity = useMemo(() => {
    const out: Record<string, boolean> = {};
    for (const name of Object.keys(values)) out[name] = !(name in errorCodes);
    return out as Record<keyof V & string, boolean>;
  }, [values, errorCodes]);

  return {
    values,
    errors,
    validity,
    formError: formErrorInfo ? errorMessage(t, formErrorInfo) : null,
    submitting,
    submitCount,
    setValue,
    field: (name) => ({
      name,
      value: values[name],
      error: errors[name],
      onChange: (value) => setValue(name, value),
    }),
    handleSubmit,
    messages: Object.entries(errors).map(([field, message]) => ({ field, message: String(message) })),
  };
}
