import { useCallback, useEffect, useRef, type Ref } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a person typed or ticked before React owned the field. The server's HTML is usable
 * at once, but a controlled field's state starts from the server's value: on a slow phone (or a
 * form whose code loads lazily) the first re-render after hydration put the old value back, and the
 * typed text was gone (seen as "Fill in this field" after typing a password). After hydration the
 * DOM's value is handed to the field's own change handler, as if it had just been typed.
 *
 * `value` is the controlled value (a string) or, for a checkbox or radio, the controlled `checked`.
 * Returns a ref for the control, merged with the caller's own `ref`.
 */
export function useEarlyInput<T extends Control>(value: unknown, ref?: Ref<T>): (node: T | null) => void {
  const node = useRef<T | null>(null);
  const first = useRef(value);
  useEffect(() => {
    // Passive effects of the hydrating commit run before any later render, so the DOM still holds
    // what was typed here; on a client-side mount the DOM equals the state and nothing happens.
    if (node.current) recoverEarlyInput(node.current, first.current);
  }, []);
  return useCallback(
    (element: T | null) => {
      node.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
}

/** Tells React about a value the DOM holds and its state does not. */
export function recoverEarlyInput(element: Control, value: unknown): void {
  if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
    if (typeof value !== "boolean" || element.checked === value) return;
    // A radio is only ever recovered towards checked: the group's other radios were unchecked by
    // the browser when this one was chosen.
    if (element.type === "radio" && !element.checked) return;
    const chosen = element.checked;
    // React's value tracker learns the state's value; the click then changes it as a person's did.
    element.checked = !chosen;
    element.click();
    return;
  }
  if (typeof value !== "string" && typeof value !== "number") return;
  const expected = String(value);
  const typed = element.value;
  if (typed === expected) return;
  if (element instanceof HTMLSelectElement) {
    // React reads a select's change event as it is (no value tracker).
    element.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  const prototype = Object.getPrototypeOf(element) as object;
  const setNative = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (!setNative) return;
  // Through the element's own setter React's tracker learns the state's value; the prototype's
  // setter then puts the typed text back without telling it, so the input event is a change.
  element.value = expected;
  setNative.call(element, typed);
  element.dispatchEvent(new Event("input", { bubbles: true }));
}
