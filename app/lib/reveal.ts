/**
 * Moves focus to `element` and, only when it is not wholly in view, scrolls it to the middle of
 * the screen (a control already in view stays where the eye is).
 */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: "center" });
}
