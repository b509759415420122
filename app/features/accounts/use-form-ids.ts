import { useId } from "react";

/** Stable ids for a form's inputs, for labels and the error summary's links. */
export function useFormIds(): (field: string) => string {
  const prefix = useId();
  return (field: string) => `${prefix}-${field}`;
}
